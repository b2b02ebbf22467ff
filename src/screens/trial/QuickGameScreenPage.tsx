import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { GamePicture } from '../../../domain/practice.ts';
import { PRACTICE_PICTURE, type ResponsiveImage } from '../../../domain/site-paths.ts';
import { TRIAL_MAX_GAMES } from '../../../domain/tickets.ts';
import { type PracticeResult, trialRules } from '../../../machines/trial-game.machine.ts';
import { trialGameMachineFor } from '../../actors/trial-game.actors.ts';
import { loginMarker } from '../../shared/login-marker.ts';
import { paths } from '../../shared/paths.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import '../../styles/trial.css';
import { GameHints } from '../../ui/GameHints.tsx';
import { GameLoadError } from '../../ui/GameLoadError.tsx';
import { TrialTop } from './TrialTop.tsx';
import { readPracticeGames } from '../../shared/practice-count.ts';
import { GameBoard, GamePreview, GameTicketBar, loadStage } from '../game/GameBoard.tsx';
import { useDraftMarks, useStageLabels, useTicketBarTexts } from '../game/game-texts.ts';
import { usePreviewTaps } from '../game/use-preview-taps.ts';
import { useRevealWords } from './reveal-words.ts';
import { ResultPanel } from './ResultPanel.tsx';

/** /quick_game_screen: the free practice game, run by the trial machine. */
export default function QuickGameScreenPage() {
  const { t, i18n } = useTranslation('trial');
  const navigate = useNavigate();
  // The machine keeps only the picture's size; the variants to draw and the original to reveal
  // come with the same answers and are kept here for the stage.
  const [picture, setPicture] = useState<GamePicture | null>(null);
  const [revealPicture, setRevealPicture] = useState<GamePicture | null>(null);
  const [previewImage, setPreviewImage] = useState<ResponsiveImage | undefined>(PRACTICE_PICTURE);

  const actor = useActorRef(
    trialGameMachineFor({
      // The first game of the page is the first pair, whose picture the page preloaded and
      // showed by its stable address: the same image keeps that address until the stage draws.
      onLoadStart: (first) => setPreviewImage(first ? PRACTICE_PICTURE : undefined),
      onPicture: setPicture,
      onReveal: setRevealPicture,
      goToRealGame: () => {
        if (loginMarker.isSet()) void navigate(paths.playScreen);
        else
          void navigate(paths.login, {
            state: { from: paths.playScreen, notice: i18n.t('loginNeeded', { ns: 'trial' }) },
          });
      },
    }),
    { input: { gamesPlayed: readPracticeGames(new Date()) } },
  );
  const snapshot = useSelector(actor, (s) => s);
  useEffect(() => {
    void loadStage();
  }, []);
  const { draft, selectedId, lastRejection, gamesPlayed, result, errorCode, refusal } = snapshot.context;

  const title = t('game.title');
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);

  const marks = useDraftMarks(draft);
  const words = useRevealWords();
  const labels = useStageLabels('trial', words.short);
  const barTexts = useTicketBarTexts('trial', refusal);
  const reveal = useMemo(() => {
    if (!result || !revealPicture) return null;
    const distances: Record<string, number> = {};
    draft.forEach((ticket, index) => {
      const distance = result.distances[index];
      if (distance !== undefined) distances[ticket.id] = distance;
    });
    return {
      picture: revealPicture,
      ball: result.ball,
      distances,
      bestId: result.bestTicketId,
      ballWidth: result.ballWidth,
    };
  }, [result, revealPicture, draft]);

  // The result panel comes once the count on the picture has landed, not over the moment itself.
  const [landedFor, setLandedFor] = useState<PracticeResult | null>(null);
  const resultRef = useRef(result);
  useLayoutEffect(() => {
    resultRef.current = result;
  });
  const onRevealLanded = useCallback(() => setLandedFor(resultRef.current), []);
  const landed = result !== null && landedFor === result;

  // A tap on the picture before the game or the stage is up is placed once the game has loaded.
  const tapPhase = snapshot.matches('loading') ? 'waiting' : snapshot.matches('playing') ? 'marking' : 'closed';
  usePreviewTaps(snapshot.context.picture, tapPhase, (point) => actor.send({ type: 'ticket.place', point }));

  const showStage =
    picture !== null &&
    (snapshot.matches('playing') ||
      snapshot.matches('submitting') ||
      snapshot.matches('submitError') ||
      snapshot.matches('revealed'));
  const playing = snapshot.matches('playing');
  const firstPreview = snapshot.matches('loading') && previewImage !== undefined;

  return (
    <div className="trial-game">
      <TrialTop>
        {gamesPlayed > 0 && (
          <p className="trial-top__progress" aria-live="polite">
            {t('game.progress', { current: gamesPlayed, total: TRIAL_MAX_GAMES })}
          </p>
        )}
      </TrialTop>
      <h1 className="visually-hidden">{title}</h1>

      {snapshot.matches('loading') && !firstPreview && (
        <div className="trial-game__center">
          <Spinner label={t('game.loading')} />
        </div>
      )}

      {snapshot.matches('limitReached') && (
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

      {snapshot.matches('loadError') && (
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
        <GamePreview image={previewImage} label={t('game.loading')} />
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
          canRemove={trialRules.remove(snapshot.context).ok}
          labels={labels}
          send={actor.send}
        >
          {snapshot.matches('revealed') && result && landed ? (
            <ResultPanel
              marks={marks}
              distances={result.distances}
              bestId={result.bestTicketId}
              ball={result.ball}
              ballWidth={result.ballWidth}
              canReplay={snapshot.can({ type: 'trial.replay' })}
              words={words}
              onReplay={() => actor.send({ type: 'trial.replay' })}
              onPlayReal={() => actor.send({ type: 'trial.playReal' })}
            />
          ) : (
            <GameTicketBar
              texts={barTexts}
              marks={marks}
              selectedId={selectedId}
              busy={snapshot.matches('submitting')}
              disabled={!playing}
              lastRejection={lastRejection}
              submitFailed={snapshot.matches('submitError')}
              rules={{
                add: trialRules.add(snapshot.context),
                remove: trialRules.remove(snapshot.context),
              }}
              send={actor.send}
              onReset={() => actor.send({ type: 'trial.reset' })}
            />
          )}
        </GameBoard>
      )}
    </div>
  );
}
