import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { LogoMark } from '../../ui/Logo.tsx';
import { paths } from '../../shared/paths.ts';

/**
 * The slim bar of the practice screens: brand link home, an optional middle, the language switch.
 * A screen's render that leaves its middle as it was (a tap's mark) passes it by.
 */
export const TrialTop = memo(function TrialTop({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('trial');
  return (
    <div className="trial-top">
      <Link to={paths.home} className="brand trial-top__brand" aria-label={`${BRAND.name}: ${t('backHome')}`}>
        <LogoMark size={28} />
        <span className="brand__name">{BRAND.name}</span>
      </Link>
      {children}
      <LanguageSwitch />
    </div>
  );
});
