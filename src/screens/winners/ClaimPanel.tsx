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
import { currentLanguage } from '../../shared/i18n.ts';
import { FieldFrame, TextField } from '../../ui/Field.tsx';
import { OutcomeDialog } from '../../ui/form/FormDialogs.tsx';
import { SubmitButton } from '../../ui/form/SubmitButton.tsx';
import { formatIstShort } from '../../ui/format.ts';
import { TaxLines } from './ClaimTaxLines.tsx';

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
                tdsPayer: claim.tax.tdsPayer ?? tax.tdsPayer ?? null,
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
            {claim.masked.payout === null
              ? t('claim.maskedInKind', {
                  name: claim.masked.fullName,
                  pan: claim.masked.pan,
                  address: claim.masked.address,
                })
              : t('claim.masked', {
                  name: claim.masked.fullName,
                  pan: claim.masked.pan,
                  address: claim.masked.address,
                  payout: claim.masked.payout,
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
          inKind={Boolean(tax.tdsPayer)}
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
  inKind = false,
  update,
  onDone,
}: {
  contestId: string;
  /** A prize in kind: delivered to the address, no UPI or bank asked. */
  inKind?: boolean;
  update: boolean;
  onDone: (claim: MyClaim) => void;
}) {
  const { t, i18n } = useTranslation('results');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; claim?: MyClaim } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ClaimFormValues>({
    resolver: zodResolver(claimFormSchema),
    defaultValues: { ...EMPTY, method: inKind ? 'delivery' : 'upi' },
    mode: 'onTouched',
  });
  const method = useWatch({ control, name: 'method' });
  const say = (message: string | undefined) => {
    if (!message) return undefined;
    const key = claimMessageKey(message);
    return key ? t(`claim.errors.${key}`) : message;
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const claim = await submitClaim({
        contestId,
        details: claimDetailsFromForm(values),
        // The claim's messages (received, verified, sent) are written in the language the winner claims in.
        lang: currentLanguage(i18n) === 'hi' ? 'hi' : 'en',
      });
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
      <p className="muted">{inKind ? t('claim.introInKind') : t('claim.intro')}</p>
      <form className="form claim-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('claim.fullName')}
          required
          autoComplete="name"
          maxLength={100}
          error={say(errors.fullName?.message)}
          {...register('fullName')}
        />
        <TextField
          label={t('claim.pan')}
          required
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
          required
          autoComplete="address-line1"
          maxLength={200}
          error={say(errors.line1?.message)}
          {...register('line1')}
        />
        <TextField label={t('claim.line2')} autoComplete="address-line2" maxLength={200} {...register('line2')} />
        <TextField
          label={t('claim.city')}
          required
          autoComplete="address-level2"
          maxLength={100}
          error={say(errors.city?.message)}
          {...register('city')}
        />
        <FieldFrame label={t('claim.state')} required error={say(errors.state?.message)}>
          {({ inputId, describedBy, invalid }) => (
            <select
              id={inputId}
              className="field__input"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              aria-required
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
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          error={say(errors.pin?.message)}
          {...register('pin')}
        />
        {!inKind && (
          <fieldset className="claim-form__payout">
            <legend>{t('claim.payout')}</legend>
            <label className="radio">
              <input type="radio" value="upi" {...register('method')} /> {t('claim.upi')}
            </label>
            <label className="radio">
              <input type="radio" value="bank" {...register('method')} /> {t('claim.bank')}
            </label>
          </fieldset>
        )}
        {method === 'delivery' ? null : method === 'upi' ? (
          <TextField
            label={t('claim.upiId')}
            required
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
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={18}
              error={say(errors.accountNumber?.message)}
              {...register('accountNumber')}
            />
            <TextField
              label={t('claim.ifsc')}
              required
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
