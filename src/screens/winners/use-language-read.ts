import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n.ts';

export type ReadOutcome<T> = { ok: true; data: T } | { ok: false };

/**
 * A read in the language the site shows, as the results pages make it: `outcome` is null while it
 * loads (again at once when the language changes or the reader retries; a late answer to an older
 * request is dropped), `retry` asks again after a failure, `update` changes the data read in place.
 */
export function useLanguageRead<T>(read: (lang: 'en' | 'hi', signal: AbortSignal) => Promise<T>): {
  outcome: ReadOutcome<T> | null;
  retry: () => void;
  update: (change: (data: T) => T) => void;
} {
  const { i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const [attempt, setAttempt] = useState(0);
  const request = `${lng}|${attempt}`;
  const [result, setResult] = useState<{ request: string; outcome: ReadOutcome<T> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    read(lng, controller.signal).then(
      (data) => setResult({ request, outcome: { ok: true, data } }),
      () => {
        if (!controller.signal.aborted) setResult({ request, outcome: { ok: false } });
      },
    );
    return () => controller.abort();
    // `read` is a module function of src/api: the request key says when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, lng]);

  return {
    outcome: result?.request === request ? result.outcome : null,
    retry: () => setAttempt((n) => n + 1),
    update: (change) =>
      setResult((r) => (r?.outcome.ok ? { ...r, outcome: { ok: true, data: change(r.outcome.data) } } : r)),
  };
}
