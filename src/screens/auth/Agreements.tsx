import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isValidationCode } from '../../../domain/form-rules.ts';
import { paths } from '../../shared/paths.ts';
import type { RegisteredField } from '../../ui/form/field-props.ts';

/** The agreements' fields, under the same names in both sign-up forms (fieldsOf the form with these). */
export const AGREEMENT_NAMES = { legal: 'agreeLegal', rules: 'agreeRules', age: 'agreeAge' } as const;

interface AgreementProps {
  field: UseFormRegisterReturn;
  error?: string;
  children: ReactNode;
}

function Agreement({ field, error, children }: AgreementProps) {
  const { t } = useTranslation('validation');
  const errorId = `${field.name}-error`;
  return (
    <div className="agreement">
      <label className="agreement__label">
        <input
          type="checkbox"
          className="agreement__box"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          {...field}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {isValidationCode(error) ? t(error) : error}
        </p>
      )}
    </div>
  );
}

/** The three agreements of every sign-up form: legal, rules and FAQ, 18+ (spec section 2). */
export function Agreements({
  fields: { legal, rules, age },
}: {
  fields: Record<keyof typeof AGREEMENT_NAMES, RegisteredField>;
}) {
  const { t } = useTranslation('auth');
  return (
    <fieldset className="agreements">
      <legend className="visually-hidden">{t('agreements.legend')}</legend>
      <Agreement field={legal.registration} error={legal.error}>
        <Trans
          t={t}
          i18nKey="agreements.legal"
          components={{
            terms: <Link to={paths.terms} target="_blank" />,
            privacy: <Link to={paths.privacy} target="_blank" />,
            cookies: <Link to={paths.cookies} target="_blank" />,
          }}
        />
      </Agreement>
      <Agreement field={rules.registration} error={rules.error}>
        <Trans t={t} i18nKey="agreements.rules" components={{ rules: <Link to={paths.rules} target="_blank" /> }} />
      </Agreement>
      <Agreement field={age.registration} error={age.error}>
        {t('agreements.age')}
      </Agreement>
    </fieldset>
  );
}
