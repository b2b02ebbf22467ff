/** Result notices: the winner and every entrant told once, by SMS and e-mail, retried until sent. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MessageSender } from '../../integrations/messages.ts';
import { contestLabelIn } from '../../integrations/message-language.ts';
import { resultNotice } from '../../integrations/player-messages.ts';
import { NOTICE_PAGE, sendUnsentNotices, unsentNoticesAfter } from './notice-delivery.ts';

/** Notices tried this many times are left for an operator (the review shows sent / total). */
export const NOTICE_MAX_ATTEMPTS = 5;

/** How long a sender holds a notice it is sending: far above two sends' time-outs (10 s each). */
export const NOTICE_LEASE_MS = 10 * 60 * 1000;

/**
 * Sends the notices not sent yet (all contests, or one), each by SMS and e-mail, marking each one
 * sent as it goes. Safe to run again and on several instances at once: a notice is leased
 * (attempts + 1 and claimed_until, only where sent_at is null and no lease is running) before it
 * is sent, each channel is stamped as it goes, and the notice is marked sent right after. A
 * failed send gives the lease back; a sender that died loses it after NOTICE_LEASE_MS.
 */
export async function sendResultNotices(
  db: Kysely<Database>,
  messages: MessageSender,
  siteUrl: string,
  now: () => number,
  contestId?: string,
): Promise<{ sent: number; failed: number }> {
  return sendUnsentNotices(
    db,
    'result_notices',
    (after) =>
      db
        .selectFrom('result_notices')
        .innerJoin('users', 'users.id', 'result_notices.user_id')
        .innerJoin('contests', 'contests.id', 'result_notices.contest_id')
        .select([
          'result_notices.contest_id',
          'result_notices.user_id',
          'result_notices.kind',
          'result_notices.best_rank',
          'result_notices.attempts',
          'result_notices.sms_sent_at',
          'result_notices.email_sent_at',
          'users.first_name',
          'users.email',
          'users.phone',
          'users.status',
          'users.language',
          'contests.slot',
          'contests.opens_at',
        ])
        .where(unsentNoticesAfter('result_notices', NOTICE_MAX_ATTEMPTS, after, contestId))
        // The show-time gate (issue 26): a result published before its show is told when the show starts.
        .where('contests.show_at', '<=', now())
        .orderBy('result_notices.contest_id')
        .orderBy('result_notices.user_id')
        .limit(NOTICE_PAGE)
        .execute(),
    {
      messages,
      leaseMs: NOTICE_LEASE_MS,
      now,
      // In each player's language (issue 25).
      text: (n) =>
        resultNotice(n.language, {
          kind: n.kind,
          bestRank: n.best_rank,
          label: contestLabelIn(n.language, n),
          firstName: n.first_name,
          siteUrl,
        }),
    },
  );
}
