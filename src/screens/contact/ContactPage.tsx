import { lazy, Suspense, useEffect, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../domain/brand.ts';
import { MESSAGE_MAX_LENGTH, SUBJECT_MAX_LENGTH } from '../../../domain/form-rules.ts';
import type { ContactValues } from '../../../domain/validation.ts';
import { capitalFirstLetter } from '../../ui/capital-first-letter.ts';
import { TextAreaField, TextField } from '../../ui/Field.tsx';
import { EmailAndPhoneFields } from '../../ui/form/IdentityFields.tsx';
import { showFieldErrors } from '../../ui/form/server-field-errors.ts';
import { SubmitButton } from '../../ui/form/SubmitButton.tsx';
import { useHydrated } from '../../ui/use-hydrated.ts';

// The page's first paint is the form alone (issue 29): zod and the resolver, the API client and
// the dialog library come when the form is first used (focus, a check or the submit), not before.
let checks: Promise<Resolver<ContactValues>> | undefined;
const loadChecks = () => (checks ??= import('./contact-resolver.ts').then((m) => m.contactResolver));
const loadSubmit = () => import('./contact-submit.ts');
const lazyResolver: Resolver<ContactValues> = async (values, context, options) =>
  (await loadChecks())(values, context, options);
const loadDialogs = () => import('../../ui/form/FormDialogs.tsx');
const OutcomeDialog = lazy(() => loadDialogs().then((m) => ({ default: m.OutcomeDialog })));
/** Loads what the form needs once it is first touched: by the time of a check or a send it is here. */
function preloadForm() {
  void loadChecks().catch(() => undefined);
  void loadSubmit().catch(() => undefined);
  void loadDialogs().catch(() => undefined);
}

/** The message's hint counts down the characters left from here to the limit. */
const CHARACTERS_LEFT_FROM = 50;

const empty: ContactValues = { subject: '', phone: '', email: '', message: '' };

/**
 * The page is pre-rendered (domain/site-paths.ts): a visitor on a slow phone may type into the
 * build's form before the app takes it over. What is in its fields then is the form's first
 * values, so nothing typed is lost, whether React hydrates the form or renders it anew.
 */
function typedBeforeStart(): ContactValues {
  if (typeof document === 'undefined') return empty; // the build's render
  const form = document.querySelector('form[data-form="contact"]');
  if (!(form instanceof HTMLFormElement)) return empty;
  const value = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
  };
  return Object.fromEntries(Object.keys(empty).map((name) => [name, value(name)])) as ContactValues;
}

export default function ContactPage() {
  const { t } = useTranslation('contact');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [typed] = useState(typedBeforeStart);
  // Until the app has taken the build's form over, Send is disabled: the browser would otherwise
  // send the form itself (and an Enter in a field would too, while its default button is enabled).
  const started = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ resolver: lazyResolver, defaultValues: typed, mode: 'onTouched' });

  useEffect(() => {
    document.title = `${t('title')} | ${BRAND.name}`;
  }, [t]);

  const onSubmit = handleSubmit(async (values) => {
    let outcome;
    try {
      outcome = await (await loadSubmit()).submitContact(values, t('failedText'));
    } catch {
      // The page could not load its sending code (a dropped connection): nothing was sent.
      outcome = { ok: false, fields: {}, text: t('failedText') } as const;
    }
    if (outcome.ok) {
      reset(empty);
      setOutcome({ ok: true, text: t('sentText') });
      return;
    }
    showFieldErrors(outcome.fields, empty, setError);
    // Nothing typed is lost: the form keeps its values for another try.
    setOutcome({ ok: false, text: outcome.text });
  });

  // The counters say what the build's HTML says (nothing typed) until the app has taken the form
  // over, so hydration finds the same text; then they count what is in the fields.
  const subject = useWatch({ control, name: 'subject' });
  const message = useWatch({ control, name: 'message' });
  const subjectLength = started ? subject.length : 0;
  const messageLeft = MESSAGE_MAX_LENGTH - (started ? message.length : 0);

  return (
    <section className="container page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <form
        className="form"
        data-form="contact"
        noValidate
        onFocus={preloadForm}
        onSubmit={(event) => void onSubmit(event)}
      >
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
          <SubmitButton
            busy={isSubmitting}
            disabled={!started || isSubmitting}
            label={t('send')}
            busyLabel={t('sending')}
          />
        </div>
      </form>
      <p className="muted">{t('direct')}</p>
      {outcome && (
        <Suspense fallback={null}>
          <OutcomeDialog
            outcome={outcome}
            title={outcome.ok ? t('sentTitle') : t('failedTitle')}
            onClose={() => setOutcome(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
