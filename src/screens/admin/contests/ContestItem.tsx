import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminContest } from '../../../../domain/admin-contests.ts';
import { formatInr } from '../../../../domain/money.ts';
import { closeContestNow } from '../../../api/admin-contests.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { useNow } from '../../../ui/use-now.ts';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { CancelContest } from './CancelContest.tsx';
import { useContestMessage } from './messages.ts';
import { ReopenDialog } from './ReopenDialog.tsx';

export interface ContestItemActions {
  onEdit: () => void;
  /** A notice for the page (cancelled, closed, reopened) and the list's refresh. */
  onChanged: (contest: AdminContest, notice: string) => void;
  /** A new contest in the rest of a cancelled contest's window. */
  onReplace: (contest: AdminContest) => void;
}

/** One contest of the console: its window, prize, figures and what can be done with it now. */
export function ContestItem({ contest, onEdit, onChanged, onReplace }: { contest: AdminContest } & ContestItemActions) {
  const { t, i18n } = useTranslation('admin');
  const say = useContestMessage();
  const lng = currentLanguage(i18n);
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  const when = (at: string) => formatIstShort(new Date(at), lng);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const [open, setOpen] = useState<'cancel' | 'close' | 'reopen' | null>(null);
  const now = useNow(60_000).getTime();
  const replaceable = contest.state === 'cancelled' && Date.parse(contest.closesAt) > now;
  const actions = contest.editable || contest.cancellable || contest.closable || contest.reopenable || replaceable;
  return (
    <li className="audit-item contest-item">
      <div className="contest-item__head">
        {contest.pictureUrl && (
          <img className="contest-item__thumb" src={contest.pictureUrl} alt="" loading="lazy" width={96} height={60} />
        )}
        <div>
          <p className="audit-item__meta">
            {t('contests.window', { slot: contest.slot, opens: when(contest.opensAt), closes: when(contest.closesAt) })}
          </p>
          <p className="audit-item__summary">{lng === 'hi' ? contest.prizeTitleHi : contest.prizeTitleEn}</p>
          <p className="audit-item__tags">
            <span className={`chip contest-state contest-state--${contest.state}`}>
              {t(`contests.states.${contest.state}`)}
            </span>{' '}
            <span className="chip chip--quiet">
              {contest.ticketPricePaise === 0
                ? t('contests.free')
                : t('contests.price', { price: formatInr(contest.ticketPricePaise, locale) })}
            </span>
            {contest.sponsor && <span className="chip chip--quiet">{contest.sponsor.name}</span>}
          </p>
        </div>
      </div>
      <dl className="contest-item__figures">
        <div>
          <dt>{t('contests.figures.sold')}</dt>
          <dd>
            {count(contest.ticketsSold)} / {count(contest.totalTickets)}
          </dd>
        </div>
        <div>
          <dt>{t('contests.figures.revenue')}</dt>
          <dd>{formatInr(contest.revenuePaise, locale)}</dd>
        </div>
        <div>
          <dt>{t('contests.figures.entrants')}</dt>
          <dd>{count(contest.entrants)}</dd>
        </div>
        {contest.refundedPaise > 0 && (
          <div>
            <dt>{t('contests.figures.refunded')}</dt>
            <dd>{formatInr(contest.refundedPaise, locale)}</dd>
          </div>
        )}
      </dl>
      {contest.closedEarlyFrom && contest.state !== 'cancelled' && (
        <p className="muted">{t('contests.closedEarly', { when: when(contest.closedEarlyFrom) })}</p>
      )}
      {contest.state === 'cancelled' && contest.cancelReason && (
        <p className="muted">
          {t('contests.cancelledBecause', {
            reason: contest.cancelReason,
            when: contest.cancelledAt ? when(contest.cancelledAt) : '',
          })}
        </p>
      )}
      {actions && (
        <div className="claim-item__actions">
          {contest.editable && (
            <button type="button" className="button button--primary button--small" onClick={onEdit}>
              {t('contests.edit')}
            </button>
          )}
          {contest.closable && (
            <button type="button" className="button button--ghost button--small" onClick={() => setOpen('close')}>
              {t('contests.close.open')}
            </button>
          )}
          {contest.reopenable && (
            <button type="button" className="button button--ghost button--small" onClick={() => setOpen('reopen')}>
              {t('contests.reopen.open')}
            </button>
          )}
          {contest.cancellable && (
            <button type="button" className="button button--ghost button--small" onClick={() => setOpen('cancel')}>
              {t('contests.cancel.open')}
            </button>
          )}
          {replaceable && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => onReplace(contest)}
              title={t('contests.replace.hint')}
            >
              {t('contests.replace.open')}
            </button>
          )}
        </div>
      )}
      {replaceable && <p className="muted">{t('contests.replace.hint')}</p>}
      {open === 'cancel' && (
        <CancelContest
          contest={contest}
          onDone={(c) => {
            setOpen(null);
            onChanged(c, t('contests.cancel.done', { slot: c.slot }));
          }}
          onClose={() => setOpen(null)}
        />
      )}
      <ReasonDialog
        open={open === 'close'}
        title={t('contests.close.title', { slot: contest.slot })}
        text={t('contests.close.text')}
        confirmLabel={t('contests.close.confirm')}
        danger
        translate={say}
        onConfirm={async (reason) => {
          const closed = await closeContestNow(contest.id, reason);
          setOpen(null);
          onChanged(closed, t('contests.close.done', { slot: closed.slot }));
        }}
        onCancel={() => setOpen(null)}
      />
      {open === 'reopen' && (
        <ReopenDialog
          contest={contest}
          onDone={(c) => {
            setOpen(null);
            onChanged(c, t('contests.reopen.done', { slot: c.slot, when: when(c.closesAt) }));
          }}
          onCancel={() => setOpen(null)}
        />
      )}
    </li>
  );
}
