import { zodResolver } from '@hookform/resolvers/zod';
import { useActorRef, useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../domain/brand.ts';
import { INDIA_CALLING_CODE } from '../../../domain/phone.ts';
import {
  type LoginCodeRequestValues,
  loginCodeRequestSchema,
  type OtpValues,
  otpSchema,
} from '../../../domain/validation.ts';
import { OTP_RESEND_COOLDOWN_S } from '../../../machines/otp-resend.machine.ts';
import { loginCodeMachineFor } from '../../actors/login-code.actors.ts';
import { toResendFailure } from '../../actors/otp-resend.actors.ts';
import { errorDetailsOf } from '../../../domain/api-error-details.ts';
import { apiErrorOf, fieldErrorsOf } from '../../api/http.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { PhoneField } from '../../ui/Field.tsx';
import { CodeField } from '../../ui/form/CodeField.tsx';
import { AuthSubmit } from '../../ui/form/SubmitButton.tsx';
import { ResendCode } from './ResendCode.tsx';

/** '9876543210' -> '+91 98765 43210', as the number is read aloud and printed on SIM cards. */
export function displayPhone(phone10: string): string {
  return `${INDIA_CALLING_CODE} ${phone10.slice(0, 5)} ${phone10.slice(5)}`;
}

interface Failure {
  /** The field the failure belongs under; none: a dialog. */
  field: 'phone' | 'code' | null;
  text: string;
}

/**
 * A failed send or check in the page's language: the server's codes are stable, its English
 * words are not what a Hindi reader should see. Anything unknown falls back to the server's words.
 */
export function describeFailure(error: unknown, t: TFunction<'auth'>): Failure {
  const failure = apiErrorOf(error);
  if (failure.code === 'NETWORK') return { field: null, text: t('loginCode.errors.offline') };
  if (failure.status === null) return { field: null, text: t('loginCode.errors.unexpected') };
  const { message } = failure;
  switch (failure.code) {
    case 'OTP_INCORRECT': {
      const left = errorDetailsOf('OTP_INCORRECT', failure.details)?.triesLeft;
      return { field: 'code', text: left === undefined ? message : t('loginCode.errors.incorrect', { count: left }) };
    }
    case 'OTP_EXPIRED':
      return { field: 'code', text: t('loginCode.errors.expired') };
    case 'OTP_LOCKED':
      return { field: 'code', text: t('loginCode.errors.locked') };
    case 'OTP_COOLDOWN': {
      const seconds = errorDetailsOf('OTP_COOLDOWN', failure.details)?.retryAfterSeconds;
      return { field: null, text: seconds === undefined ? message : t('loginCode.errors.cooldown', { seconds }) };
    }
    case 'RATE_LIMITED': {
      const seconds = errorDetailsOf('RATE_LIMITED', failure.details)?.retryAfterSeconds;
      return { field: null, text: seconds === undefined ? message : t('loginCode.errors.rateLimited', { seconds }) };
    }
    case 'ACCOUNT_SUSPENDED':
      return { field: null, text: t('loginCode.errors.suspended', { email: BRAND.supportEmail }) };
    case 'ACCOUNT_DELETED':
      return { field: null, text: t('loginCode.errors.deleted', { email: BRAND.supportEmail }) };
    default: {
      const fields = fieldErrorsOf(error);
      if (fields.phone) return { field: 'phone', text: fields.phone };
      if (fields.code) return { field: 'code', text: fields.code };
      return { field: null, text: message || t('loginCode.errors.unexpected') };
    }
  }
}

/**
 * The second way to log in: the mobile number, a 6-digit code by SMS, the code. The steps run in
 * loginCodeMachine, the resend countdown in otpResendMachine (as on the sign-up code screen).
 */
export function LoginCodeForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation('auth');
  // Where the page sends a login (the return-to path); the machine is made once, with the first.
  const flow = useActorRef(loginCodeMachineFor({ onLoggedIn }));
  const step = useSelector(flow, (s) =>
    s.matches('enteringCode') || s.matches('verifying') || s.matches('loggedIn') ? 'code' : 'phone',
  );
  const sending = useSelector(flow, (s) => s.matches('sending'));
  const verifying = useSelector(flow, (s) => s.matches('verifying') || s.matches('loggedIn'));
  const phone = useSelector(flow, (s) => s.context.phone);
  const otpToken = useSelector(flow, (s) => s.context.otpToken);
  const error = useSelector(flow, (s) => s.context.error);
  const failure = useMemo(() => (error === null ? null : describeFailure(error, t)), [error, t]);

  return (
    <>
      {step === 'phone' ? (
        <PhoneStep
          phone={phone}
          busy={sending}
          failure={failure}
          onSend={(value) => flow.send({ type: 'code.send', phone: value })}
        />
      ) : (
        <CodeStep
          key={otpToken ?? ''}
          phone={phone}
          otpToken={otpToken ?? ''}
          busy={verifying}
          failure={failure}
          onVerify={(code) => flow.send({ type: 'code.verify', code })}
          onChangeNumber={() => flow.send({ type: 'phone.change' })}
        />
      )}
      <MessageDialog
        open={failure !== null && failure.field === null}
        tone="error"
        title={step === 'phone' ? t('loginCode.sendFailedTitle') : t('login.failedTitle')}
        actionLabel={t('ok', { ns: 'common' })}
        onClose={() => flow.send({ type: 'error.dismiss' })}
      >
        <p>{failure?.text}</p>
      </MessageDialog>
    </>
  );
}

