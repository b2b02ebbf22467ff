import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normalizePhoneInput } from '../../../domain/phone.ts';
import { type ProfileValues, profileSchema } from '../../../domain/validation.ts';
import { type PhoneChange, type ProfileUser, removeAvatar, updateProfile, uploadAvatar } from '../../api/account.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { OutcomeDialog } from '../../ui/form/FormDialogs.tsx';
import { EmailAndPhoneFields, NameFields } from '../../ui/form/IdentityFields.tsx';
import { showFieldErrors } from '../../ui/form/server-field-errors.ts';
import { SubmitButton } from '../../ui/form/SubmitButton.tsx';
import { PhoneCodePanel } from './PhoneCodePanel.tsx';

/** The server's limit (server/services/pictures/picture.service.ts); checked here too, before 5 MB go up a phone line. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

function valuesOf(user: ProfileUser): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: normalizePhoneInput(user.phone),
  };
}

type Outcome = { ok: boolean; title: string; text: string } | null;

/**
 * The profile (names, e-mail, phone) as a form, and the picture with upload and removal. A new
 * mobile number is the account's only with the code sent to it (PhoneCodePanel).
 */
export function ProfileSection({ user, onChange }: { user: ProfileUser; onChange: (user: ProfileUser) => void }) {
  const { t } = useTranslation('account');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pictureBusy, setPictureBusy] = useState(false);
  const [phoneChange, setPhoneChange] = useState<PhoneChange | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await updateProfile(values);
      onChange(answer.data.user);
      reset(valuesOf(answer.data.user));
      // A new number waits for its code: the panel below asks for it (the rest is saved).
      setPhoneChange(answer.data.phoneChange ?? null);
      // The page's own words: the server's message is English.
      if (!answer.data.phoneChange) setOutcome({ ok: true, title: t('profile.savedTitle'), text: t('profile.saved') });
    } catch (error) {
      showFieldErrors(fieldErrorsOf(error), values, setError);
      setOutcome({
        ok: false,
        title: t('profile.failedTitle'),
        text: errorMessageOf(error, t('profile.failedFallback')),
      });
    }
  });

  const pictureCall = async (call: () => Promise<{ data: ProfileUser; message: string }>, done: string) => {
    setPictureBusy(true);
    try {
      const answer = await call();
      onChange(answer.data);
      setOutcome({ ok: true, title: t('picture.savedTitle'), text: done });
    } catch (error) {
      setOutcome({
        ok: false,
        title: t('picture.failedTitle'),
        text: errorMessageOf(error, t('profile.failedFallback')),
      });
    } finally {
      setPictureBusy(false);
    }
  };

  const onPicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      setOutcome({ ok: false, title: t('picture.failedTitle'), text: t('picture.wrongType') });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setOutcome({ ok: false, title: t('picture.failedTitle'), text: t('picture.tooLarge') });
      return;
    }
    void pictureCall(() => uploadAvatar(file), t('picture.saved'));
  };

  const initials = `${user.firstName.slice(0, 1)}${user.lastName.slice(0, 1)}`.toUpperCase();

  return (
    <section className="account__card" aria-labelledby="account-profile">
      <h2 id="account-profile">{t('profile.title')}</h2>
      <div className="account__picture">
        {user.avatarUrl ? (
          <img className="account__avatar" src={user.avatarUrl} alt={t('picture.alt')} width={96} height={96} />
        ) : (
          <span className="account__avatar account__avatar--empty" aria-hidden="true">
            {initials}
          </span>
        )}
        <div className="account__picture-actions">
          <input
            ref={fileInput}
            id="account-picture"
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="visually-hidden"
            onChange={onPicture}
            disabled={pictureBusy}
          />
          <label
            htmlFor="account-picture"
            className={`button button--small button--ghost${pictureBusy ? ' is-busy' : ''}`}
            aria-disabled={pictureBusy}
          >
            {pictureBusy ? t('picture.busy') : user.avatarUrl ? t('picture.change') : t('picture.upload')}
          </label>
          {user.avatarUrl && (
            <button
              type="button"
              className="button button--small auth__link-button"
              disabled={pictureBusy}
              onClick={() => void pictureCall(removeAvatar, t('picture.removed'))}
            >
              {t('picture.remove')}
            </button>
          )}
          <span className="muted">{t('picture.hint')}</span>
        </div>
      </div>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <NameFields
          labels={{ first: t('profile.firstName'), last: t('profile.lastName') }}
          first={register('firstName')}
          last={register('lastName')}
          errors={{ first: errors.firstName?.message, last: errors.lastName?.message }}
        />
        <EmailAndPhoneFields
          labels={{ email: t('profile.email'), phone: t('profile.phone'), phoneHint: t('profile.phoneHint') }}
          email={register('email')}
          phone={register('phone')}
          errors={{ email: errors.email?.message, phone: errors.phone?.message }}
        />
        <div>
          <SubmitButton
            busy={isSubmitting}
            disabled={isSubmitting || !isDirty}
            label={t('profile.save')}
            busyLabel={t('profile.busy')}
          />
        </div>
      </form>
      {phoneChange && (
        <PhoneCodePanel
          change={phoneChange}
          current={user.phone}
          onVerified={(updated) => {
            setPhoneChange(null);
            onChange(updated);
            reset(valuesOf(updated));
            setOutcome({ ok: true, title: t('profile.savedTitle'), text: t('profile.phoneChanged') });
          }}
          onCancel={() => setPhoneChange(null)}
        />
      )}
      <OutcomeDialog outcome={outcome} title={outcome?.title ?? ''} onClose={() => setOutcome(null)} />
    </section>
  );
}
