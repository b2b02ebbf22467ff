import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { PRACTICE_PICTURE } from '../../../domain/site-paths.ts';
import { TRIAL_MAX_GAMES } from '../../../domain/tickets.ts';
import { type PracticeResult, trialRules } from '../../../machines/trial-game.machine.ts';
import { trialGameMachineFor } from '../../actors/trial-game.actors.ts';
import { refusalText } from '../../api/http.ts';
import { loginMarker } from '../../shared/login-marker.ts';
import { paths } from '../../shared/paths.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import '../../styles/trial.css';
import { GameHints } from '../../ui/GameHints.tsx';
import { GameLoadError } from '../../ui/GameLoadError.tsx';
import { TrialTop } from './TrialTop.tsx';
import { readPracticeGames } from '../../shared/practice-count.ts';
import { GameBoard, GamePreview, GameTicketBar, loadStage, useBarState, useShownState } from '../game/GameBoard.tsx';
import { useDraftMarks, useStageLabels, useTicketBarTexts } from '../game/game-texts.ts';
import { sameRule } from '../game/same-rule.ts';
import { usePreviewTaps } from '../game/use-preview-taps.ts';
import { useRevealWords } from './reveal-words.ts';
import { ResultPanel } from './ResultPanel.tsx';

/** The trial machine's states in which the screen shows the board (the stage and the ticket bar or the result). */
const showsBoard = (state: string) =>
  state === 'playing' || state === 'submitting' || state === 'submitError' || state === 'revealed';

