import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MessageSender } from '../../integrations/messages.ts';

/** The tables of notices sent once per player and contest, by SMS and e-mail (result and cancel notices). */
export type NoticeTable = 'result_notices' | 'contest_cancel_notices';

export interface PendingNotice {
  contest_id: string;
  user_id: string;
  attempts: number;
  sms_sent_at: number | null;
  email_sent_at: number | null;
  phone: string | null;
  email: string | null;
  status: string;
}

export interface NoticeText {
  sms: string;
  subject: string;
  email: string;
}

/**
 * Delivers one notice: leased first (attempts + 1 and claimed_until, only where sent_at is null
 * and no lease is running, so a notice another sender is sending right now does not look failed),
 * each channel stamped as it goes (a channel that went is never sent twice), then marked sent.
 * An erased or deleted account has nobody to tell: the notice is closed as sent. A failed send
 * gives the lease back at once for the next run. 'taken' when another sender has it.
 */
export async function deliverNotice(
  db: Kysely<Database>,
  table: NoticeTable,
  notice: PendingNotice,
  options: { messages: MessageSender; leaseMs: number; now: () => number; text: () => NoticeText },
): Promise<'sent' | 'failed' | 'taken'> {
  const { messages, now } = options;
  const claimedAt = now();
  const claim = await db
    .updateTable(table)
    .set({ attempts: notice.attempts + 1, claimed_until: claimedAt + options.leaseMs })
    .where('contest_id', '=', notice.contest_id)
    .where('user_id', '=', notice.user_id)
    .where('attempts', '=', notice.attempts)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', claimedAt)]))
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) return 'taken';
  const mark = (set: { sms_sent_at?: number; email_sent_at?: number; sent_at?: number; claimed_until?: null }) =>
    db
      .updateTable(table)
      .set(set)
      .where('contest_id', '=', notice.contest_id)
      .where('user_id', '=', notice.user_id)
      .execute();
  try {
    if (notice.status === 'active' || notice.status === 'suspended') {
      const text = options.text();
      if (notice.phone && notice.sms_sent_at === null) {
        await messages.send({ channel: 'sms', recipient: notice.phone, body: text.sms });
        await mark({ sms_sent_at: now() });
      }
      if (notice.email && notice.email_sent_at === null) {
        await messages.send({ channel: 'email', recipient: notice.email, subject: text.subject, body: text.email });
        await mark({ email_sent_at: now() });
      }
    }
    await mark({ sent_at: now(), claimed_until: null });
    return 'sent';
  } catch {
    await mark({ claimed_until: null }).catch(() => undefined);
    return 'failed';
  }
}

/** How many unsent notices one page reads. */
export const NOTICE_PAGE = 200;

/**
 * The unsent notices of `table` still to try (not sent, fewer than maxAttempts tries), of one
 * contest or all, after the last one of the page before in (contest_id, user_id) order.
 */
export function unsentNoticesAfter(
  table: NoticeTable,
  maxAttempts: number,
  after: Pick<PendingNotice, 'contest_id' | 'user_id'> | null,
  contestId?: string,
): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const contest = contestId ? sql`and ${column('contest_id')} = ${contestId}` : sql``;
  const page = after
    ? sql`and (${column('contest_id')} > ${after.contest_id} or (${column('contest_id')} = ${after.contest_id} and ${column('user_id')} > ${after.user_id}))`
    : sql``;
  return sql<SqlBool>`${column('sent_at')} is null and ${column('attempts')} < ${maxAttempts} ${contest} ${page}`;
}

/**
 * Sends every unsent notice page by page (keyset, so each is tried once per run): `page` reads the
 * page after the given notice (unsentNoticesAfter, ordered by contest_id then user_id, at most
 * NOTICE_PAGE), `text` words one notice.
 */
export async function sendUnsentNotices<Row extends PendingNotice>(
  db: Kysely<Database>,
  table: NoticeTable,
  page: (after: PendingNotice | null) => Promise<Row[]>,
  options: { messages: MessageSender; leaseMs: number; now: () => number; text: (notice: Row) => NoticeText },
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  let after: PendingNotice | null = null;
  for (;;) {
    const batch = await page(after);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!;
    for (const notice of batch) {
      const outcome = await deliverNotice(db, table, notice, { ...options, text: () => options.text(notice) });
      if (outcome === 'sent') sent += 1;
      else if (outcome === 'failed') failed += 1;
    }
  }
  return { sent, failed };
}
