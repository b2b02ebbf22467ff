import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminContest, CANCEL_REASON_MAX, cancelContestSchema } from '../../../../domain/admin-contests.ts';
import { formatInr } from '../../../../domain/money.ts';
import { cancelContest } from '../../../api/admin-contests.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { TextAreaField } from '../../../ui/Field.tsx';
import { useContestMessage } from './messages.ts';

/** Cancelling takes a reason (players read it) and then a confirm step that says what will happen. */
export function CancelContest({
  contest,
  onDone,
  onClose,
}: {
  contest: AdminContest;
  onDone: (contest: AdminContest) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = currentLanguage(i18n) === 'hi' ? 'hi-IN' : 'en-IN';
  const say = useContestMessage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const next = () => {
    const parsed = cancelContestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('contests.cancel.reasonMissing'));
      return;
    }
    setError(null);
    setConfirming(true);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      onDone(await cancelContest(contest.id, reason.trim()));
    } catch (e) {
      setConfirming(false);
      setError(errorMessageOf(e, t('contests.cancel.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="contest-cancel">
      <TextAreaField
        label={t('contests.cancel.reason')}
        required
        hint={t('contests.cancel.reasonHint')}
        rows={3}
        maxLength={CANCEL_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={say(error ?? undefined)}
      />
      <div className="claim-item__actions">
        <button type="button" className="button button--danger button--small" onClick={next}>
          {t('contests.cancel.continue')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {t('contests.cancel.keep')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('contests.cancel.confirmTitle', { slot: contest.slot })}
        confirmLabel={t('contests.cancel.confirm')}
        cancelLabel={t('contests.cancel.keep')}
        busy={busy}
        busyLabel={t('contests.cancel.busy')}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {contest.ticketsSold === 0
            ? t('contests.cancel.consequencesNone')
            : t('contests.cancel.consequences', {
                tickets: contest.ticketsSold,
                players: contest.entrants,
                amount: formatInr(contest.revenuePaise - contest.refundedPaise, locale),
              })}
        </p>
        <p>{t('contests.cancel.irreversible')}</p>
      </ConfirmDialog>
    </div>
  );
}
