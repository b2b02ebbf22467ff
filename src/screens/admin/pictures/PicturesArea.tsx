import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes } from 'react-router-dom';
import { paths } from '../../../shared/paths.ts';
import '../../../styles/admin-pictures.css';
import { LibraryPage } from './LibraryPage.tsx';
import { NewPairPage } from './NewPairPage.tsx';
import { PairsPage } from './PairsPage.tsx';
import { PreviewPage } from './PreviewPage.tsx';

/** Admin > Pictures: the library (upload, browse by kind), the preview on the stage, and the practice pairs. */
export default function PicturesArea() {
  const { t } = useTranslation('admin');
  return (
    <section className="console-page pictures">
      <header className="console-page__header">
        <h1>{t('pictures.title')}</h1>
        <p className="muted">{t('pictures.intro')}</p>
      </header>
      <nav className="pictures-tabs" aria-label={t('pictures.sections')}>
        {/* Whole paths: a relative "." inside this splat route ('pictures/*') names the current page, so Library lit up on the pairs' page too. */}
        <NavLink to={`${paths.admin}/pictures`} end className="pictures-tabs__link">
          {t('pictures.tabs.library')}
        </NavLink>
        <NavLink to={`${paths.admin}/pictures/pairs`} className="pictures-tabs__link">
          {t('pictures.tabs.pairs')}
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<LibraryPage />} />
        <Route path="pairs" element={<PairsPage />} />
        <Route path="pairs/new" element={<NewPairPage />} />
        <Route path=":id" element={<PreviewPage />} />
      </Routes>
    </section>
  );
}
