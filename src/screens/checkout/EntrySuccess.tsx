import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GamePicture } from '../../../domain/practice.ts';
import type { TicketPoint } from '../../../domain/tickets.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { formatIstDateTime } from '../../ui/format.ts';
import { TicketCropList } from '../../ui/TicketCrop.tsx';
import { type ShareOutcome, shareEntry } from './share.ts';
import '../../styles/entry.css';

export interface EntrySuccessProps {
  tickets: readonly TicketPoint[];
  /** The contest's picture for the crops; unknown for a contest the site no longer shows. */
  picture: GamePicture | undefined;
  contest: { slot: 'A' | 'B'; closesAt: string; showAt: string };
  /** Entered free (no payment), or paid. */
  free: boolean;
  /** Back to marking (the play screen); none on the checkout page. */
  onMore?: () => void;
}

/**
 * The moment the entry is in (issue 25): an animated "You're in", the tickets as crops of the
 * picture, the contest with its close and show times, a way to My entries and a share button
 * (the phone's share sheet, else the link copied, with "Link copied" said).
 */
export function EntrySuccess({ tickets, picture, contest, free, onMore }: EntrySuccessProps) {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const [shared, setShared] = useState<ShareOutcome | null>(null);
  const url = `${window.location.origin}${paths.home}`;
  const contestName = t('payments.contest', { slot: contest.slot });
  const share = async () => {
    setShared(await shareEntry({ title: t('success.shareTitle'), text: t('success.shareText'), url }));
  };
  return (
    <div className="entry-success" data-testid="entry-success">
      <div className="entry-success__badge" aria-hidden="true">
        <svg viewBox="0 0 64 64" className="entry-success__ball">
          <circle cx="32" cy="32" r="28" />
          <path d="M14 14c9 7 9 29 0 36M50 14c-9 7-9 29 0 36" />
        </svg>
        <svg viewBox="0 0 24 24" className="entry-success__tick">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h2 className="entry-success__title">{t('success.youreIn')}</h2>
      <p className="entry-success__summary">{t('success.summary', { count: tickets.length, contest: contestName })}</p>
      {free && <p className="entry-success__free">{t('success.free')}</p>}
      <TicketCropList
        tickets={tickets}
        picture={picture}
        describe={(n, ticket) => t('success.ticket', { n, x: ticket.x, y: ticket.y })}
      />
      <ul className="entry-success__times">
        <li>{t('success.closes', { when: formatIstDateTime(new Date(contest.closesAt), lng) })}</li>
        <li>{t('success.show', { when: formatIstDateTime(new Date(contest.showAt), lng) })}</li>
      </ul>
      <div className="entry-success__actions">
        <button type="button" className="button button--accent" onClick={() => void share()}>
          <svg viewBox="0 0 24 24" className="entry-success__share-icon" aria-hidden="true">
            <circle cx="18" cy="5" r="3" />
            <circle cx="6" cy="12" r="3" />
            <circle cx="18" cy="19" r="3" />
            <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
          </svg>
          {t('success.share')}
        </button>
        <Link to={paths.myEntries} className="button button--primary">
          {t('success.myEntries')}
        </Link>
        {onMore && (
          <button type="button" className="button button--ghost" onClick={onMore}>
            {t('entry.keepMarking')}
          </button>
        )}
      </div>
      <p className="entry-success__shared" role="status">
        {shared === 'copied' ? t('success.copied') : shared === 'failed' ? t('success.copyHere', { url }) : ''}
      </p>
    </div>
  );
}
