import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../integrations/messages.ts';

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
