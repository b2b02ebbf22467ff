import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';

/** The header's way to My entries for a logged-in player (issue 25): a ticket, one tap. */
export function EntriesButton() {
  const { t } = useTranslation();
  return (
    <NavLink to={paths.myEntries} className="header-icon entries-button" aria-label={t('nav.myEntries')}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 7a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-3a2 2 0 0 0 0-4z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M9 9.5h6M9 12h6M9 14.5h4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </NavLink>
  );
}
