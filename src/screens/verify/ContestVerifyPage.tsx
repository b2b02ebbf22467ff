import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { ContestSeal, Publication } from '../../../domain/verification.ts';
import { fetchPublication, fetchSeal } from '../../api/verification.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { useLoad } from '../../shared/use-load.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { PublishedResult } from './PublishedResult.tsx';
import { runVerification, type VerificationResult } from './run-verification.ts';
import { SealOnly } from './VerifySections.tsx';
import '../../styles/verify.css';

type Found =
  | { status: 'notFound' }
  | { status: 'sealedOnly'; seal: ContestSeal }
  | { status: 'published'; seal: ContestSeal | null; publication: Publication };

/**
 * /the_winners_circle/:contestId/verify: anyone checks a published result in the browser, from
 * the published files alone (domain/verification.ts, the code the server and the command-line
 * script use), and checks a ticket's receipt against the sealed root.
 */
export default function ContestVerifyPage() {
  const { contestId = '' } = useParams();
  const { t, i18n } = useTranslation('verify');
  const lng = currentLanguage(i18n);
  // A new contest or a retry shows the spinner at once.
  const { state, retry } = useLoad<Found>(async (signal) => {
    const [seal, publication] = await Promise.all([fetchSeal(contestId, signal), fetchPublication(contestId, signal)]);
    if (publication) return { status: 'published', seal, publication };
    return seal ? { status: 'sealedOnly', seal } : { status: 'notFound' };
  }, contestId);
  const loaded = state.status === 'ready' ? state.value : state;
  // The check runs in the browser once the published files are here; its result belongs to them.
  const publication = loaded.status === 'published' ? loaded.publication : null;
  const checked = useLoad<VerificationResult>(
    async () => runVerification(publication!),
    publication ? `${publication.contest.id}|${publication.contest.publishedAt}|${publication.seal.root}` : null,
  );
  const result = checked.state.status === 'ready' ? checked.state.value : null;

  useEffect(() => {
    document.title = `${t('title')} | ${BRAND.name}`;
  }, [t]);

  let content;
  if (loaded.status === 'loading' || loaded.status === 'idle') content = <Spinner label={t('loading')} />;
  else if (loaded.status === 'failed')
    content = (
      <div className="card verify__state">
        <p role="alert">{t('loadFailed')}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  else if (loaded.status === 'notFound')
    content = (
      <div className="card verify__state">
        <p role="alert">{t('notFound')}</p>
        <Link to={paths.winnersCircle}>{t('backToWinners')}</Link>
      </div>
    );
  else if (loaded.status === 'sealedOnly') content = <SealOnly seal={loaded.seal} lng={lng} />;
  else content = <PublishedResult publication={loaded.publication} seal={loaded.seal} result={result} lng={lng} />;

  return (
    <section className="container page verify" aria-labelledby="verify-title">
      <h1 id="verify-title">{t('title')}</h1>
      <p className="verify__intro">{t('intro')}</p>
      {content}
    </section>
  );
}
