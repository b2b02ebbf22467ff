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
import { TextAreaField, TextField } from '../../ui/Field.tsx';
import { OutcomeDialog } from '../../ui/form/FormDialogs.tsx';
import { EmailAndPhoneFields } from '../../ui/form/IdentityFields.tsx';
import { showFieldErrors } from '../../ui/form/server-field-errors.ts';
import { SubmitButton } from '../../ui/form/SubmitButton.tsx';

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
      showFieldErrors(fields, empty, setError);
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
        <EmailAndPhoneFields
          labels={{ email: t('email'), phone: t('phone'), phoneHint: t('phoneHint') }}
          email={register('email')}
          phone={register('phone')}
          errors={{ email: errors.email?.message, phone: errors.phone?.message }}
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
          <SubmitButton busy={isSubmitting} label={t('send')} busyLabel={t('sending')} />
        </div>
      </form>
      <p className="muted">{t('direct')}</p>
      <OutcomeDialog
        outcome={outcome}
        title={outcome?.ok ? t('sentTitle') : t('failedTitle')}
        onClose={() => setOutcome(null)}
      />
    </section>
  );
}
