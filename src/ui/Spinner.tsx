import { useTranslation } from 'react-i18next';

/** The centered spinner shown while a section of the site loads (spec section 1). */
export function Spinner({ label }: { label?: string }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const text = label ?? (ready ? t('loading') : 'Loading...');
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{text}</span>
    </div>
  );
}
