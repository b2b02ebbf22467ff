import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../domain/brand.ts';
import {
  type ContactValues,
  contactSchema,
  MESSAGE_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
} from '../../../domain/validation.ts';
import { sendContactMessage } from '../../api/contact.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { capitalFirstLetter } from '../../ui/capital-first-letter.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { PhoneField, TextAreaField, TextField } from '../../ui/Field.tsx';

/** The message's hint counts down the characters left from here to the limit. */
const CHARACTERS_LEFT_FROM = 50;

const empty: ContactValues = { subject: '', phone: '', email: '', message: '' };

export default function ContactPage() {
  const { t } = useTranslation('contact');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: empty, mode: 'onTouched' });

  useEffect(() => {
    document.title = `${t('title')} | ${BRAND.name}`;
  }, [t]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendContactMessage(values);
      reset(empty);
      setOutcome({ ok: true, text: t('sentText') });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      for (const [name, message] of Object.entries(fields)) {
        if (name in empty) setError(name as keyof ContactValues, { message });
      }
      // Nothing typed is lost: the form keeps its values for another try.
      setOutcome({
        ok: false,
        text: Object.keys(fields).length ? errorMessageOf(error, t('failedText')) : t('failedText'),
      });
    }
  });

  const subjectLength = useWatch({ control, name: 'subject' }).length;
  const messageLeft = MESSAGE_MAX_LENGTH - useWatch({ control, name: 'message' }).length;

  return (
    <section className="container page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('subject')}
          maxLength={SUBJECT_MAX_LENGTH}
          autoComplete="off"
          hint={t('counter', { count: subjectLength, max: SUBJECT_MAX_LENGTH })}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <TextField
          label={t('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PhoneField
          label={t('phone')}
          hint={t('phoneHint')}
          error={errors.phone?.message}
          registration={register('phone')}
        />
        <TextAreaField
          label={t('message')}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={6}
          autoCapitalize="sentences"
          hint={
            <>
              {t('messageHint')} {/* Said once the end is near, not at every key before that. */}
              <span aria-live="polite">
                {messageLeft <= CHARACTERS_LEFT_FROM ? t('charactersLeft', { count: messageLeft }) : ''}
              </span>
            </>
          }
          error={errors.message?.message}
          {...capitalFirstLetter(register('message'))}
        />
        <div>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? t('sending') : t('send')}
          </button>
        </div>
      </form>
      <p className="muted">{t('direct')}</p>
      <MessageDialog
        open={outcome !== null}
        tone={outcome?.ok ? 'info' : 'error'}
        title={outcome?.ok ? t('sentTitle') : t('failedTitle')}
        actionLabel={t('ok', { ns: 'common' })}
        onClose={() => setOutcome(null)}
      >
        <p>{outcome?.text}</p>
      </MessageDialog>
    </section>
  );
}
