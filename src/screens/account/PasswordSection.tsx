import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ChangePasswordValues, changePasswordSchema } from '../../../domain/validation.ts';
import { changePassword, requestPasswordCode } from '../../api/account.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { paths } from '../../shared/paths.ts';
import { FailureDialog, OutcomeDialog } from '../../ui/form/FormDialogs.tsx';
import { CurrentPasswordField, NewPasswordFields } from '../../ui/form/PasswordFields.tsx';
import { showFieldErrors } from '../../ui/form/server-field-errors.ts';
import { SubmitButton } from '../../ui/form/SubmitButton.tsx';
import { recordCodeSent } from '../auth/code-challenge.ts';

const emptyPassword: ChangePasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * The password part of My account. An account without one (the code-first sign-up, issue 25)
 * sets it with a code by SMS to its own number (/otps, then /createpassword, where the rules
 * apply); an account with one changes it with the current one, or sets a new one by code.
 */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('account');
  return (
    <section className="account__card" aria-labelledby="account-password">
      <h2 id="account-password">{hasPassword ? t('password.title') : t('password.setTitle')}</h2>
      {hasPassword ? (
        <>
          <ChangePasswordForm />
          <SetByCode label={t('password.byCode')} text={t('password.byCodeText')} />
        </>
      ) : (
        <SetByCode label={t('password.set')} text={t('password.setText')} primary />
      )}
    </section>
  );
}

/** A code to the account's number, then /otps and /createpassword, and back here. */
function SetByCode({ label, text, primary = false }: { label: string; text: string; primary?: boolean }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    try {
      const answer = await requestPasswordCode();
      recordCodeSent({ purpose: 'reset', otpToken: answer.data.otpToken, account: true });
      void navigate(paths.otps);
    } catch (error) {
      setBusy(false);
      setFailure(errorMessageOf(error, t('password.failedFallback')));
    }
  };
  return (
    <div className="account__set-password">
      <p className={primary ? undefined : 'muted'}>{text}</p>
      <button
        type="button"
        className={primary ? 'button button--primary' : 'button button--ghost button--small account__link-button'}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void send()}
      >
        {busy ? t('password.sending') : label}
      </button>
      <FailureDialog failure={failure} title={t('password.codeFailedTitle')} onClose={() => setFailure(null)} />
    </div>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: emptyPassword,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword(values);
      reset(emptyPassword);
      setOutcome({ ok: true, text: t('password.done') });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      showFieldErrors(fields, emptyPassword, setError);
      // A wrong current password is said by the field; anything else in the dialog.
      if (!fields.currentPassword) setOutcome({ ok: false, text: errorMessageOf(error, t('password.failedFallback')) });
    }
  });

  return (
    <>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <CurrentPasswordField
          label={t('password.current')}
          error={errors.currentPassword?.message}
          registration={register('currentPassword')}
        />
        <NewPasswordFields
          labels={{ password: t('password.new'), hint: t('password.hint'), confirm: t('password.confirm') }}
          password={register('password')}
          confirm={register('confirmPassword')}
          errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
        />
        <div>
          <SubmitButton busy={isSubmitting} label={t('password.submit')} busyLabel={t('password.busy')} />
        </div>
      </form>
      <OutcomeDialog
        outcome={outcome}
        title={outcome?.ok ? t('password.doneTitle') : t('password.failedTitle')}
        onClose={() => setOutcome(null)}
      />
    </>
  );
}
