import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailAndPhoneFields, NameFields } from '../../ui/form/IdentityFields.tsx';

/** Who signs up: the names, the e-mail and the mobile number, as both sign-up forms ask for them. */
export function SignupIdentityFields({
  first,
  last,
  email,
  phone,
  errors,
  capitalised,
}: {
  first: UseFormRegisterReturn;
  last: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  errors: { first?: string; last?: string; email?: string; phone?: string };
  capitalised?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <NameFields
        labels={{ first: t('fields.firstName'), last: t('fields.lastName') }}
        first={first}
        last={last}
        errors={{ first: errors.first, last: errors.last }}
        capitalised={capitalised}
      />
      <EmailAndPhoneFields
        labels={{ email: t('fields.email'), phone: t('fields.phone'), phoneHint: t('fields.phoneHint') }}
        email={email}
        phone={phone}
        errors={{ email: errors.email, phone: errors.phone }}
      />
    </>
  );
}
