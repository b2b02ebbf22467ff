import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TRIAL_MAX_GAMES, type TicketPoint } from '../../../domain/tickets.ts';
import type { TicketMark } from '../../ui/TicketBar.tsx';
import type { RevealWords } from './reveal-words.ts';

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
 * The reveal's words, once the count on the picture has landed: the closest ticket, then each
 * ticket in ball widths, with the pixels (and where the ball was, in pixels) only in the details
 * lines. The way on is a new picture or the real contest; the solved picture is never offered again.
 */
export function ResultPanel({
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
  // The panel takes the ticket bar's place, Submit with it: the focus would fall to <body>. It goes
  // to the panel's heading instead (without scrolling: the reveal on the picture stays in view),
  // unless the player has already moved it somewhere else.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="trial-result" aria-labelledby="trial-result-title">
      <h2 id="trial-result-title" className="trial-result__title" ref={heading} tabIndex={-1}>
        {t('result.title')}
      </h2>
      {best >= 0 && bestDistance !== undefined && (
        <p className="trial-result__best" role="status">
          {words.bestNote(marks[best]?.label ?? '', bestDistance, ballWidth)}
        </p>
      )}
      <ol className="trial-result__list" aria-label={t('result.distanceHeading')}>
        {marks.map((mark, index) => {
          const distance = distances[index];
          const isBest = mark.id === bestId;
          const details = distance === undefined ? null : words.details(distance, ballWidth);
          return (
            <li key={mark.id} className={`trial-result__row${isBest ? ' trial-result__row--best' : ''}`}>
              <span className="trial-result__ticket">{t('game.ticket', { n: mark.label })}</span>
              <span className="trial-result__distance">
                {distance === undefined ? '' : words.short(distance, ballWidth)}
              </span>
              {isBest && <span className="trial-result__badge">{t('result.best')}</span>}
              {details && <span className="trial-result__details">{details}</span>}
            </li>
          );
        })}
      </ol>
      <p className="trial-result__ball">{t('result.ball', { x: ball.x, y: ball.y })}</p>
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
