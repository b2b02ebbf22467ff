import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/http.ts';

/**
 * One console action at a time: busy while it runs, and its failure in the reader's words
 * (`fallbackKey` when the server said nothing readable).
 */
export function useAction(fallbackKey: 'ops.actionFailed' | 'claims.failed' = 'ops.actionFailed') {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessageOf(e, t(fallbackKey)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
