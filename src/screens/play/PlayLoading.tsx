import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PLAY_PICTURE } from '../../../domain/site-paths.ts';
import { askCartAhead } from '../../api/contests.ts';
import { useCurrentContestsFetch } from '../../shared/current-contests-share.tsx';
import { currentLanguage } from '../../shared/i18n.ts';
import { GameHints } from '../../ui/GameHints.tsx';
import { GamePreview, loadStage } from '../game/GameBoard.tsx';
import '../../styles/trial.css';
import '../../styles/contest.css';

/**
 * The play screen while it loads: the current contest's picture (preloaded with the HTML) where
 * the stage will be, almost always the one to play on. Shown while the screen's code loads, while
 * the location gate asks the server, and while the screen fetches the contest, so the player sees
 * the photo from the first paint instead of a spinner; a closed or missing contest replaces it
 * with its message.
 */
export default function PlayLoading() {
  const { t, i18n } = useTranslation('contest');
  const lng = currentLanguage(i18n);
  const fetchContests = useCurrentContestsFetch();
  const view = useLocation().key;
  // The stage's code, and its engine's once the page is idle, load while the gate and the contest
  // are asked (issue 29: asked only by the board, the engine started 1 s after the load and was
  // ready 0.8 s later); the board finds them ready. The contest and the cart are asked now, beside
  // the location check, not after it: the screen's own asks take these answers (the contests'
  // share, takeCart), which the server preloaded with the HTML.
  useEffect(() => {
    void loadStage();
    fetchContests(lng).catch(() => undefined); // the screen's own ask shows a failure
    askCartAhead(view);
  }, [fetchContests, lng, view]);
  return (
    <div className="play-game">
      <h1 className="visually-hidden">{t('play.title')}</h1>
      <PlayContestInfoPlaceholder />
      {/* Where the board has them: the picture stays put as the board takes its place. */}
      <GameHints />
      <GamePreview
        image={PLAY_PICTURE}
        label={t('play.loading')}
        hint={t('game.tapToPlace')}
        lastRow={<PlayPricePlace />}
      />
    </div>
  );
}

/**
 * The price line's room while the contest loads (GamePreview's last row, here and in the play
 * screen's own loading state): one line in its type, unseen, so the picture above keeps the height
 * it has once the line is there.
 */
export function PlayPricePlace() {
  return (
    <p className="play-summary play-summary--place" aria-hidden="true">
      {'\u00a0'}
    </p>
  );
}

/**
 * The strip's shape before the contest has loaded (PlayContestInfo's place in the first paint):
 * the picture under it then stays where it is when the strip fills in, instead of jumping down.
 */
function PlayContestInfoPlaceholder() {
  return (
    <div className="play-info play-info--placeholder" aria-hidden="true">
      <p className="play-info__contest">
        <span className="skeleton play-info__skeleton-name" />
      </p>
      <div className="play-info__close">
        <span className="skeleton play-info__skeleton-countdown" />
      </div>
    </div>
  );
}
