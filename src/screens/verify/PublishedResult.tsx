import { useTranslation } from 'react-i18next';
import type { ContestSeal, Publication } from '../../../domain/verification.ts';
import { formatIstShort } from '../../ui/format.ts';
import type { VerificationResult } from './check-publication.ts';
import { ReceiptCheck } from './ReceiptCheck.tsx';
import { Decision, Downloads, Ranking, SealFacts } from './VerifySections.tsx';
import { VerifyStatus } from './VerifyStatus.tsx';

/** A published result: the verdict of the check, then every published figure, the receipt check and the files. */
export function PublishedResult({
  publication,
  seal,
  result,
  lng,
}: {
  publication: Publication;
  seal: ContestSeal | null;
  result: VerificationResult | null;
  lng: 'en' | 'hi';
}) {
  const { t } = useTranslation('verify');
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  // The seal endpoint's root must be the file's: a file edited after publication shows here too.
  const sealedRoot = seal?.seal?.root ?? publication.seal.root;
  return (
    <div className="verify__sections">
      <p className="muted">
        {t('contest', {
          date: formatIstShort(new Date(publication.contest.closesAt), lng),
          published: formatIstShort(new Date(publication.contest.publishedAt), lng),
        })}
      </p>
      <VerifyStatus
        publication={publication}
        sealEndpointRoot={seal?.seal?.root ?? null}
        result={result}
        locale={locale}
      />

      <section className="card verify__section" aria-labelledby="verify-seal">
        <h2 id="verify-seal">{t('seal.title')}</h2>
        <SealFacts
          root={publication.seal.root}
          leafCount={publication.seal.leafCount}
          sealedAt={publication.seal.sealedAt}
          lng={lng}
        />
      </section>

      <Decision publication={publication} locale={locale} />

      <section className="card verify__section" aria-labelledby="verify-winner">
        <h2 id="verify-winner">{t('winner.title')}</h2>
        <p>
          {publication.winner
            ? t('winner.entry', { pseudonym: publication.winner.pseudonym, ticketId: publication.winner.ticketId })
            : t('winner.none')}
        </p>
      </section>

      <Ranking publication={publication} locale={locale} />

      <ReceiptCheck root={sealedRoot} />

      <Downloads contestId={publication.contest.id} />
    </div>
  );
}
