import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n.ts';
import { formatRupees } from '../../ui/format.ts';
import type { ContestsLoad } from '../../shared/use-current-contests.ts';

/** A trophy, drawn for contests whose prize has no photo. */
function Trophy() {
  return (
    <svg className="prize-spotlight__trophy" viewBox="0 0 64 64" aria-hidden="true">
      <path d="M20 8h24v14a12 12 0 0 1-24 0z" fill="var(--color-gold)" />
      <path
        d="M20 12h-8v4a10 10 0 0 0 10 10M44 12h8v4a10 10 0 0 1-10 10"
        fill="none"
        stroke="var(--color-gold)"
        strokeWidth="4"
      />
      <path d="M29 33h6v11h-6z" fill="var(--color-gold)" />
      <path d="M20 46h24v8H20z" fill="var(--color-cream)" />
      <circle cx="32" cy="19" r="5" fill="var(--color-ball)" />
    </svg>
  );
}

/**
 * The hero's prize: the photo the operator set for the contest (else a trophy), what it is and
 * what it is worth. Holds its place while the contest loads, so the page does not move.
 */
export function PrizeSpotlight({ load }: { load: ContestsLoad }) {
  const { t, i18n } = useTranslation('home');
  const lng = currentLanguage(i18n);
  if (load.status === 'loading') return <div className="prize-spotlight" aria-hidden="true" />;
  const contest = load.status === 'ready' ? load.data.current : null;
  if (!contest || contest.state === 'cancelled') return null;
  const { prize } = contest;
  return (
    <section className="prize-spotlight" aria-labelledby="prize-spotlight-title">
      {prize.pictureUrl ? (
        <img
          className="prize-spotlight__photo"
          src={prize.pictureUrl}
          width={160}
          height={120}
          decoding="async"
          alt={t('prize.photoAlt', { title: prize.title })}
        />
      ) : (
        <Trophy />
      )}
      <div className="prize-spotlight__text">
        <p className="prize-spotlight__label">{t('prize.label', { slot: contest.slot })}</p>
        <h2 id="prize-spotlight-title" className="prize-spotlight__title">
          {prize.title}
        </h2>
        {prize.valuePaise > 0 && (
          <p className="prize-spotlight__worth">{t('prize.worth', { value: formatRupees(prize.valuePaise, lng) })}</p>
        )}
      </div>
    </section>
  );
}
