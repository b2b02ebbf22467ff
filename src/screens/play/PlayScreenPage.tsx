import { useActorRef, useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { PLAY_PICTURE } from '../../../domain/site-paths.ts';
import { CONTEST_ERROR_CODES } from '../../../domain/contest-codes.ts';
import type { ContestView } from '../../../domain/contests.ts';
import { paidEntriesSoon } from '../../../domain/paid-play.ts';
import { TICKET_REASON_ERROR_CODES, type TicketRuleReason } from '../../../domain/tickets.ts';
import { errorDetailsOf } from '../../../domain/api-error-details.ts';
import { ticketMarkingRules } from '../../../machines/ticket-marking.machine.ts';
import { ticketMarkingMachineFor } from '../../actors/ticket-marking.actors.ts';
import { refusalText } from '../../api/http.ts';
import { isContestScreenError } from '../game/contest-errors.ts';
import { contestPhase } from '../../api/contests.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { useCurrentContests } from '../../shared/use-current-contests.ts';
import { formatIstDateTime, asSentence } from '../../ui/format.ts';
import '../../styles/trial.css';
import { GameHints } from '../../ui/GameHints.tsx';
import { GameLoadError } from '../../ui/GameLoadError.tsx';
import '../../styles/contest.css';
import { GameBoard, GamePreview, GameTicketBar, useBarState, useShownState } from '../game/GameBoard.tsx';
import { useDraftMarks, useStageLabels, useTicketBarTexts } from '../game/game-texts.ts';
import { sameRule } from '../game/same-rule.ts';
import { usePreviewTaps } from '../game/use-preview-taps.ts';
import PlayLoading, { PlayPricePlace } from './PlayLoading.tsx';
import { PlayContestInfo } from './PlayContestInfo.tsx';
import { PlayPrice, useEntryTexts } from './PlayPrice.tsx';
import { useCodeAfterMark } from '../game/code-after-mark.ts';

// The entry sheet (bill, Pay, "You're in") comes in its own chunk, asked for at the first mark.
const loadPlayEntry = () => import('./PlayEntry.tsx');
const PlayEntry = lazy(loadPlayEntry);

/** The ticket rule each refusal code stands for (TICKET_REASON_ERROR_CODES read backwards). */
const SERVER_REASONS = new Map<string, TicketRuleReason['code']>(
  Object.entries(TICKET_REASON_ERROR_CODES).map(([reason, code]) => [code, reason as TicketRuleReason['code']]),
);

/** /play_screen: the open contest's picture, marked with the ticket-marking machine, then added to the cart. */
export default function PlayScreenPage() {
  const { t, i18n } = useTranslation(['contest', 'results']);
  // In the language the site shows (the strip names the prize); a switch keeps the game, same contest.
  const { load, retry } = useCurrentContests();
  const [params] = useSearchParams();
  const returningPayment = params.get('payment');
  const title = t('play.title');
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);

  if (load.status === 'loading') return <PlayLoading />;
  if (load.status === 'error') {
    return (
      <div className="container">
        <div className="card play-message">
          <h1 className="visually-hidden">{title}</h1>
          <p role="alert">{t('errors.loadFailed')}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {t('game.retry')}
          </button>
        </div>
      </div>
    );
  }
  const contest = load.data.current;
  const phase = contest ? contestPhase(contest, new Date()) : null;
  const playable = contest && phase === 'open' && contest.picture;
  // Back from the gateway after the contest closed: the payment's outcome is on /payments.
  if (!playable && returningPayment)
    return <Navigate to={`${paths.payments}?payment=${encodeURIComponent(returningPayment)}`} replace />;
  if (!contest || phase !== 'open' || !contest.picture) {
    // Issue 26: a cancelled contest's window shows the replacement or the next contest, not 'cancelled'.
    const upcoming = contest && phase === 'upcoming' && contest.state !== 'cancelled';
    return (
      <PlayMessage
        title={
          contest?.state === 'cancelled'
            ? t('play.cancelled')
            : upcoming
              ? t('play.upcoming', {
                  slot: contest.slot,
                  when: formatIstDateTime(new Date(contest.opensAt), currentLanguage(i18n)),
                })
              : contest
                ? t('play.closed')
                : t('play.noContest')
        }
      >
        {load.data.cancelled && (
          <p>
            {load.data.cancelled.reason
              ? t('card.cancelledNote', {
                  slot: load.data.cancelled.slot,
                  reason: asSentence(load.data.cancelled.reason, currentLanguage(i18n)),
                })
              : t('card.cancelledNoteNoReason', { slot: load.data.cancelled.slot })}
          </p>
        )}
        {upcoming ? (
          <>
            <p>{t('play.upcomingText')}</p>
            <Link to={paths.quickGame} className="button button--accent">
              {t('card.practice')}
            </Link>
          </>
        ) : contest?.state === 'cancelled' ? (
          <>
            {contest.cancelReason && <p>{t('card.cancelReason', { reason: contest.cancelReason })}</p>}
            <p>{t('card.cancelledText')}</p>
          </>
        ) : (
          contest && <p>{t('play.closedText')}</p>
        )}
        <Link to={paths.home} className="button button--primary">
          {t('play.backHome')}
        </Link>
        <Link to={paths.myAccount} className="button button--ghost">
          {t('results:entries.title')}
        </Link>
      </PlayMessage>
    );
  }
  if (paidEntriesSoon(contest, load.data.paidPlay)) {
    // Nothing to buy yet: no marking towards a checkout that cannot happen; practice instead.
    return (
      <PlayMessage title={t('play.paidSoonTitle')}>
        <p>{t('play.paidSoonText')}</p>
        <Link to={paths.quickGame} className="button button--accent">
          {t('card.practice')}
        </Link>
        <Link to={paths.home} className="button button--ghost">
          {t('play.backHome')}
        </Link>
      </PlayMessage>
    );
  }
  return <PlayBoard key={contest.id} contest={contest} picture={contest.picture} />;
}

