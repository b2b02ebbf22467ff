import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type ClaimFormValues,
  claimDetailsFromForm,
  claimFormSchema,
  claimMessageKey,
  INDIAN_STATES,
  type MyClaim,
  type TaxBreakdown,
} from '../../../domain/results.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { submitClaim } from '../../api/results.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FieldFrame, TextField } from '../../ui/Field.tsx';
import { OutcomeDialog } from '../../ui/form/FormDialogs.tsx';
import { SubmitButton } from '../../ui/form/SubmitButton.tsx';
import { formatIstShort, formatRupees } from '../../ui/format.ts';

const EMPTY: ClaimFormValues = {
  fullName: '',
  pan: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  pin: '',
  method: 'upi',
  upiId: '',
  accountNumber: '',
  ifsc: '',
};

/** The server's field paths, as the form's fields. */
const SERVER_FIELDS: Record<string, keyof ClaimFormValues> = {
  'details.fullName': 'fullName',
  'details.pan': 'pan',
  'details.address.line1': 'line1',
  'details.address.city': 'city',
  'details.address.state': 'state',
  'details.address.pin': 'pin',
  'details.payout.upiId': 'upiId',
  'details.payout.accountNumber': 'accountNumber',
  'details.payout.ifsc': 'ifsc',
};

export function TaxLines({ tax }: { tax: TaxBreakdown }) {
  const { t, i18n } = useTranslation('results');
  const locale = currentLanguage(i18n) === 'hi' ? 'hi-IN' : 'en-IN';
  if (tax.tdsPaise === 0) {
    return (
      <p className="muted">
        {tax.thresholdPaise > 0 ? t('claim.tax.none', { threshold: formatRupees(tax.thresholdPaise, locale) }) : null}
      </p>
    );
  }
  return (
    <dl className="tax-lines">
      <div>
        <dt>{t('claim.tax.gross')}</dt>
        <dd>{formatRupees(tax.grossPaise, locale)}</dd>
      </div>
      <div>
        <dt>{t('claim.tax.tds', { rate: tax.ratePercent })}</dt>
        <dd>−{formatRupees(tax.tdsPaise, locale)}</dd>
      </div>
      <div className="tax-lines__net">
        <dt>{t('claim.tax.net')}</dt>
        <dd>{formatRupees(tax.netPaise, locale)}</dd>
      </div>
    </dl>
  );
}

/** The winner's side of the prize: the tax, then the claim form or the claim's status. */
export function ClaimPanel({
  contestId,
  tax,
  claim,
  onClaimed,
}: {
  contestId: string;
  tax: TaxBreakdown;
  claim: MyClaim | null;
  onClaimed: (claim: MyClaim) => void;
}) {
  const { t, i18n } = useTranslation('results');
  const lng = currentLanguage(i18n);
  const [editing, setEditing] = useState(false);
  return (
    <section className="claim-panel" aria-labelledby={`claim-${contestId}`}>
      <h4 id={`claim-${contestId}`}>{claim ? t('claim.statusTitle') : t('claim.title')}</h4>
      <TaxLines
        tax={
          claim
            ? {
                ...claim.tax,
                ratePercent: claim.tax.ratePercent || tax.ratePercent,
                thresholdPaise: tax.thresholdPaise,
              }
            : tax
        }
      />
      {claim && (
        <div className="claim-status">
          <p className={`chip claim-status__chip claim-status__chip--${claim.status}`}>
            {t(`claim.status.${claim.status}`)}
          </p>
          <ul className="claim-status__dates">
            <li>{t('claim.submittedAt', { time: formatIstShort(new Date(claim.submittedAt), lng) })}</li>
            {claim.verifiedAt && (
              <li>{t('claim.verifiedAt', { time: formatIstShort(new Date(claim.verifiedAt), lng) })}</li>
            )}
            {claim.sentAt && <li>{t('claim.sentAt', { time: formatIstShort(new Date(claim.sentAt), lng) })}</li>}
          </ul>
          {claim.note && <p>{t('claim.note', { note: claim.note })}</p>}
          <p className="muted">
            {t('claim.masked', {
              name: claim.masked.fullName,
              pan: claim.masked.pan,
              address: claim.masked.address,
              payout: claim.masked.payout ?? '',
            })}
          </p>
          {claim.status === 'submitted' && (
            <button type="button" className="button button--ghost button--small" onClick={() => setEditing((e) => !e)}>
              {editing ? t('claim.cancelEdit') : t('claim.edit')}
            </button>
          )}
        </div>
      )}
      {(!claim || editing) && (
        <ClaimForm
          contestId={contestId}
          update={Boolean(claim)}
          onDone={(next) => {
            setEditing(false);
            onClaimed(next);
          }}
        />
      )}
    </section>
  );
}

