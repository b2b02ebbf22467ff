import { zodResolver } from '@hookform/resolvers/zod';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type SocialSignupValues, socialSignupSchema } from '../../../domain/validation.ts';
import { socialSignupMachineFor } from '../../actors/social-signup.actors.ts';
import { fetchSocialPending } from '../../api/auth.ts';
import { useLoad } from '../../shared/use-load.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { paths } from '../../shared/paths.ts';
import { recordCodeSent } from './code-challenge.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { showFieldErrors } from '../../ui/form/server-field-errors.ts';
import { AGREEMENT_NAMES, Agreements } from './Agreements.tsx';
import { fieldsOf } from '../../ui/form/field-props.ts';
import { SignupIdentityFields } from './SignupIdentityFields.tsx';
import { AuthShell } from './AuthShell.tsx';
import { emptySocialSignup, loadSocialDraft, saveSocialDraft } from '../../shared/social-draft.ts';
import { pressKeepsFocus } from '../../ui/form/SubmitButton.tsx';

/** The fields Google's answer can fill (it never gives a phone number). */
const prefillFields = ['first_name', 'last_name', 'email'] as const;

/** /socialsignup: a Google user we do not know yet completes the spec's social sign-up form. */
const IDENTITY_NAMES = {
  first: 'first_name',
  last: 'last_name',
  email: 'email',
  phone: 'phone',
} as const;

export default function SocialSignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [draft] = useState(loadSocialDraft);
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm<SocialSignupValues>({
    resolver: zodResolver(socialSignupSchema),
    defaultValues: draft,
    mode: 'onTouched',
  });

  const actor = useActorRef(
    // The code proves the number (/otp); a right one lands on /, as the spec sends a social
    // sign-up, with the greeting.
    socialSignupMachineFor({
      goToCode: (otpToken) => {
        recordCodeSent({ purpose: 'signup', otpToken, returnTo: paths.home, social: true });
        void navigate(paths.otp, { replace: true });
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.matches('submitting'));
  const succeeded = useSelector(actor, (s) => s.matches('succeeded') || s.matches('done'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const message = useSelector(actor, (s) => s.context.message);
  const failure = useSelector(actor, (s) => s.context.error);

  // Every edit goes to the draft at once, so a reload or a later visit finds it.
  const values = useWatch({ control });
  const serialized = JSON.stringify(values);
  useEffect(() => {
    if (actor.getSnapshot().status === 'done') return;
    saveSocialDraft({ ...emptySocialSignup, ...(JSON.parse(serialized) as Partial<SocialSignupValues>) });
  }, [serialized, actor]);

  // What Google told the server fills the fields still empty; nothing typed or restored is
  // overwritten. Nothing pending, or a failed call: the user types it all and the submit says
  // what is wrong.
  const { state: pending } = useLoad(() => fetchSocialPending(), '');
  const prefill = pending.status === 'ready' ? pending.value : null;
  useEffect(() => {
    if (!prefill) return;
    for (const name of prefillFields) {
      const value = prefill[name];
      if (!value || getValues(name) !== '') continue;
      setValue(name, value, { shouldDirty: true });
    }
  }, [prefill, getValues, setValue]);

  // A refusal that names fields (a phone already registered, an e-mail that is not the Google
  // one) is also shown by those fields, where the user will correct it.
  useEffect(() => {
    if (!failed) return;
    showFieldErrors(fieldErrorsOf(failure), emptySocialSignup, setError);
  }, [failed, failure, setError]);

  const onSubmit = handleSubmit((submitted) => {
    actor.send({ type: 'signup.submit', values: submitted });
  });

  return (
    <AuthShell title={t('social.title')} intro={t('social.intro')}>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <SignupIdentityFields fields={fieldsOf({ register, errors }, IDENTITY_NAMES)} />
        <Agreements fields={fieldsOf({ register, errors }, AGREEMENT_NAMES)} />
        <button
          type="submit"
          {...pressKeepsFocus}
          className="button button--primary auth__submit"
          disabled={busy || succeeded}
          aria-busy={busy}
        >
          {busy ? t('social.busy') : t('social.submit')}
        </button>
      </form>
      <MessageDialog
        open={succeeded}
        title={t('social.successTitle')}
        actionLabel={t('ok', { ns: 'common' })}
        onClose={() => actor.send({ type: 'success.continue' })}
      >
        <p>{message}</p>
      </MessageDialog>
      <MessageDialog
        open={failed}
        tone="error"
        title={t('social.failedTitle')}
        actionLabel={t('ok', { ns: 'common' })}
        onClose={() => actor.send({ type: 'failure.dismiss' })}
      >
        <p>{errorMessageOf(failure, t('social.failedFallback'))}</p>
      </MessageDialog>
    </AuthShell>
  );
}
