/**
 * Console > Results (admin): how many judges must mark, the closed contests with their judging
 * progress, and the review of one: the judged point with every judge's mark (name, time), the
 * best entries, reset of a mark before judging ends, and Publish (with a confirm step).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { isIndianState } from '../../../../domain/results.ts';
import {
  JUDGES_REQUIRED_MAX,
  JUDGES_REQUIRED_MIN,
  judgesRequiredBodySchema,
  type JudgeQueue,
  type ResultReview,
  type ReviewMark,
} from '../../../../domain/judge-panel.ts';
import {
  callErrorOf,
  fetchResultReview,
  fetchResults,
  publishResult,
  resetJudgeMark,
  saveJudgesRequired,
} from '../../../api/admin-judging.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { paths } from '../../../app/paths.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { JudgingStateChip } from '../judging/JudgingStateChip.tsx';
import { useStageLabels } from '../judging/stage-labels.ts';
import '../../../styles/admin-judging.css';

const PictureStage = lazy(() => import('../../../stage/PictureStage.tsx').then((m) => ({ default: m.PictureStage })));

export const RESULTS_BASE = `${paths.admin}/results`;

export default function ResultsPage() {
  return (
    <Routes>
      <Route index element={<ResultsListPage />} />
      <Route path=":contestId" element={<ResultReviewPage />} />
    </Routes>
  );
}

type Load<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

/** Loads once and on reload(); the last answer stays on screen while a reload runs. */
function useLoad<T>(
  load: () => Promise<T>,
  failed: string,
  notSealed?: string,
): { state: Load<T>; reload: () => void } {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) =>
        live && setState({ status: 'failed', message: callErrorOf(error, failed, { NOT_SEALED: notSealed }).message }),
    );
    return () => {
      live = false;
    };
  }, [attempt, load, failed, notSealed]);
  return { state, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="console-empty">
      <p role="alert">{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

function ResultsListPage() {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const { state, reload } = useLoad<JudgeQueue>(fetchResults, t('list.failed'));
  return (
    <section className="console-page">
      <header className="console-page__header">
        <h1>{t('judging.results.title')}</h1>
        <p className="muted">{t('judging.results.intro')}</p>
      </header>
      {state.status === 'ready' && <JudgesRequiredForm current={state.data.required} onSaved={reload} />}
      {state.status === 'loading' ? (
        <Spinner label={t('judging.results.loading')} />
      ) : state.status === 'failed' ? (
        <LoadFailed message={state.message} onRetry={reload} />
      ) : state.data.contests.length === 0 ? (
        <p className="console-empty">{t('judging.results.empty')}</p>
      ) : (
        <ul className="judging-list">
          {state.data.contests.map((item) => (
            <li key={item.contestId} className="judging-card">
              <div className="judging-card__main">
                <p className="judging-card__title">{t('judging.contestName', { key: item.windowKey })}</p>
                <p className="muted judging-card__meta">
                  {t('judging.closedAt', { time: formatIstShort(new Date(item.closesAt), lng) })}
                </p>
                <p className="judging-card__meta">
                  <JudgingStateChip item={item} />
                  <span>{t('judging.marksOf', { marks: item.marks, count: item.required })}</span>
                </p>
              </div>
              <Link
                to={`${RESULTS_BASE}/${encodeURIComponent(item.contestId)}`}
                className={`button ${item.state === 'judged' ? 'button--primary' : 'button--ghost'}`}
              >
                {item.state === 'judged' ? t('judging.results.reviewPublish') : t('judging.results.review')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function JudgesRequiredForm({ current, onSaved }: { current: number; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<{ judgesRequired: number }>({
    resolver: zodResolver(judgesRequiredBodySchema),
    defaultValues: { judgesRequired: current },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit(async ({ judgesRequired }) => {
    setSaved(null);
    setFailed(null);
    try {
      const value = await saveJudgesRequired(judgesRequired);
      reset({ judgesRequired: value });
      setSaved(t('judging.required.saved', { count: value }));
      onSaved();
    } catch (error) {
      setFailed(callErrorOf(error, t('judging.required.failed')).message);
    }
  });
  return (
    <form className="console-filters judging-required" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t('judging.required.label')}
        hint={t('judging.required.hint', { min: JUDGES_REQUIRED_MIN, max: JUDGES_REQUIRED_MAX })}
        type="number"
        inputMode="numeric"
        min={JUDGES_REQUIRED_MIN}
        max={JUDGES_REQUIRED_MAX}
        step={1}
        error={
          errors.judgesRequired
            ? t('judging.required.invalid', { min: JUDGES_REQUIRED_MIN, max: JUDGES_REQUIRED_MAX })
            : undefined
        }
        {...register('judgesRequired', { valueAsNumber: true })}
      />
      <button type="submit" className="button button--primary" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? t('judging.required.saving') : t('judging.required.save')}
      </button>
      {saved && (
        <p role="status" className="judging-required__note">
          {saved}
        </p>
      )}
      {failed && (
        <p role="alert" className="judging-required__note console-list__error">
          {failed}
        </p>
      )}
    </form>
  );
}

function ResultReviewPage() {
  const { contestId = '' } = useParams();
  const { t } = useTranslation('admin');
  const load = useCallback(() => fetchResultReview(contestId), [contestId]);
  const { state, reload } = useLoad<ResultReview>(load, t('judging.review.loadFailed'), t('judging.notSealed'));
  return (
    <section className="console-page judging-review">
      <header className="console-page__header">
        <Link to={RESULTS_BASE} className="judging-back">
          {t('judging.results.back')}
        </Link>
        <h1>
          {state.status === 'ready'
            ? t('judging.review.title', { key: state.data.windowKey })
            : t('judging.results.title')}
        </h1>
      </header>
      {state.status === 'loading' ? (
        <Spinner label={t('judging.review.loading')} />
      ) : state.status === 'failed' ? (
        <LoadFailed message={state.message} onRetry={reload} />
      ) : (
        <Review review={state.data} onChanged={reload} />
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

  const marks = useMemo(
    () => review.marks.map((m, i) => ({ id: m.judgeId, label: String(i + 1), point: { x: m.x, y: m.y } })),
    [review.marks],
  );
  const reveal = useMemo(() => {
    if (!review.judged) return null;
    const ball = { x: review.judged.x, y: review.judged.y };
    return {
      picture: review.picture,
      ball,
      distances: Object.fromEntries(review.marks.map((m) => [m.judgeId, Math.hypot(m.x - ball.x, m.y - ball.y)])),
      bestId: null,
    };
  }, [review]);
  const canReset = review.state === 'awaiting' || review.state === 'judging';

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
        <span>{t('judging.marksOf', { marks: review.marks.length, count: review.required })}</span>
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
            {t('judging.review.publishedAt', {
              time: review.publishedAt === null ? '' : formatIstShort(new Date(review.publishedAt), lng),
              who: review.publishedBy ?? '',
            })}{' '}
            {t('judging.review.notices', { sent: review.notices.sent, total: review.notices.total })}
          </p>
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
        <p>{resetting ? t('judging.review.resetText', { name: resetting.judgeName }) : ''}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={publishing}
        title={t('judging.review.publishTitle')}
        confirmLabel={t('judging.review.publishConfirm')}
        cancelLabel={t('judging.review.cancel')}
        busy={busy}
        busyLabel={t('judging.review.working')}
        onConfirm={() =>
          void act(async () =>
            t('judging.review.publishDone', { count: (await publishResult(review.contestId)).notices }),
          )
        }
        onCancel={() => setPublishing(false)}
      >
        <p>{t('judging.review.publishText', { entrants: review.entrantCount })}</p>
      </ConfirmDialog>
    </>
  );
}
