import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchReceipt } from '../../api/verification.ts';

/**
 * Downloads the ticket's receipt (its sealed leaf and inclusion proof) as a JSON file the player
 * keeps; anyone can check it against the published root on the check page or with the script.
 */
export function ReceiptButton({ ticketId, n, contestId }: { ticketId: string; n: number; contestId: string }) {
  const { t } = useTranslation('results');
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = () => {
    setState('loading');
    fetchReceipt(ticketId).then(
      (receipt) => {
        const url = URL.createObjectURL(new Blob([JSON.stringify(receipt, null, 2)], { type: 'application/json' }));
        const link = document.createElement('a');
        link.href = url;
        link.download = `receipt-${contestId}-${ticketId}.json`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        setState('idle');
      },
      () => setState('failed'),
    );
  };
  return (
    <>
      <button
        type="button"
        className="entry-card__receipt"
        aria-label={t('receipt.label', { n })}
        disabled={state === 'loading'}
        onClick={download}
      >
        {t('receipt.action')}
      </button>
      {state === 'failed' && (
        <span role="alert" className="entry-card__receipt-failed">
          {t('receipt.failed', { n })}
        </span>
      )}
    </>
  );
}
