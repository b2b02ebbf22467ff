import { useTranslation } from 'react-i18next';
import type { SponsorView } from '../../domain/sponsor.ts';
import '../styles/sponsor.css';

/**
 * "Prize by <sponsor>" (issue 26): the contest card, the play screen and the result say who funds
 * the prize, with the logo and an https link (opened in a new tab, no referrer). Nothing without
 * a sponsor.
 */
export function SponsorLine({ sponsor, className }: { sponsor: SponsorView | null | undefined; className?: string }) {
  const { t } = useTranslation('common');
  if (!sponsor) return null;
  const body = (
    <>
      {sponsor.logoUrl && (
        <img
          className="sponsor-line__logo"
          src={sponsor.logoUrl}
          alt={t('sponsor.logoAlt', { name: sponsor.name })}
          width={72}
          height={24}
          loading="lazy"
          decoding="async"
        />
      )}
      <span className="sponsor-line__text">{t('sponsor.by', { name: sponsor.name })}</span>
    </>
  );
  return (
    <p className={className ? `sponsor-line ${className}` : 'sponsor-line'}>
      {sponsor.url ? (
        <a
          className="sponsor-line__link"
          href={sponsor.url}
          target="_blank"
          rel="noopener noreferrer sponsored"
          aria-label={t('sponsor.visit', { name: sponsor.name })}
        >
          {body}
        </a>
      ) : (
        body
      )}
    </p>
  );
}
