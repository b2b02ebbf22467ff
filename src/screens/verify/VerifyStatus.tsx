import { useTranslation } from 'react-i18next';
import {
  type CheckDetail,
  type DifferenceReport,
  differingFields,
  type EntryDifference,
  type Publication,
  type SealedEntry,
} from '../../../domain/verification.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { VerificationResult } from './check-publication.ts';

/**
 * The verdict: a spinner while the check runs, then a green tick, or each check that fails with
 * the published and recomputed figures and, when entries changed after close, which ones.
 */
export function VerifyStatus({
  publication,
  sealEndpointRoot,
  result,
  locale,
}: {
  publication: Publication;
  /** The root the contest's seal endpoint shows (null before it answered or without a seal). */
  sealEndpointRoot: string | null;
  result: VerificationResult | null;
  locale: string;
}) {
  const { t } = useTranslation('verify');
  const rootMismatch = sealEndpointRoot !== null && sealEndpointRoot !== publication.seal.root;
  const report = result?.report ?? null;
  const verified = report ? report.ok && !rootMismatch : null;
  const failures = report ? report.checks.filter((check) => !check.ok) : [];
  return (
    <div
      className={`card verify__status${verified === null ? '' : verified ? ' verify__status--ok' : ' verify__status--bad'}`}
      role="status"
      aria-live="polite"
    >
      {verified === null ? (
        <Spinner label={t('status.checking', { count: publication.entries.length })} />
      ) : verified ? (
        <>
          <Verdict ok text={t('status.verified')} />
          <p>{t('status.verifiedText')}</p>
        </>
      ) : (
        <>
          <Verdict ok={false} text={t('status.failed')} />
          <p>{t('status.failedText')}</p>
          <ul className="verify__failures">
            {rootMismatch && (
              <li>
                <strong>{t('checks.root')}</strong>
                <span className="verify__hash">{t('sealed', { value: sealEndpointRoot })}</span>
                <span className="verify__hash">{t('published', { value: publication.seal.root })}</span>
              </li>
            )}
            {failures.map((check) => (
              <li key={check.id}>
                <strong>{t(`checks.${check.id}`)}</strong>
                {check.published !== undefined && (
                  <span className="verify__hash">{t('published', { value: check.published })}</span>
                )}
                {check.recomputed !== undefined && (
                  <span className="verify__hash">{t('recomputed', { value: check.recomputed })}</span>
                )}
                {check.detail !== undefined && <DetailLine detail={check.detail} />}
                {check.id === 'root' && result?.located && <Differences located={result.located} locale={locale} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {report && (
        <ul className="verify__checks" aria-label={t('title')}>
          {report.checks.map((check) => (
            <li key={check.id} className={check.ok ? 'verify__check--ok' : 'verify__check--bad'}>
              <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {t(`checks.${check.id}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Verdict({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p className="verify__verdict">
      <span className="verify__icon" aria-hidden="true">
        {ok ? '✓' : '✗'}
      </span>
      <span>{text}</span>
    </p>
  );
}

function DetailLine({ detail }: { detail: CheckDetail }) {
  const { t } = useTranslation('verify');
  return <span>{t('detail', { value: t(`details.${detail.code}`, detail) })}</span>;
}

/** The entries that are not the ones sealed at close, found by walking the sealed tree. */
function Differences({ located, locale }: { located: DifferenceReport; locale: string }) {
  const { t } = useTranslation('verify');
  if (located.inconsistent) return <span>{t('differences.inconsistent')}</span>;
  if (located.differences.length === 0) return null;
  return (
    <div className="verify__differences">
      <span>{t('differences.title')}</span>
      <ul>
        {located.differences.map((difference) => (
          <li key={difference.index}>
            <DifferenceLine difference={difference} locale={locale} />
          </li>
        ))}
      </ul>
      {located.more && <span className="muted">{t('differences.more', { count: located.differences.length })}</span>}
    </div>
  );
}

function DifferenceLine({ difference, locale }: { difference: EntryDifference; locale: string }) {
  const { t } = useTranslation('verify');
  const n = (difference.index + 1).toLocaleString(locale);
  const { sealed, published } = difference;
  if (sealed === null) return <>{t('differences.added', { n, ticketId: published!.ticketId })}</>;
  if (published === null) return <>{t('differences.removed', { n, ticketId: sealed.ticketId })}</>;
  if (sealed.ticketId !== published.ticketId)
    return <>{t('differences.replaced', { n, sealed: sealed.ticketId, published: published.ticketId })}</>;
  type Shown = 'position' | 'pseudonym' | 'confirmedAt' | 'ticketId';
  const shown = new Set<Shown>(
    differingFields(difference).map((field) => (field === 'x' || field === 'y' ? 'position' : field)),
  );
  const value = (entry: SealedEntry, field: Shown) =>
    field === 'position' ? `(${entry.x}, ${entry.y})` : entry[field];
  return (
    <>
      {t('differences.changed', { n, ticketId: sealed.ticketId })}
      {[...shown].map((field) => (
        <span key={field} className="verify__difference">
          {t(`differences.fields.${field}`)}: {t('differences.sealedValue', { value: value(sealed, field) })},{' '}
          {t('differences.publishedValue', { value: value(published, field) })}
        </span>
      ))}
    </>
  );
}
