import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { GamePicture } from '../../../domain/practice.ts';
import { PRACTICE_PICTURE, type ResponsiveImage } from '../../../domain/site-paths.ts';
import { TRIAL_MAX_GAMES, type TicketPoint } from '../../../domain/tickets.ts';
import { trialRules } from '../../../machines/trial-game.machine.ts';
import { trialGameMachineFor } from '../../actors/trial-game.actors.ts';
import { loginMarker } from '../../app/login-marker.ts';
import { paths } from '../../app/paths.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { TicketMark } from '../../ui/TicketBar.tsx';
import '../../styles/trial.css';
import { GameHints } from '../../ui/GameHints.tsx';
import { GameLoadError } from '../../ui/GameLoadError.tsx';
import { TrialTop } from './TrialTop.tsx';
import { readPracticeGames } from './practice-count.ts';
import { GameBoard, GamePreview, GameTicketBar, loadStage } from '../game/GameBoard.tsx';
import { useDraftMarks, useStageLabels, useTicketBarTexts } from '../game/game-texts.ts';
import { type RevealWords, useRevealWords } from './reveal-words.ts';

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
          disabled={!playing}
          labels={labels}
          send={actor.send}
        >
          {snapshot.matches('revealed') && result ? (
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
                submit: trialRules.submit(snapshot.context),
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

interface ResultPanelProps {
  marks: TicketMark[];
  distances: number[];
  bestId: string;
  ball: TicketPoint;
  ballWidth: number | null;
  canReplay: boolean;
  words: RevealWords;
  onReplay(): void;
  onPlayReal(): void;
}

/**
 * The reveal's words: the closest ticket, then each ticket in ball widths with pixels in the
 * details. The way on is a new picture or the real contest; the solved picture is never offered again.
 */
function ResultPanel({
  marks,
  distances,
  bestId,
  ball,
  ballWidth,
  canReplay,
  words,
  onReplay,
  onPlayReal,
}: ResultPanelProps) {
  const { t } = useTranslation('trial');
  const best = marks.findIndex((m) => m.id === bestId);
  const bestDistance = distances[best];
  return (
    <section className="trial-result" aria-labelledby="trial-result-title">
      <h2 id="trial-result-title" className="trial-result__title">
        {t('result.title')}
      </h2>
      <p className="trial-result__ball">{t('result.ball', { x: ball.x, y: ball.y })}</p>
      {best >= 0 && bestDistance !== undefined && (
        <p className="trial-result__best" role="status">
          {words.bestNote(marks[best]?.label ?? '', bestDistance, ballWidth)}
        </p>
      )}
      <ol className="trial-result__list" aria-label={t('result.distanceHeading')}>
        {marks.map((mark, index) => {
          const distance = distances[index];
          const isBest = mark.id === bestId;
          return (
            <li key={mark.id} className={`trial-result__row${isBest ? ' trial-result__row--best' : ''}`}>
              <span className="trial-result__ticket">{t('game.ticket', { n: mark.label })}</span>
              <span className="trial-result__distance">
                {distance === undefined ? '' : words.detail(distance, ballWidth)}
              </span>
              {isBest && <span className="trial-result__badge">{t('result.best')}</span>}
            </li>
          );
        })}
      </ol>
      {!canReplay && <p className="trial-result__limit">{t('result.limit', { total: TRIAL_MAX_GAMES })}</p>}
      <div className="trial-result__actions">
        {canReplay && (
          <button type="button" className="button button--small button--primary" onClick={onReplay}>
            {t('result.playAgain')}
          </button>
        )}
        <button type="button" className="button button--small button--accent" onClick={onPlayReal}>
          {t('result.playReal')}
        </button>
      </div>
    </section>
  );
}