export function ClaimForm({
  contestId,
  update,
  onDone,
}: {
  contestId: string;
  update: boolean;
  onDone: (claim: MyClaim) => void;
}) {
  const { t } = useTranslation('results');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; claim?: MyClaim } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ClaimFormValues>({ resolver: zodResolver(claimFormSchema), defaultValues: EMPTY, mode: 'onTouched' });
  const method = useWatch({ control, name: 'method' });
  const say = (message: string | undefined) => {
    if (!message) return undefined;
    const key = claimMessageKey(message);
    return key ? t(`claim.errors.${key}`) : message;
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const claim = await submitClaim({ contestId, details: claimDetailsFromForm(values) });
      setOutcome({ ok: true, text: t('claim.done'), claim });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      let placed = false;
      for (const [path, message] of Object.entries(fields)) {
        const name = SERVER_FIELDS[path];
        if (name) {
          setError(name, { message });
          placed = true;
        }
      }
      if (!placed) setOutcome({ ok: false, text: say(errorMessageOf(error, '')) || t('claim.failed') });
    }
  });

  return (
    <>
      <p className="muted">{t('claim.intro')}</p>
      <form className="form claim-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('claim.fullName')}
          autoComplete="name"
          maxLength={100}
          error={say(errors.fullName?.message)}
          {...register('fullName')}
        />
        <TextField
          label={t('claim.pan')}
          hint={t('claim.panHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          error={say(errors.pan?.message)}
          {...register('pan')}
        />
        <TextField
          label={t('claim.line1')}
          autoComplete="address-line1"
          maxLength={200}
          error={say(errors.line1?.message)}
          {...register('line1')}
        />
        <TextField label={t('claim.line2')} autoComplete="address-line2" maxLength={200} {...register('line2')} />
        <TextField
          label={t('claim.city')}
          autoComplete="address-level2"
          maxLength={100}
          error={say(errors.city?.message)}
          {...register('city')}
        />
        <FieldFrame label={t('claim.state')} error={say(errors.state?.message)}>
          {({ inputId, describedBy, invalid }) => (
            <select
              id={inputId}
              className="field__input"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autoComplete="address-level1"
              {...register('state')}
            >
              <option value="">{t('claim.statePlaceholder')}</option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`states.${state}`)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField
          label={t('claim.pin')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          error={say(errors.pin?.message)}
          {...register('pin')}
        />
        <fieldset className="claim-form__payout">
          <legend>{t('claim.payout')}</legend>
          <label className="radio">
            <input type="radio" value="upi" {...register('method')} /> {t('claim.upi')}
          </label>
          <label className="radio">
            <input type="radio" value="bank" {...register('method')} /> {t('claim.bank')}
          </label>
        </fieldset>
        {method === 'upi' ? (
          <TextField
            label={t('claim.upiId')}
            hint={t('claim.upiHint')}
            autoComplete="off"
            spellCheck={false}
            maxLength={256}
            error={say(errors.upiId?.message)}
            {...register('upiId')}
          />
        ) : (
          <>
            <TextField
              label={t('claim.accountNumber')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={18}
              error={say(errors.accountNumber?.message)}
              {...register('accountNumber')}
            />
            <TextField
              label={t('claim.ifsc')}
              hint={t('claim.ifscHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={11}
              error={say(errors.ifsc?.message)}
              {...register('ifsc')}
            />
          </>
        )}
        <div>
          <SubmitButton
            busy={isSubmitting}
            label={update ? t('claim.update') : t('claim.submit')}
            busyLabel={t('claim.busy')}
          />
        </div>
      </form>
      <OutcomeDialog
        outcome={outcome}
        title={outcome?.ok ? t('claim.doneTitle') : t('claim.failedTitle')}
        onClose={() => {
          const done = outcome?.claim;
          setOutcome(null);
          if (done) onDone(done);
        }}
      />
    </>
  );
}
