import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { paths } from '../../shared/paths.ts';

const links = [
  { to: paths.howToPlay, key: 'footer.howToPlay' },
  { to: paths.terms, key: 'footer.terms' },
  { to: paths.privacy, key: 'footer.privacy' },
  { to: paths.rules, key: 'footer.rules' },
  { to: paths.cookies, key: 'footer.cookies' },
  { to: paths.contactUs, key: 'footer.contact' },
  { to: paths.whoWeAre, key: 'footer.whoWeAre' },
  { to: paths.inThePress, key: 'footer.inThePress' },
  { to: paths.accountDelete, key: 'footer.accountDeletion' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={t('nav.footer')}>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__note">{t('footer.responsible')}</p>
        {/* DB-IP's licence (CC BY 4.0) asks for this link, in its own words, where its data is used: every page's country check. */}
        <p className="site-footer__note">
          <a href="https://db-ip.com" target="_blank" rel="noopener">
            IP Geolocation by DB-IP
          </a>
        </p>
        <p className="site-footer__note">
          {t('footer.copyright', { year: new Date().getFullYear(), company: BRAND.company })}
        </p>
      </div>
    </footer>
  );
}
