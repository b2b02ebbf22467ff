import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isIndianState } from '../../../../domain/results.ts';
import type { ResultReview, ReviewMark } from '../../../../domain/judge-panel.ts';
import { callErrorOf, fetchResultReview, publishResult, resetJudgeMark } from '../../../api/admin-judging.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useNow } from '../../../ui/use-now.ts';
import { useStageLabels } from '../judging/stage-labels.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { RESULTS_BASE } from './results-base.ts';
import { contestNameParts } from '../judging/contest-name.ts';

/** The best entries drawn on the picture (the table lists all REVIEW_TOP_ENTRIES). */
const REVIEW_PICTURE_ENTRIES = 10;
/** While notices are being sent the counter reloads every few seconds, for about a minute. */
const NOTICE_POLL_MS = 3000;
const NOTICE_POLLS = 20;

const PictureStage = lazy(() => import('../../../stage/PictureStage.tsx').then((m) => ({ default: m.PictureStage })));

export function ResultReviewPage() {
  const { contestId = '' } = useParams();
  const { t, i18n } = useTranslation('admin');
  // A reload (after an action) keeps the last answer on screen until the new one arrives.
  const { state, reload } = useLoad(() => fetchResultReview(contestId), contestId);
  return (
    <section className="console-page judging-review">
      <header className="console-page__header">
        <Link to={RESULTS_BASE} className="judging-back">
          {t('judging.results.back')}
        </Link>
        <h1>
          {state.status === 'ready'
            ? t('judging.review.title', contestNameParts(state.value.windowKey, currentLanguage(i18n)))
            : t('judging.results.title')}
        </h1>
      </header>
      {state.status === 'loading' || state.status === 'idle' ? (
        <Spinner label={t('judging.review.loading')} />
      ) : state.status === 'failed' ? (
        <LoadFailed
          message={
            callErrorOf(state.error, t('judging.review.loadFailed'), { NOT_SEALED: t('judging.notSealed') }).message
          }
          onRetry={reload}
        />
      ) : (
        <Review review={state.value} onChanged={reload} />
      )}
    </section>
  );
}

