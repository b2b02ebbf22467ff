import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Issue 26: who pays a prize in kind's TDS (section 194B): the winner before dispatch, or the company. */
export function TdsPayerRadios({ register }: { register: UseFormRegisterReturn }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="contest-form__choices contest-form__tds">
      <legend className="field__label">{t('contests.form.tdsPayer')}</legend>
      <label className="contest-form__choice">
        <input type="radio" value="winner" {...register} /> {t('contests.form.tdsWinner')}
      </label>
      <label className="contest-form__choice">
        <input type="radio" value="company" {...register} /> {t('contests.form.tdsCompany')}
      </label>
      <p className="muted">{t('contests.form.tdsHint')}</p>
    </fieldset>
  );
}
