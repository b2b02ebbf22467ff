import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { isIndianState } from '../../../domain/india-state-list.ts';
import type { WinnerCard } from '../../../domain/results.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { formatIstDateTime, formatRupees } from '../../ui/format.ts';
import { MarkedPicture, type PictureMark } from './MarkedPicture.tsx';
import { SponsorLine } from '../../ui/SponsorLine.tsx';
import { useBallWidthWords } from './distance-words.ts';
import { revealDistance } from '../../../domain/reveal-distance.ts';

const round1 = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** A published result: the picture with the judged point and the winning mark, the winner, the prize. */
export function WinnerCardView({
  card,
  headingLevel = 2,
  first = false,
}: {
  card: WinnerCard;
  headingLevel?: 2 | 3;
  /** The page's first card: its picture is the page's largest, which the server preloads. */
  first?: boolean;
}) {
  const { t, i18n } = useTranslation('results');
  const lng = currentLanguage(i18n);
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const distance = useBallWidthWords();
  const winnerDistance = card.winner ? revealDistance(card.winner.distance, card.ballWidth) : null;
  const judged = t('card.judgedPoint');
  const marks: PictureMark[] = [
    {
      key: 'judged',
      x: card.judgedPoint.x,
      y: card.judgedPoint.y,
      kind: 'judged',
      title: `${judged} ${t('card.coordinates', { x: round1(card.judgedPoint.x), y: round1(card.judgedPoint.y) })}`,
    },
  ];
  if (card.winner)
    marks.push({
      key: 'winner',
      x: card.winner.mark.x,
      y: card.winner.mark.y,
      kind: 'winner',
      title: `${t('card.winningMark')} ${t('card.coordinates', card.winner.mark)}`,
    });
  return (
    <article className="winner-card card" aria-labelledby={`winner-${card.contestId}`}>
      <Heading id={`winner-${card.contestId}`} className="winner-card__title">
        {t('card.contest', { slot: card.slot, date: formatIstDateTime(new Date(card.showAt), lng) })}
      </Heading>
      {card.picture && <MarkedPicture picture={card.picture} marks={marks} alt={t('card.pictureAlt')} first={first} />}
      <ul className="winner-card__legend" aria-hidden="true">
        <li>
          <span className="legend-swatch legend-swatch--judged" /> {judged}
        </li>
        {card.winner && (
          <li>
            <span className="legend-swatch legend-swatch--winner" /> {t('card.winningMark')}
          </li>
        )}
      </ul>
      <dl className="winner-card__facts">
        <div>
          <dt>{t('card.winner')}</dt>
          <dd className="winner-card__name">
            {card.winner
              ? card.winner.state
                ? t('card.winnerFrom', {
                    name: card.winner.firstName,
                    state: isIndianState(card.winner.state) ? t(`states.${card.winner.state}`) : card.winner.state,
                  })
                : card.winner.firstName
              : t('card.noWinner')}
          </dd>
          {card.winner && (
            <>
              <dd>
                {winnerDistance?.kind === 'onBall'
                  ? t('card.distanceOnBall')
                  : winnerDistance?.kind === 'underOneWidth'
                    ? t('card.distanceUnderBallWidth')
                    : t('card.distance', { words: distance.words(card.winner.distance, card.ballWidth) })}
              </dd>
              <dd className="muted winner-card__details">
                {t('card.distanceDetails', { pixels: distance.pixels(card.winner.distance) })}
              </dd>
            </>
          )}
        </div>
        <div>
          <dt>{t('card.prize')}</dt>
          {/* A cash prize's title names its amount already; merchandise says what it is worth. */}
          <dd>
            {card.prize.kind === 'cash'
              ? card.prize.title
              : t('card.prizeValue', { title: card.prize.title, value: formatRupees(card.prize.valuePaise, locale) })}
          </dd>
        </div>
      </dl>
      <SponsorLine sponsor={card.sponsor} className="winner-card__sponsor" />
      <p className="muted winner-card__entries">{t('card.entries', { count: card.entries })}</p>
      <Link className="winner-card__check" to={generatePath(paths.verifyContest, { contestId: card.contestId })}>
        {t('card.check')}
      </Link>
    </article>
  );
}
