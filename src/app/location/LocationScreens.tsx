import '../../styles/location.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LocationRestriction } from '../../../domain/location.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { helpPlatformOf, type HelpPlatform } from './help-platform.ts';

// The screens of the location gate (spec: 'Area Restricted', 'Location Access Required',
// 'Game Unavailable in Your Region'), shown in the page's content area.

/** A compact card while the gate asks the server or the browser; every such wait has an end. */
export function LocationProgress({ step }: { step: 'loading' | 'locating' | 'verifying' }) {
  const { t } = useTranslation('location');
  return (
    <section className="container page location">
      <div className="card location__card location__card--progress" role="status" aria-live="polite">
        <span className="location__pulse" aria-hidden="true" />
        <div>
          <p className="location__progress-text">{t(`progress.${step}`)}</p>
          {step === 'locating' && <p className="location__hint">{t('progress.locatingHint')}</p>}
        </div>
      </div>
    </section>
  );
}

/** The screen's one action, and free practice (never gated) as the way out. */
function ActionOrPractice({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation('location');
  return (
    <div className="location__actions">
      <button type="button" className="button button--primary" onClick={onClick}>
        {label}
      </button>
      <Link to={paths.quickGame} className="location__link">
        {t('explain.practice')}
      </Link>
    </div>
  );
}

export function LocationExplain({ ttlMinutes, onShare }: { ttlMinutes: number; onShare: () => void }) {
  const { t } = useTranslation('location');
  return (
    <section className="container page location" aria-labelledby="location-title">
      <div className="card location__card">
        <h1 id="location-title" className="location__title">
          {t('explain.title')}
        </h1>
        <p>{t('explain.why')}</p>
        <p className="location__note">{t('explain.privacy', { ttlMinutes })}</p>
        <ActionOrPractice label={t('explain.share')} onClick={onShare} />
      </div>
    </section>
  );
}

/** 'Area Restricted': outside India (the whole site) or in a restricted state (contests). */
export function AreaRestricted({ restriction }: { restriction: LocationRestriction }) {
  const { t, i18n } = useTranslation('location');
  const state = restriction.scope === 'state' ? restriction.state : null;
  const stateName = state ? (currentLanguage(i18n) === 'hi' ? state.nameHi : state.nameEn) : null;
  return (
    <section className="container page location" aria-labelledby="location-title">
      <div className="card location__card location__card--restricted">
        <h1 id="location-title" className="location__title">
          {t('restricted.title')}
        </h1>
        <p className="location__lead">
          {stateName
            ? t('restricted.inState', { state: stateName, country: t('restricted.india') })
            : t('restricted.outsideIndia')}
        </p>
        {stateName && (
          <>
            <h2 className="location__subtitle">{t('restricted.unavailableTitle')}</h2>
            <p>{t('restricted.unavailableText')}</p>
          </>
        )}
        {/* Outside India the home page is closed too: no actions; the footer keeps the legal pages in reach. */}
        {stateName && (
          <div className="location__actions">
            <Link to={paths.quickGame} className="button button--primary">
              {t('restricted.practice')}
            </Link>
            <Link to={paths.home} className="location__link">
              {t('restricted.home')}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

const helpSteps: Record<HelpPlatform, readonly string[]> = {
  chromeDesktop: ['step1', 'step2', 'step3', 'step4'],
  android: ['step1', 'step2', 'step3', 'step4', 'step5'],
  mac: ['step1', 'step2', 'step3', 'step4', 'step5'],
};

/** 'Location Access Required': refused (with the help to allow it) or no position to be had. */
export function LocationAccessRequired({
  reason,
  onRetry,
  userAgent = navigator.userAgent,
}: {
  reason: 'denied' | 'unavailable';
  onRetry: () => void;
  userAgent?: string;
}) {
  const { t } = useTranslation('location');
  const open = helpPlatformOf(userAgent);
  const order: HelpPlatform[] = [open, ...(['chromeDesktop', 'android', 'mac'] as const).filter((p) => p !== open)];
  return (
    <section className="container page location" aria-labelledby="location-title">
      <div className="card location__card">
        <h1 id="location-title" className="location__title">
          {t('access.title')}
        </h1>
        <p>{reason === 'denied' ? t('access.text') : t('access.unavailableText')}</p>
        <h2 className="location__subtitle">{t('access.helpTitle')}</h2>
        <div className="location__help">
          {order.map((platform) => (
            <details key={platform} className="location__help-item" open={platform === open}>
              <summary>{t(`access.${platform}.title`)}</summary>
              <ol>
                {helpSteps[platform].map((step) => (
                  <li key={step}>{t(`access.${platform}.${step}` as 'access.mac.step1')}</li>
                ))}
              </ol>
            </details>
          ))}
        </div>
        <ActionOrPractice label={t('access.tryAgain')} onClick={onRetry} />
      </div>
    </section>
  );
}

export function LocationFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('location');
  return (
    <section className="container page location" aria-labelledby="location-title">
      <div className="card location__card" role="alert">
        <h1 id="location-title" className="location__title">
          {t('failed.title')}
        </h1>
        <p>{t('failed.text')}</p>
        <div className="location__actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('failed.tryAgain')}
          </button>
        </div>
      </div>
    </section>
  );
}