function Review({ review, onChanged }: { review: ResultReview; onChanged: () => void }) {
  // The results namespace names the states (the winner's, from their prize claim).
  const { t, i18n } = useTranslation(['admin', 'results']);
  const lng = currentLanguage(i18n);
  const labels = useStageLabels();
  const [resetting, setResetting] = useState<ReviewMark | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const [polls, setPolls] = useState(0);
  const now = useNow(30_000).getTime();

  // Issue 26: the judges' marks (J1, J2, …) and the best entries (#1, #2, …) on the picture, with the judged point.
  const marks = useMemo(
    () => [
      ...review.marks.map((m, i) => ({
        id: `judge-${m.judgeId}`,
        label: t('judging.review.judgeMark', { n: i + 1 }),
        point: { x: m.x, y: m.y },
      })),
      ...review.entries.slice(0, REVIEW_PICTURE_ENTRIES).map((e) => ({
        id: `entry-${e.ticketId}`,
        label: t('judging.review.entryMark', { rank: e.rank }),
        point: { x: e.x, y: e.y },
      })),
    ],
    [review.marks, review.entries, t],
  );
  const reveal = useMemo(() => {
    if (!review.judged) return null;
    const ball = { x: review.judged.x, y: review.judged.y };
    const best = review.entries.find((e) => e.rank === 1);
    return {
      picture: review.picture,
      ball,
      distances: Object.fromEntries(
        marks.flatMap((m) => (m.point ? [[m.id, Math.hypot(m.point.x - ball.x, m.point.y - ball.y)]] : [])),
      ),
      bestId: best ? `entry-${best.ticketId}` : null,
    };
  }, [review, marks]);
  const showAt = review.showAt ?? 0;
  const beforeShow = showAt > now;
  // The notices go out after the answer: the counter follows them while they are being sent.
  const sending = review.state === 'published' && review.notices.pending > 0 && review.notices.sendsAt === null;
  useEffect(() => {
    if (!sending || polls >= NOTICE_POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      onChanged();
    }, NOTICE_POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, polls, onChanged]);
  // Until publication a judge's mark may be reset; once judged, that undoes the judged point too.
  const canReset = review.state === 'awaiting' || review.state === 'judging' || review.state === 'judged';

  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ kind: 'status', text: await run() });
      onChanged();
    } catch (error) {
      setMessage({
        kind: 'alert',
        text: callErrorOf(error, t('judging.review.actionFailed'), { NOT_SEALED: t('judging.notSealed') }).message,
      });
    } finally {
      setBusy(false);
      setResetting(null);
      setPublishing(false);
    }
  };

  return (
    <>
      <p className="judging-card__meta">
        <span className={`chip judging-state judging-state--${review.state}`}>
          {t(`judging.states.${review.state}`)}
        </span>
        <span>{t('judging.marksOf', { marks: review.markCount, count: review.required })}</span>
        <span>{t('judging.review.entries', { tickets: review.ticketCount, count: review.entrantCount })}</span>
      </p>
      {message && (
        <p
          role={message.kind}
          className={message.kind === 'alert' ? 'judging-message judging-message--error' : 'judging-message'}
        >
          {message.text}
        </p>
      )}
      {review.marksHidden && <p className="console-empty">{t('judging.review.hidden')}</p>}

      <p className="muted judging-review__legend">{t('judging.review.pictureLegend')}</p>
      <div className="judging-stage judging-stage--review">
        <Suspense fallback={<Spinner label={labels.loading} />}>
          <PictureStage
            picture={review.picture}
            marks={marks}
            selectedId={null}
            onPlace={() => undefined}
            onSelect={() => undefined}
            reveal={reveal}
            disabled
            labels={labels}
          />
        </Suspense>
      </div>
      {review.judged ? (
        <p className="judging-panel__lead">
          {t('judging.review.judgedPoint', {
            x: review.judged.x.toFixed(1),
            y: review.judged.y.toFixed(1),
            time: formatIstShort(new Date(review.judged.at), lng),
          })}
        </p>
      ) : (
        <p className="muted">{t('judging.review.notJudged')}</p>
      )}

      <h2 className="judging-h2">{t('judging.review.marksTitle')}</h2>
      {review.marks.length === 0 ? (
        <p className="muted">{review.marksHidden ? t('judging.review.hiddenShort') : t('judging.review.noMarks')}</p>
      ) : (
        <div className="table-scroll">
          <table className="diff-table judging-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('judging.review.judge')}</th>
                <th scope="col">{t('judging.review.point')}</th>
                <th scope="col">{t('judging.review.time')}</th>
                {canReset && <th scope="col">{t('judging.review.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {review.marks.map((m, i) => (
                <tr key={m.judgeId}>
                  <td>{i + 1}</td>
                  <th scope="row">{m.judgeName}</th>
                  <td>{t('judging.stage.coordinates', { x: m.x, y: m.y })}</td>
                  <td>{formatIstShort(new Date(m.at), lng)}</td>
                  {canReset && (
                    <td>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={busy}
                        onClick={() => setResetting(m)}
                      >
                        {t('judging.review.reset')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 className="judging-h2">{t('judging.review.topTitle')}</h2>
      {review.entries.length === 0 ? (
        <p className="muted">{review.judged ? t('judging.review.noEntries') : t('judging.review.rankedLater')}</p>
      ) : (
        <div className="table-scroll">
          <table className="diff-table judging-table">
            <thead>
              <tr>
                <th scope="col">{t('judging.review.rank')}</th>
                <th scope="col">{t('judging.review.distance')}</th>
                <th scope="col">{t('judging.review.player')}</th>
                <th scope="col">{t('judging.review.point')}</th>
                <th scope="col">{t('judging.review.ticketTime')}</th>
              </tr>
            </thead>
            <tbody>
              {review.entries.map((e) => (
                <tr key={e.ticketId} className={e.rank === 1 ? 'judging-table__winner' : undefined}>
                  <td>{e.rank}</td>
                  <td>{t('judging.review.px', { distance: e.distance.toFixed(2) })}</td>
                  <th scope="row">
                    {e.state
                      ? t('judging.review.playerFrom', {
                          name: e.firstName,
                          state: isIndianState(e.state) ? t(`results:states.${e.state}`) : e.state,
                        })
                      : e.firstName}
                  </th>
                  <td>{t('judging.stage.coordinates', { x: e.x, y: e.y })}</td>
                  <td>{formatIstShort(new Date(e.confirmedAt), lng)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="judging-publish">
        {review.state === 'published' ? (
          <p role="status">
            {review.publishedBy
              ? t('judging.review.publishedAt', {
                  time: review.publishedAt === null ? '' : formatIstShort(new Date(review.publishedAt), lng),
                  who: review.publishedBy,
                })
              : t('judging.review.publishedAtNoOne', {
                  time: review.publishedAt === null ? '' : formatIstShort(new Date(review.publishedAt), lng),
                })}{' '}
            {beforeShow && t('judging.review.hiddenUntil', { time: formatIstShort(new Date(showAt), lng) })}
          </p>
        ) : null}
        {review.state === 'published' ? (
          <NoticeCounter notices={review.notices} lng={lng} />
        ) : review.state === 'judged' ? (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => setPublishing(true)}>
            {t('judging.review.publish')}
          </button>
        ) : (
          <p className="muted">{t('judging.review.publishLater')}</p>
        )}
      </div>

      <ConfirmDialog
        open={resetting !== null}
        title={t('judging.review.resetTitle')}
        confirmLabel={t('judging.review.resetConfirm')}
        cancelLabel={t('judging.review.cancel')}
        busy={busy}
        busyLabel={t('judging.review.working')}
        onConfirm={() => {
          const mark = resetting;
          if (!mark) return;
          void act(async () => {
            await resetJudgeMark(review.contestId, mark.judgeId);
            return t('judging.review.resetDone', { name: mark.judgeName });
          });
        }}
        onCancel={() => setResetting(null)}
      >
        <p>
          {resetting
            ? t(review.state === 'judged' ? 'judging.review.resetTextJudged' : 'judging.review.resetText', {
                name: resetting.judgeName,
              })
            : ''}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={publishing}
        title={t('judging.review.publishTitle')}
        confirmLabel={t('judging.review.publishConfirm')}
        cancelLabel={t('judging.review.cancel')}
        busy={busy}
        busyLabel={t('judging.review.working')}
        onConfirm={() =>
          void act(async () => {
            const { notices, publicAt } = await publishResult(review.contestId);
            setPolls(0);
            return publicAt > Date.now()
              ? t('judging.review.publishDoneEarly', {
                  count: notices,
                  time: formatIstShort(new Date(publicAt), lng),
                })
              : t('judging.review.publishDone', { count: notices });
          })
        }
        onCancel={() => setPublishing(false)}
      >
        <p>
          {beforeShow
            ? t('judging.review.publishTextEarly', {
                count: review.entrantCount,
                time: formatIstShort(new Date(showAt), lng),
              })
            : t('judging.review.publishText', { count: review.entrantCount })}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** What became of the result notices: told, being sent, waiting for the show, not told, failed. */
function NoticeCounter({ notices, lng }: { notices: ResultReview['notices']; lng: string }) {
  const { t } = useTranslation('admin');
  return (
    <ul className="judging-notices" aria-live="polite">
      <li>{t('judging.review.noticesTold', { sent: notices.sent, count: notices.total })}</li>
      {notices.pending > 0 && notices.sendsAt !== null && (
        <li>
          {t('judging.review.noticesWaiting', {
            count: notices.pending,
            time: formatIstShort(new Date(notices.sendsAt), lng),
          })}
        </li>
      )}
      {notices.pending > 0 && notices.sendsAt === null && (
        <li>{t('judging.review.noticesSending', { count: notices.pending })}</li>
      )}
      {notices.notTold > 0 && <li>{t('judging.review.noticesNotTold', { count: notices.notTold })}</li>}
      {notices.failed > 0 && (
        <li className="console-list__error">{t('judging.review.noticesFailed', { count: notices.failed })}</li>
      )}
    </ul>
  );
}
