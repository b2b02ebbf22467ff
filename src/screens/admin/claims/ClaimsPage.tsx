import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInr } from '../../../../domain/money.ts';
import {
  type AdminClaimDetail,
  type AdminClaimRow,
  CLAIM_NEXT_STATUS,
  CLAIM_NOTE_MAX,
  type ClaimStatus,
  claimStatusSchema,
} from '../../../../domain/results.ts';
import { changeClaimStatus, fetchClaimDetail, fetchClaimsPage } from '../../../api/admin-claims.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { PagedListView } from '../ui/PagedListView.tsx';
import { usePagedList } from '../use-paged-list.ts';
import { TdsSettingsForm } from './TdsSettingsForm.tsx';
import { UnclaimedWinners } from './UnclaimedWinners.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { InputField, SelectField } from '../ui/ConsoleFields.tsx';
import { FilterBar } from '../ui/FilterBar.tsx';
import { ActionError } from '../ui/Notices.tsx';
import { useAction } from '../ui/use-action.ts';

/**
 * Admin > Prize claims: the winners who have not claimed yet, every winner's claim, its status
 * until the prize is sent, and (audited) its details.
 */
export default function ClaimsPage() {
  const { t } = useTranslation('admin');
  const list = usePagedList(fetchClaimsPage);
  const [status, setStatus] = useState('');
  return (
    <section className="console-page">
      <PageHeader title={t('claims.title')} intro={t('claims.intro')} />
      <TdsSettingsForm />
      <UnclaimedWinners />
      <FilterBar label={t('claims.filters')} applyLabel={t('claims.apply')} onApply={() => list.filter({ status })}>
        <SelectField id="claims-status" label={t('claims.status')} value={status} onChange={setStatus}>
          <option value="">{t('claims.allStatuses')}</option>
          {claimStatusSchema.options.map((s) => (
            <option key={s} value={s}>
              {t(`claims.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      <PagedListView list={list} loadingLabel={t('claims.loading')} emptyText={t('claims.empty')}>
        {(items) => (
          <ol className="audit-list">
            {items.map((claim) => (
              <ClaimItem key={claim.id} claim={claim} onChanged={list.refresh} />
            ))}
          </ol>
        )}
      </PagedListView>
    </section>
  );
}

function ClaimItem({ claim, onChanged }: { claim: AdminClaimRow; onChanged: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  const [detail, setDetail] = useState<AdminClaimDetail | null>(null);
  const { busy, error, run } = useAction('claims.failed');
  // A note goes with the step it is given with only: the field starts empty, never with the last step's note.
  const [note, setNote] = useState('');
  const next = CLAIM_NEXT_STATUS[claim.status];
  const when = (at: string | null) => (at ? formatIstShort(new Date(at), lng) : null);

  const move = (status: ClaimStatus) =>
    run(async () => {
      await changeClaimStatus(claim.id, status, note);
      setNote('');
      onChanged();
    });

  return (
    <li className="audit-item claim-item">
      <p className="audit-item__meta">
        {t('claims.contest', { slot: claim.slot, date: when(claim.showAt) })} · {claim.prizeTitle}
      </p>
      <p className="audit-item__summary">
        {claim.winnerName} · {claim.state}
      </p>
      <p className="audit-item__tags">
        <span className="chip">{t(`claims.statuses.${claim.status}`)}</span>
      </p>
      <p className="claim-item__amounts">
        {claim.prizeKind === 'merchandise'
          ? t(claim.tdsPayer === 'company' ? 'claims.amountsInKindCompany' : 'claims.amountsInKindWinner', {
              value: formatInr(claim.grossPaise, locale),
              tds: formatInr(claim.tdsPaise, locale),
            })
          : t('claims.amounts', {
              gross: formatInr(claim.grossPaise, locale),
              tds: formatInr(claim.tdsPaise, locale),
              net: formatInr(claim.netPaise, locale),
            })}
      </p>
      <ul className="claim-item__dates muted">
        <li>{t('claims.submittedAt', { time: when(claim.submittedAt) })}</li>
        {claim.verifiedAt && <li>{t('claims.verifiedAt', { time: when(claim.verifiedAt) })}</li>}
        {claim.sentAt && <li>{t('claims.sentAt', { time: when(claim.sentAt) })}</li>}
      </ul>
      {detail ? (
        <dl className="claim-item__details">
          <dt>{t('claims.fullName')}</dt>
          <dd>{detail.details.fullName}</dd>
          <dt>{t('claims.pan')}</dt>
          <dd>
            <code>{detail.details.pan}</code>
          </dd>
          <dt>{t('claims.address')}</dt>
          <dd>
            {[
              detail.details.address.line1,
              detail.details.address.line2,
              detail.details.address.city,
              `${detail.details.address.state} ${detail.details.address.pin}`,
            ]
              .filter(Boolean)
              .join(', ')}
          </dd>
          <dt>{t('claims.payout')}</dt>
          <dd>
            {!detail.details.payout ? (
              t('claims.delivery')
            ) : (
              <code>
                {detail.details.payout.method === 'upi'
                  ? `UPI ${detail.details.payout.upiId}`
                  : `${detail.details.payout.accountNumber} · IFSC ${detail.details.payout.ifsc}`}
              </code>
            )}
          </dd>
          <dt>{t('claims.contact')}</dt>
          <dd>
            {detail.email} · {detail.phone}
          </dd>
        </dl>
      ) : (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => void run(async () => setDetail(await fetchClaimDetail(claim.id)))}
        >
          {t('claims.view')}
        </button>
      )}
      {claim.note && <p className="claim-item__note">{t('claims.currentNote', { note: claim.note })}</p>}
      <InputField
        id={`claim-note-${claim.id}`}
        label={t('claims.note')}
        value={note}
        maxLength={CLAIM_NOTE_MAX}
        onChange={setNote}
        aria-describedby={`claim-note-${claim.id}-hint`}
      />
      <p id={`claim-note-${claim.id}-hint`} className="muted">
        {t(next ? 'claims.noteHint' : 'claims.noteHintLast')}
      </p>
      <div className="claim-item__actions">
        {next && (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => void move(next)}
          >
            {t(`claims.moveTo.${next as 'verified' | 'sent'}`)}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy || note.trim() === '' || note.trim() === claim.note}
          onClick={() => void move(claim.status)}
        >
          {t('claims.saveNote')}
        </button>
      </div>
      <ActionError text={error} />
    </li>
  );
}
