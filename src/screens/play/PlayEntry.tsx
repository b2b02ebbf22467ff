import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ContestView } from '../../../domain/contests.ts';
import type { SubmitOutcome } from '../../../machines/ticket-marking.machine.ts';
import { EntryPanel } from '../checkout/EntryPanel.tsx';
import { EntrySuccess } from '../checkout/EntrySuccess.tsx';
import { EntrySheet } from './EntrySheet.tsx';

interface PlayEntryProps {
  contest: ContestView;
  /** The marking machine's last submit while its sheet is open. */
  submitted: SubmitOutcome | null;
  /** The sheet closed: marking goes on. */
  onClose(): void;
}

/**
 * The entry over the play screen (issue 25): after "Enter for ₹X" the bill, promo and Pay in a sheet;
 * after "Enter free" the tickets are in already, and the sheet says so; back from a hosted gateway
 * page (?payment=) the payment's outcome, with "Try again" after a failure. Its own chunk: the play
 * screen loads it once a ticket is marked, before it is needed.
 */
export default function PlayEntry({ contest, submitted, onClose }: PlayEntryProps) {
  const { t } = useTranslation('payments');
  const [params, setParams] = useSearchParams();
  const returning = params.get('payment');
  const picture = contest.picture ?? undefined;
  const close = () => {
    if (returning !== null)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('payment');
          return next;
        },
        { replace: true },
      );
    if (submitted) onClose();
  };
  let body = null;
  if (submitted?.kind === 'entered')
    body = <EntrySuccess tickets={submitted.tickets} picture={picture} contest={contest} free onMore={close} />;
  else if (submitted?.kind === 'cart' || returning !== null)
    body = (
      <EntryPanel
        contestId={contest.id}
        paymentId={submitted ? null : returning}
        returnTo="play"
        picture={picture}
        compact
        onMore={close}
      />
    );
  return (
    <EntrySheet open={body !== null} title={t('entry.title')} onClose={close}>
      {body}
    </EntrySheet>
  );
}