/** Why there is no board to mark on (no open contest, nothing to buy yet), with the ways on. */
function PlayMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container">
      <div className="card play-message">
        <h1 className="play-message__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** The marking machine's states in which the screen shows the board (the stage and the ticket bar). */
const showsBoard = (state: string) =>
  state === 'ready' || state === 'submitting' || state === 'submitError' || state === 'submitted';

function PlayBoard({ contest, picture }: { contest: ContestView; picture: NonNullable<ContestView['picture']> }) {
  const { t, i18n } = useTranslation(['contest', 'results']);
  // Made once: @xstate/react hands each render's implementations to the actor, and a new one here
  // would forget that the contest was loaded (a reload after the entry sheet asks the server again).
  const [machine] = useState(() =>
    ticketMarkingMachineFor({ contest, picture, language: () => currentLanguage(i18n) }),
  );
  const actor = useActorRef(machine, { input: { contestId: contest.id } });
  // What the board shows, selected one by one: a change elsewhere in the machine renders nothing.
  const state = useSelector(actor, (s) => s.value);
  const draft = useSelector(actor, (s) => s.context.draft);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  const lastRejection = useSelector(actor, (s) => s.context.lastRejection);
  const held = useSelector(actor, (s) => s.context.held);
  const cart = useSelector(actor, (s) => s.context.cart);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const submittedOutcome = useSelector(actor, (s) => s.context.submitted);
  // Add and remove are heard even when refused (the refusal is the spec's message), so can()
  // says yes to both: the buttons grey out by the machine's own rules instead.
  const addRule = useSelector(actor, (s) => ticketMarkingRules.add(s.context), sameRule);
  const removeRule = useSelector(actor, (s) => ticketMarkingRules.remove(s.context), sameRule);
  // The stage fills the screen under the header: start at the top whatever the page before had
  // scrolled to (the home page's Play button sits below the fold on a phone).
  useEffect(() => {
    document.documentElement.scrollTop = 0;
  }, []);
  const submitFailed = state === 'submitError';

  // Why the submit failed, in the reader's language by the server's code.
  const serverText = useMemo(() => {
    if (!submitFailed) return null;
    if (errorCode === null) return t('errors.enterFailed');
    const reason = SERVER_REASONS.get(errorCode);
    if (reason === 'onlyNAvailable') {
      const count = errorDetailsOf('ONLY_N_AVAILABLE', refusal?.details)?.available;
      if (count !== undefined) return t('reasons.onlyNAvailable', { count });
    } else if (reason) return t(`reasons.${reason}`);
    else if (isContestScreenError(errorCode)) return t(`errors.${errorCode}`);
    return refusal ? refusalText(refusal) : t('errors.enterFailed');
  }, [submitFailed, errorCode, refusal, t]);

  const marks = useDraftMarks(draft);
  const marked = marks.some((mark) => mark.point !== null);
  // The entry sheet's code, fetched ahead once the player has marked and the engine is up.
  const onStageReady = useCodeAfterMark(marked, loadPlayEntry);
  const [params] = useSearchParams();
  const entryOpen = submittedOutcome !== null || params.get('payment') !== null;
  // Tickets already entered (free or paid) and those in the cart are on the picture too, locked: the player sees
  // where they stand, spreads the new guesses and cannot move them (the machine's rules already
  // refuse a new mark on the same pixel).
  const stageMarks = useMemo(
    () => [
      ...held.map((point, index) => ({ id: `held-${index}`, label: '', point, locked: true })),
      ...cart.map((point, index) => ({ id: `cart-${index}`, label: '', point, locked: true })),
      ...marks,
    ],
    [held, cart, marks],
  );
  // A tap on the picture before the board is up is placed once the contest has loaded; one on a
  // mark the image shows selects its ticket.
  const tapPhase = state === 'loading' ? 'waiting' : state === 'ready' ? 'marking' : 'closed';
  usePreviewTaps(picture, tapPhase, {
    marks: stageMarks,
    selectedId,
    place: (point) => actor.send({ type: 'ticket.place', point }),
    select: (id) => actor.send({ type: 'ticket.select', id }),
  });
  const labels = useStageLabels('contest');
  // The ticket bar's share of a tap, a frame after the mark on the picture.
  const bar = useBarState(state, marks, selectedId, lastRejection, addRule, removeRule);
  const count = bar.marks.length;
  // The way in says what it costs: "Enter for ₹X" (the sheet, then Pay) or "Enter free" (issue 25, 26).
  const entryTexts = useEntryTexts(contest, count);
  const markingTexts = useTicketBarTexts('contest', serverText);
  const barTexts = useMemo(
    () => ({ ...markingTexts, ...entryTexts, submitFailed: serverText ?? entryTexts.submitFailed }),
    [markingTexts, entryTexts, serverText],
  );
  const onReset = useCallback(() => actor.send({ type: 'ticket.reset' }), [actor]);

  const summary = useMemo(
    () => (
      <>
        <PlayPrice contest={contest} count={count} />
        {(held.length > 0 || cart.length > 0) && (
          <p className="play-held">
            {/* The padlock badge of the marks on the picture, so the note is read with them. */}
            <svg className="play-held__lock" viewBox="0 0 24 24" aria-hidden="true">
              <rect x="2" y="2" width="20" height="20" rx="5" />
              <path d="M8.5 11V8.5a3.5 3.5 0 0 1 7 0V11" />
              <rect x="6.5" y="11" width="11" height="8" rx="1.5" />
            </svg>
            {t('play.lockedNote', {
              list: [
                ...(held.length > 0 ? [t('play.lockedEntered', { count: held.length })] : []),
                ...(cart.length > 0 ? [t('play.lockedInCart', { count: cart.length })] : []),
              ].join(' · '),
            })}
            {cart.length > 0 && (
              <>
                {' '}
                <Link to={paths.cart}>{t('play.openCart')}</Link>
              </>
            )}
          </p>
        )}
      </>
    ),
    [contest, count, held, cart, t],
  );
  const ready = state === 'ready';
  const shown = useShownState(state, showsBoard);
  const showStage = showsBoard(shown);

  return (
    <div className="play-game">
      <h1 className="visually-hidden">{t('play.title')}</h1>
      <PlayContestInfo contest={contest} />
      {/* Above the picture from the first paint (PlayLoading) on, so the picture never moves down. */}
      {(shown === 'loading' || showStage) && <GameHints />}
      {shown === 'loading' && (
        // The contest's picture while the cart loads: preloaded with the HTML (PLAY_PICTURE).
        <GamePreview
          image={PLAY_PICTURE}
          label={t('play.loading')}
          hint={t('game.tapToPlace')}
          lastRow={<PlayPricePlace />}
        />
      )}
      {shown === 'loadError' && (
        <GameLoadError
          message={errorCode === CONTEST_ERROR_CODES.gamePlayClosed ? t('play.closed') : t('errors.loadFailed')}
          retryLabel={t('game.retry')}
          homeLabel={t('play.backHome')}
          homeTo={paths.home}
          onRetry={() => actor.send({ type: 'load.retry' })}
        />
      )}
      {showStage && (
        <GameBoard
          picture={picture}
          previewImage={PLAY_PICTURE}
          marks={stageMarks}
          selectedId={selectedId}
          reveal={null}
          disabled={!ready}
          canRemove={removeRule.ok}
          labels={labels}
          send={actor.send}
          onStageReady={onStageReady}
        >
          <GameTicketBar
            texts={barTexts}
            summary={summary}
            marks={bar.marks}
            selectedId={bar.selectedId}
            busy={state === 'submitting'}
            disabled={!ready}
            lastRejection={bar.lastRejection}
            submitFailed={submitFailed}
            addRule={bar.addRule}
            removeRule={bar.removeRule}
            send={actor.send}
            onReset={onReset}
          />
        </GameBoard>
      )}
      {entryOpen && (
        <Suspense fallback={null}>
          <PlayEntry
            contest={contest}
            submitted={submittedOutcome}
            onClose={() => actor.send({ type: 'entry.close' })}
          />
        </Suspense>
      )}
    </div>
  );
}