/** /quick_game_screen: the free practice game, run by the trial machine. */
export default function QuickGameScreenPage() {
  const { t, i18n } = useTranslation('trial');
  const navigate = useNavigate();
  // Today's count is read once, for the actor's start (a later render, a tap's, would read the
  // browser's storage again for nothing).
  const [input] = useState(() => ({ gamesPlayed: readPracticeGames(new Date()) }));
  // Made once, as the play screen's: a machine made in every render (a tap's too) cost a provide()
  // of its implementations each time, which @xstate/react then handed to the actor (issue 29). The
  // first render's navigate serves for good: both ways on are absolute paths.
  const [machine] = useState(() =>
    trialGameMachineFor({
      goToRealGame: () => {
        if (loginMarker.isSet()) void navigate(paths.playScreen);
        else
          void navigate(paths.login, {
            state: { from: paths.playScreen, notice: i18n.t('loginNeeded', { ns: 'trial' }) },
          });
      },
    }),
  );
  const actor = useActorRef(machine, { input });
  // What the screen shows, selected one by one: a change elsewhere in the machine renders nothing.
  const state = useSelector(actor, (s) => s.value);
  const picture = useSelector(actor, (s) => s.context.picture);
  const firstPair = useSelector(actor, (s) => s.context.firstPair);
  const draft = useSelector(actor, (s) => s.context.draft);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  const lastRejection = useSelector(actor, (s) => s.context.lastRejection);
  const gamesPlayed = useSelector(actor, (s) => s.context.gamesPlayed);
  const result = useSelector(actor, (s) => s.context.result);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const canReplay = useSelector(actor, (s) => s.can({ type: 'trial.replay' }));
  // Add and remove are heard even when refused (the refusal is the spec's message), so can()
  // says yes to both: the buttons grey out by the machine's own rules instead.
  const addRule = useSelector(actor, (s) => trialRules.add(s.context), sameRule);
  const removeRule = useSelector(actor, (s) => trialRules.remove(s.context), sameRule);
  useEffect(() => {
    void loadStage();
  }, []);
  // The first game of the page is the first pair, whose picture the page preloaded and showed by
  // its stable address: the same image keeps that address until the stage draws.
  const previewImage = firstPair ? PRACTICE_PICTURE : undefined;

  const title = t('game.title');
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);

  const marks = useDraftMarks(draft);
  // The ticket bar's share of a tap, a frame after the mark on the picture.
  const bar = useBarState(state, marks, selectedId, lastRejection, addRule, removeRule);
  const onReset = useCallback(() => actor.send({ type: 'trial.reset' }), [actor]);
  const words = useRevealWords();
  const labels = useStageLabels('trial', words.short);
  const barTexts = useTicketBarTexts('trial', refusal ? refusalText(refusal) : null);
  const reveal = useMemo(() => {
    if (!result) return null;
    const distances: Record<string, number> = {};
    draft.forEach((ticket, index) => {
      const distance = result.distances[index];
      if (distance !== undefined) distances[ticket.id] = distance;
    });
    return {
      picture: result.reveal,
      ball: result.ball,
      distances,
      bestId: result.bestTicketId,
      ballWidth: result.ballWidth,
    };
  }, [result, draft]);

  // The result panel comes once the count on the picture has landed, not over the moment itself.
  const [landedFor, setLandedFor] = useState<PracticeResult | null>(null);
  const resultRef = useRef(result);
  useLayoutEffect(() => {
    resultRef.current = result;
  });
  const onRevealLanded = useCallback(() => setLandedFor(resultRef.current), []);
  const landed = result !== null && landedFor === result;

  // A tap on the picture before the game or the stage is up is placed once the game has loaded;
  // one on a mark the image shows selects its ticket.
  const tapPhase = state === 'loading' ? 'waiting' : state === 'playing' ? 'marking' : 'closed';
  usePreviewTaps(picture, tapPhase, {
    marks,
    selectedId,
    place: (point) => actor.send({ type: 'ticket.place', point }),
    select: (id) => actor.send({ type: 'ticket.select', id }),
  });

  const top = useMemo(
    () => (
      <TrialTop>
        {gamesPlayed > 0 && (
          <p className="trial-top__progress" aria-live="polite">
            {t('game.progress', { current: gamesPlayed, total: TRIAL_MAX_GAMES })}
          </p>
        )}
      </TrialTop>
    ),
    [gamesPlayed, t],
  );
  const shown = useShownState(state, showsBoard);
  const showStage = showsBoard(shown);
  const playing = state === 'playing';
  const firstPreview = shown === 'loading' && previewImage !== undefined;

  return (
    <div className="trial-game">
      {top}
      <h1 className="visually-hidden">{title}</h1>

      {shown === 'loading' && !firstPreview && (
        <div className="trial-game__center">
          <Spinner label={t('game.loading')} />
        </div>
      )}

      {shown === 'limitReached' && (
        <div className="trial-game__center">
          <div className="trial-error" role="status">
            <p className="trial-error__text">{t('game.limitToday', { total: TRIAL_MAX_GAMES })}</p>
            <div className="trial-error__actions">
              <button
                type="button"
                className="button button--accent"
                onClick={() => actor.send({ type: 'trial.playReal' })}
              >
                {t('result.playReal')}
              </button>
              <Link to={paths.home} className="button button--ghost">
                {t('backHome')}
              </Link>
            </div>
          </div>
        </div>
      )}

      {shown === 'loadError' && (
        <GameLoadError
          message={t(`errors.${errorCode ?? 'loadFailed'}`)}
          retryLabel={t('game.retry')}
          homeLabel={t('backHome')}
          homeTo={paths.home}
          onRetry={() => actor.send({ type: 'load.retry' })}
        />
      )}

      {(showStage || firstPreview) && <GameHints />}
      {firstPreview && (
        // The first game: its picture from the page's first paint (preloaded with the HTML).
        <GamePreview image={previewImage} label={t('game.loading')} hint={t('game.tapToPlace')} />
      )}
      {showStage && (
        <GameBoard
          picture={picture}
          previewImage={previewImage}
          marks={marks}
          // In the reveal only the best mark stands out, not the last selected one.
          selectedId={reveal ? null : selectedId}
          reveal={reveal}
          onRevealLanded={onRevealLanded}
          disabled={!playing}
          canRemove={removeRule.ok}
          labels={labels}
          send={actor.send}
        >
          {shown === 'revealed' && result && landed ? (
            <ResultPanel
              marks={marks}
              distances={result.distances}
              bestId={result.bestTicketId}
              ball={result.ball}
              ballWidth={result.ballWidth}
              canReplay={canReplay}
              words={words}
              onReplay={() => actor.send({ type: 'trial.replay' })}
              onPlayReal={() => actor.send({ type: 'trial.playReal' })}
            />
          ) : (
            <GameTicketBar
              texts={barTexts}
              marks={bar.marks}
              selectedId={bar.selectedId}
              busy={state === 'submitting'}
              disabled={!playing}
              lastRejection={bar.lastRejection}
              submitFailed={state === 'submitError'}
              addRule={bar.addRule}
              removeRule={bar.removeRule}
              send={actor.send}
              onReset={onReset}
            />
          )}
        </GameBoard>
      )}
    </div>
  );
}
