import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SESSION_IDLE_MS } from '../../../domain/session.ts';
import type { Database } from '../../db/schema.ts';
import { OUTBOX_RETENTION_MS } from '../../integrations/messages.ts';
import { deletePictureFiles, deletePictureRows } from '../pictures/picture.service.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
import { forgetOldCodeSends } from '../accounts/code-sends.service.ts';
import { forgetOldLoginFailures } from '../accounts/login-failures.service.ts';
import { maskMobile } from '../payments/tax-documents/lines.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Spent one-time codes stay a day (for support questions), then go. */
export const OTP_KEEP_MS = DAY_MS;
/** A sign-up whose code was never entered holds a name, e-mail, phone and password hash: a week, then gone. */
export const PENDING_SIGNUP_KEEP_MS = 7 * DAY_MS;
export const ERASED_NAME = 'Deleted';
/** Accounts erased per batch; the job loops until none is left. */
const BATCH = 100;

/** Reserved by RFC 2606: never routable, never anyone's address. Unique per account. */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/**
 * users.phone is NOT NULL, UNIQUE and varchar(16): 16 characters that no phone number typed
 * anywhere becomes ('+91' and digits), derived from the id so that it is unique and stable.
 */
export function erasedPhone(userId: string): string {
  return `~${createHash('sha256').update(userId).digest('hex').slice(0, 15)}`;
}

export interface RetentionOptions {
  store: PictureStore;
  now: number;
  /** How long a deleted account keeps its personal data. */
  retentionMs: number;
}

/**
 * Erases the personal data of accounts deleted longer ago than the retention period: names,
 * e-mail (a unique placeholder), phone (a unique placeholder), password, Google link, profile
 * picture (files too), sessions, codes, pending Google sign-ins, outbox messages and contact
 * messages sent from their e-mail or number, push subscriptions. The user row and its id stay, with
 * erased_at set: payments reference it for the tax records the law requires us to keep, and keep
 * the number only as the invoices show it (masked: the last 4 digits).
 *
 * Idempotent and safe with several instances: each account is claimed by one conditional
 * UPDATE (still deleted, past the period, not erased yet); only the instance whose UPDATE
 * changed the row deletes the rest, in the same transaction.
 */
export async function eraseDeletedAccounts(
  db: Kysely<Database>,
  options: RetentionOptions,
): Promise<{ erased: string[] }> {
  const cutoff = options.now - options.retentionMs;
  const erased: string[] = [];
  const seen = new Set<string>();
  for (;;) {
    const candidates = await db
      .selectFrom('users')
      .select(['id', 'email', 'phone', 'google_subject', 'avatar_picture_id'])
      .where('status', '=', 'deleted')
      .where('deleted_at', '<', cutoff)
      .where('erased_at', 'is', null)
      .orderBy('deleted_at')
      .limit(BATCH)
      .execute();
    const fresh = candidates.filter((user) => !seen.has(user.id));
    if (fresh.length === 0) break;
    for (const user of fresh) {
      seen.add(user.id);
      const claimed = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({
            first_name: ERASED_NAME,
            last_name: ERASED_NAME,
            email: erasedEmail(user.id),
            phone: erasedPhone(user.id),
            pending_phone: null,
            password_hash: null,
            google_subject: null,
            avatar_picture_id: null,
            erased_at: options.now,
            updated_at: options.now,
          })
          .where('id', '=', user.id)
          .where('status', '=', 'deleted')
          .where('deleted_at', '<', cutoff)
          .where('erased_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
        await trx.deleteFrom('otp_codes').where('user_id', '=', user.id).execute();
        await trx.deleteFrom('push_subscriptions').where('user_id', '=', user.id).execute();
        // The payments stay for the tax records with the number as the invoices show it: masked.
        const paidFrom = await trx
          .selectFrom('payments')
          .select('phone')
          .distinct()
          .where('user_id', '=', user.id)
          .execute();
        for (const { phone } of paidFrom)
          await trx
            .updateTable('payments')
            .set({ phone: maskMobile(phone) })
            .where('user_id', '=', user.id)
            .where('phone', '=', phone)
            .execute();
        await trx
          .deleteFrom('social_pending')
          .where((eb) =>
            user.google_subject
              ? eb.or([eb('email', '=', user.email), eb('subject', '=', user.google_subject)])
              : eb('email', '=', user.email),
          )
          .execute();
        await trx.deleteFrom('outbox_messages').where('recipient', 'in', [user.email, user.phone]).execute();
        await trx
          .deleteFrom('contact_messages')
          .where((eb) => eb.or([eb('email', '=', user.email), eb('phone', '=', user.phone)]))
          .execute();
        if (user.avatar_picture_id) await deletePictureRows(trx, user.avatar_picture_id);
        return true;
      });
      if (!claimed) continue;
      // After the commit: a failed file removal must not bring the personal data back.
      if (user.avatar_picture_id) await deletePictureFiles(options.store, user.avatar_picture_id);
      erased.push(user.id);
    }
  }
  return { erased };
}

export interface SweepResult {
  sessions: number;
  otpCodes: number;
  outbox: number;
  socialPending: number;
  pendingSignups: number;
  /** The code channel's records past their hour or window (issue 27, finding 4). */
  codeSends: number;
  loginFailures: number;
}

/** Deletes what has expired: sessions (absolute or idle), spent codes, outbox rows, pending Google sign-ins, abandoned sign-ups, old code sends and login failures. */
export async function sweepExpired(db: Kysely<Database>, now: number): Promise<SweepResult> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - SESSION_IDLE_MS)]))
    .executeTakeFirst();
  const otpCodes = await db
    .deleteFrom('otp_codes')
    .where((eb) => eb.or([eb('expires_at', '<', now - OTP_KEEP_MS), eb('consumed_at', '<', now - OTP_KEEP_MS)]))
    .executeTakeFirst();
  const outbox = await db
    .deleteFrom('outbox_messages')
    .where('created_at', '<', now - OUTBOX_RETENTION_MS)
    .executeTakeFirst();
  const socialPending = await db.deleteFrom('social_pending').where('expires_at', '<=', now).executeTakeFirst();
  // Their codes and sessions go with them (ON DELETE CASCADE).
  const pendingSignups = await db
    .deleteFrom('users')
    .where('status', '=', 'pending')
    .where('updated_at', '<', now - PENDING_SIGNUP_KEEP_MS)
    .executeTakeFirst();
  return {
    sessions: count(sessions),
    otpCodes: count(otpCodes),
    outbox: count(outbox),
    socialPending: count(socialPending),
    pendingSignups: count(pendingSignups),
    codeSends: await forgetOldCodeSends(db, now),
    loginFailures: await forgetOldLoginFailures(db, now),
  };
}

export interface RetentionRun extends SweepResult {
  erased: number;
}

/** One pass of the retention job: erasure, then the sweeps. */
export async function runRetention(db: Kysely<Database>, options: RetentionOptions): Promise<RetentionRun> {
  const { erased } = await eraseDeletedAccounts(db, options);
  const swept = await sweepExpired(db, options.now);
  return { erased: erased.length, ...swept };
}
