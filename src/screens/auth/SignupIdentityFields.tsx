import { useTranslation } from 'react-i18next';
import type { RegisteredField } from '../../ui/form/field-props.ts';
import { EmailAndPhoneFields, NameFields } from '../../ui/form/IdentityFields.tsx';

/** Who signs up with Google: the names, the e-mail and the mobile number, as the social sign-up form asks for them. */
export function SignupIdentityFields({
  fields: { first, last, email, phone },
}: {
  /** fieldsOf the form, by the form's own names (the social sign-up form's API names). */
  fields: Record<'first' | 'last' | 'email' | 'phone', RegisteredField>;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <NameFields
        labels={{ first: t('fields.firstName'), last: t('fields.lastName') }}
        first={first.registration}
        last={last.registration}
        errors={{ first: first.error, last: last.error }}
      />
      <EmailAndPhoneFields
        labels={{ email: t('fields.email'), phone: t('fields.phone'), phoneHint: t('fields.phoneHint') }}
        email={email.registration}
        phone={phone.registration}
        errors={{ email: email.error, phone: phone.error }}
      />
    </>
  );
}
