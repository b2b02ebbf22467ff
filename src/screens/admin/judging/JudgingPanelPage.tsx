/**
 * Console > Judging (judge role): the closed contests to mark, and the marking screen of one.
 * A judge sees how many judges have marked (never where) and their own mark; the server sends
 * nothing else, so nothing else can show.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import type { JudgeQueueItem } from '../../../../domain/judge-panel.ts';
import { judgeMarkingMachineFor } from '../../../actors/judge-marking.actors.ts';
import { callErrorOf, fetchJudgeQueue } from '../../../api/admin-judging.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { paths } from '../../../shared/paths.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { JudgingCardHead } from './JudgingCardHead.tsx';
import { useStageLabels } from './stage-labels.ts';
import '../../../styles/admin-judging.css';
import { contestNameParts } from './contest-name.ts';

const PictureStage = lazy(() => import('../../../stage/PictureStage.tsx').then((m) => ({ default: m.PictureStage })));

export const JUDGING_BASE = `${paths.admin}/judging`;
const MARK_ID = 'judge-mark';

export default function JudgingPanelPage() {
  return (
    <Routes>
      <Route index element={<JudgeQueuePage />} />
      <Route path=":contestId" element={<JudgeMarkPage />} />
    </Routes>
  );
}

function JudgeQueuePage() {
  const { t } = useTranslation('admin');
  const { state, retry } = useLoad(() => fetchJudgeQueue(), 'queue');

  return (
    <section className="console-page">
      <header className="console-page__header">
        <h1>{t('judging.panel.title')}</h1>
        <p className="muted">{t('judging.panel.intro')}</p>
      </header>
      {state.status === 'loading' || state.status === 'idle' ? (
        <Spinner label={t('judging.panel.loading')} />
      ) : state.status === 'failed' ? (
        <div className="console-empty">
          <p role="alert">{callErrorOf(state.error, t('list.failed')).message}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : state.value.contests.length === 0 ? (
        <p className="console-empty">{t('judging.panel.empty')}</p>
      ) : (
        <ul className="judging-list">
          {state.value.contests.map((item) => (
            <QueueItem key={item.contestId} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QueueItem({ item }: { item: JudgeQueueItem }) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  // Closed but not sealed yet: a reservation may still be paid, so nobody judges it yet.
  const waiting = !item.sealed && (item.state === 'awaiting' || item.state === 'judging');
  const open = !waiting && (item.state === 'awaiting' || item.state === 'judging');
  return (
    <li className="judging-card">
      <div className="judging-card__main">
        <JudgingCardHead item={item} />
        <p className="judging-card__meta">
          {waiting
            ? t('judging.notSealed')
            : item.myMarkAt !== null
              ? t('judging.panel.youMarked', { time: formatIstShort(new Date(item.myMarkAt), lng) })
              : open
                ? t('judging.panel.notYou')
                : t('judging.panel.notNeeded')}
        </p>
      </div>
      {(open || item.myMarkAt !== null) && (
        <Link
          to={`${JUDGING_BASE}/${encodeURIComponent(item.contestId)}`}
          className={`button ${item.myMarkAt === null && open ? 'button--primary' : 'button--ghost'}`}
        >
          {item.myMarkAt === null && open ? t('judging.panel.mark') : t('judging.panel.seeMine')}
        </Link>
      )}
    </li>
  );
}

function JudgeMarkPage() {
  const { contestId = '' } = useParams();
  // A new contest is a new flow: the key restarts the machine.
  return <JudgeMarkBoard key={contestId} contestId={contestId} />;
}

function JudgeMarkBoard({ contestId }: { contestId: string }) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const actor = useActorRef(
    judgeMarkingMachineFor({
      texts: () => ({
        loadFailed: t('judging.mark.loadFailed'),
        submitFailed: t('judging.mark.submitFailed'),
        notSealed: t('judging.notSealed'),
      }),
    }),
    { input: { contestId } },
  );
  const snapshot = useSelector(actor, (s) => s);
  const { point, error, outcome, contest: detail } = snapshot.context;
  const labels = useStageLabels();
  const marks = useMemo(() => [{ id: MARK_ID, label: '✓', point }], [point]);
  const marking = snapshot.matches('marking');
  const submitted = snapshot.matches('submitted');
  const confirming = snapshot.matches('confirming');
  const submitting = snapshot.matches('submitting');
  const showStage =
    detail !== null && !snapshot.matches('loading') && !snapshot.matches('loadFailed') && !snapshot.matches('closed');

  return (
    <section className="console-page judging-mark">
      <header className="console-page__header">
        <Link to={JUDGING_BASE} className="judging-back">
          {t('judging.back')}
        </Link>
        <h1>
          {detail
            ? t('judging.mark.title', contestNameParts(detail.windowKey, currentLanguage(i18n)))
            : t('judging.panel.title')}
        </h1>
        {detail && (
          <p className="muted">
            {t('judging.marksOf', {
              marks: outcome?.marks ?? detail.marks,
              count: outcome?.required ?? detail.required,
            })}
          </p>
        )}
      </header>

      {snapshot.matches('loading') && <Spinner label={t('judging.mark.loading')} />}
      {snapshot.matches('loadFailed') && (
        <div className="console-empty">
          <p role="alert">{error?.message || t('judging.mark.loadFailed')}</p>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'load.retry' })}>
            {t('retry')}
          </button>
        </div>
      )}
      {snapshot.matches('closed') && (
        <div className="console-empty">
          <p role="status">{error?.message || t('judging.mark.closed')}</p>
          <Link to={JUDGING_BASE} className="button button--primary">
            {t('judging.back')}
          </Link>
        </div>
      )}

      {showStage && detail && (
        <div className="judging-board">
          <div className="judging-stage">
            <Suspense fallback={<Spinner label={labels.loading} />}>
              <PictureStage
                picture={detail.picture}
                marks={marks}
                selectedId={MARK_ID}
                onPlace={(p) => actor.send({ type: 'mark.place', point: { x: p.x, y: p.y } })}
                onSelect={() => undefined}
                reveal={null}
                disabled={!marking}
                labels={labels}
              />
            </Suspense>
          </div>
          <div className="judging-panel">
            {submitted ? (
              <div role="status" className="judging-panel__done">
                <p className="judging-panel__lead">{t('judging.mark.final')}</p>
                {point && <p>{t('judging.mark.at', { x: point.x, y: point.y })}</p>}
                {detail.myMark && (
                  <p className="muted">
                    {t('judging.mark.submittedAt', { time: formatIstShort(new Date(detail.myMark.at), lng) })}
                  </p>
                )}
                {outcome?.state === 'judged' && <p>{t('judging.mark.judgedNow')}</p>}
              </div>
            ) : (
              <>
                <p className="judging-panel__lead">
                  {point ? t('judging.mark.at', { x: point.x, y: point.y }) : t('judging.mark.hint')}
                </p>
                <p className="muted">{t('judging.mark.alone')}</p>
                {snapshot.matches('submitFailed') && (
                  <div className="judging-panel__error" role="alert">
                    <p>{error?.message || t('judging.mark.submitFailed')}</p>
                    <div className="judging-panel__actions">
                      <button
                        type="button"
                        className="button button--primary"
                        onClick={() => actor.send({ type: 'submit.retry' })}
                      >
                        {t('retry')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => actor.send({ type: 'submit.cancel' })}
                      >
                        {t('judging.mark.backToPicture')}
                      </button>
                    </div>
                  </div>
                )}
                <button
                  type="button"
                  className="button button--primary judging-panel__submit"
                  disabled={!marking || point === null}
                  onClick={() => actor.send({ type: 'mark.submit' })}
                >
                  {submitting ? t('judging.mark.submitting') : t('judging.mark.submit')}
                </button>
              </>
            )}
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirming || submitting}
        title={t('judging.mark.confirmTitle')}
        confirmLabel={t('judging.mark.confirm')}
        cancelLabel={t('judging.mark.cancel')}
        busy={submitting}
        busyLabel={t('judging.mark.submitting')}
        onConfirm={() => actor.send({ type: 'confirm.yes' })}
        onCancel={() => actor.send({ type: 'confirm.no' })}
      >
        <p>{point ? t('judging.mark.confirmText', { x: point.x, y: point.y }) : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
