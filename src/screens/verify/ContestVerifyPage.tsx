import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { ContestSeal, Publication } from '../../../domain/verification.ts';
import { fetchPublication, fetchSeal } from '../../api/verification.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { PublishedResult } from './PublishedResult.tsx';
import { runVerification, type VerificationResult } from './run-verification.ts';
import { SealOnly } from './VerifySections.tsx';
import '../../styles/verify.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed' }
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
  const [attempt, setAttempt] = useState(0);
  // Answers carry the request they answer: a new contest or a retry shows the spinner at once.
  const request = `${contestId}|${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; loaded: Loaded } | null>(null);
  const [checked, setChecked] = useState<{ request: string; result: VerificationResult } | null>(null);
  const loaded: Loaded = answer?.request === request ? answer.loaded : { status: 'loading' };
  const result = checked?.request === request ? checked.result : null;

  useEffect(() => {
    document.title = `${t('title')} | ${BRAND.name}`;
  }, [t]);

  useEffect(() => {
    const controller = new AbortController();
    const settle = (next: Loaded) => !controller.signal.aborted && setAnswer({ request, loaded: next });
    Promise.all([fetchSeal(contestId, controller.signal), fetchPublication(contestId, controller.signal)]).then(
      ([seal, publication]) => {
        if (publication) {
          settle({ status: 'published', seal, publication });
          void runVerification(publication).then((result) => {
            if (!controller.signal.aborted) setChecked({ request, result });
          });
        } else if (seal) settle({ status: 'sealedOnly', seal });
        else settle({ status: 'notFound' });
      },
      () => settle({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [contestId, request]);

  let content;
  if (loaded.status === 'loading') content = <Spinner label={t('loading')} />;
  else if (loaded.status === 'failed')
    content = (
      <div className="card verify__state">
        <p role="alert">{t('loadFailed')}</p>
        <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
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