function PhoneStep({
  phone,
  busy,
  failure,
  onSend,
}: {
  phone: string;
  busy: boolean;
  failure: Failure | null;
  onSend: (phone: string) => void;
}) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<LoginCodeRequestValues>({
    resolver: zodResolver(loginCodeRequestSchema),
    defaultValues: { phone },
    mode: 'onTouched',
  });

  useEffect(() => {
    if (failure?.field === 'phone') setError('phone', { message: failure.text });
  }, [failure, setError]);
  // Back from the code step ('Change number'): straight to the number.
  const returning = useRef(phone !== '');
  useEffect(() => {
    if (returning.current) setFocus('phone');
  }, [setFocus]);

  const onSubmit = handleSubmit(({ phone: value }) => onSend(value));
  return (
    <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="auth__step-intro">{t('loginCode.intro')}</p>
      <PhoneField
        label={t('fields.phone')}
        hint={t('fields.phoneHint')}
        error={errors.phone?.message}
        registration={register('phone')}
      />
      <AuthSubmit busy={busy} label={t('loginCode.send')} busyLabel={t('loginCode.sending')} />
    </form>
  );
}

function CodeStep({
  phone,
  otpToken,
  busy,
  failure,
  onVerify,
  onChangeNumber,
}: {
  phone: string;
  otpToken: string;
  busy: boolean;
  failure: Failure | null;
  onVerify: (code: string) => void;
  onChangeNumber: () => void;
}) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<OtpValues>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' }, mode: 'onSubmit' });

  useEffect(() => {
    if (failure?.field === 'code') {
      setError('otp', { message: failure.text });
      setFocus('otp', { shouldSelect: true });
    }
  }, [failure, setError, setFocus]);
  useEffect(() => setFocus('otp'), [setFocus]);

  const onSubmit = handleSubmit(({ otp }) => onVerify(otp));
  return (
    <>
      <div className="auth__sent">
        <p role="status">{t('loginCode.sentTo', { phone: displayPhone(phone) })}</p>
        <button type="button" className="auth__text-button" onClick={onChangeNumber} disabled={busy}>
          {t('loginCode.changeNumber')}
        </button>
      </div>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <CodeField label={t('fields.otp')} error={errors.otp?.message} registration={register('otp')} />
        <AuthSubmit busy={busy} label={t('login.submit')} busyLabel={t('login.busy')} />
      </form>
      <ResendCode
        otpToken={otpToken}
        // The code went out just now: the server takes the next one in a minute.
        secondsLeft={OTP_RESEND_COOLDOWN_S}
        failureOf={(error) => ({
          ...toResendFailure(error, t('loginCode.errors.unexpected')),
          message: describeFailure(error, t).text,
        })}
      />
    </>
  );
}
