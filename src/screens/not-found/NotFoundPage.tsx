import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { StumpsPicture } from '../../ui/StumpsPicture.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="container page page--center not-found">
      <StumpsPicture bowled />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <p className="cricket-line">{t('notFound.line')}</p>
      <Link to={paths.home} className="button button--primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
