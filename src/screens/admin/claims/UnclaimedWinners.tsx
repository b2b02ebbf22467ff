import { useTranslation } from 'react-i18next';
import { formatInr } from '../../../../domain/money.ts';
import type { UnclaimedWinner } from '../../../../domain/results.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { contestNameParts } from '../judging/contest-name.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { fetchUnclaimedWinners } from '../../../api/admin-claims.ts';

/**
 * Admin > Prize claims > Not claimed yet: the winner of every public result (published, its show
 * started) who has made no claim, newest first, with how long it has waited.
 */
export function UnclaimedWinners() {
  const { t } = useTranslation('admin');
  const load = useLoad((signal) => fetchUnclaimedWinners(signal), 'unclaimed');
  return (
    <section className="console-card" aria-labelledby="claims-unclaimed">
      <h2 id="claims-unclaimed">{t('claims.unclaimed.title')}</h2>
      <p className="muted">{t('claims.unclaimed.intro')}</p>
      {load.state.status === 'ready' ? (
        load.state.value.winners.length === 0 ? (
          <p>{t('claims.unclaimed.empty')}</p>
        ) : (
          <ol className="audit-list">
            {load.state.value.winners.map((winner) => (
              <UnclaimedItem key={winner.contestId} winner={winner} />
            ))}
          </ol>
        )
      ) : load.state.status === 'failed' ? (
        <LoadFailed message={errorMessageOf(load.state.error, t('claims.unclaimed.loadFailed'))} onRetry={load.retry} />
      ) : (
        <Spinner label={t('claims.unclaimed.loading')} />
      )}
    </section>
  );
}

function UnclaimedItem({ winner }: { winner: UnclaimedWinner }) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const when = (at: string) => formatIstShort(new Date(at), lng);
  return (
    <li className="audit-item claim-item">
      <p className="audit-item__meta">{t('judging.contestName', contestNameParts(winner.windowKey, lng))}</p>
      <p className="audit-item__summary">{winner.winnerName}</p>
      <p className="claim-item__amounts">
        {t('claims.unclaimed.prize', {
          title: winner.prizeTitle,
          value: formatInr(winner.prizeValuePaise, lng === 'hi' ? 'hi-IN' : 'en-IN'),
        })}
      </p>
      <p className="audit-item__tags">
        <span className="chip">
          {winner.daysAgo === 0
            ? t('claims.unclaimed.today')
            : t('claims.unclaimed.daysAgo', { count: winner.daysAgo })}
        </span>
      </p>
      <ul className="claim-item__dates muted">
        <li>{t('claims.unclaimed.publishedAt', { time: when(winner.publishedAt) })}</li>
        <li>{t('claims.unclaimed.showAt', { time: when(winner.showAt) })}</li>
      </ul>
    </li>
  );
}
