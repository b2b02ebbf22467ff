import { useTranslation } from 'react-i18next';
import type { RegisteredField } from '../../ui/form/field-props.ts';
import { EmailAndPhoneFields, NameFields } from '../../ui/form/IdentityFields.tsx';

/** Who signs up: the names, the e-mail and the mobile number, as both sign-up forms ask for them. */
export function SignupIdentityFields({
  fields: { first, last, email, phone },
  capitalised,
}: {
  /** fieldsOf the form, by the form's own names (the sign-up form's camelCase, the social one's API names). */
  fields: Record<'first' | 'last' | 'email' | 'phone', RegisteredField>;
  capitalised?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <NameFields
        labels={{ first: t('fields.firstName'), last: t('fields.lastName') }}
        first={first.registration}
        last={last.registration}
        errors={{ first: first.error, last: last.error }}
        capitalised={capitalised}
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
