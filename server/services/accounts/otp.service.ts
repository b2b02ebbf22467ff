import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { sameHex } from '../../constant-time.ts';
import type { Kysely } from 'kysely';
import type { Database, OtpPurpose } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';
import { metrics } from '../../metrics/scope.ts';
import type { MessageSender } from '../../integrations/messages.ts';
import type { PlayerLanguage } from '../../integrations/message-language.ts';
import { type CodePurpose, codeSms } from '../../integrations/player-messages.ts';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_MS = 60_000;

/** Six digits from a CSPRNG, leading zeros kept. */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Bound to the challenge id, so a code (or its hash) means nothing for another challenge. */
function hashCode(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`otp:${challengeId}:${code}`).digest('hex');
}

/** The stored stand-in for 'whom this code was for', used as the key of the per-recipient send limit. */
export function recipientKey(secret: string, recipient: string): string {
  return createHmac('sha256', secret).update(`recipient:${recipient.toLowerCase()}`).digest('hex');
}

export const otpExpired = () =>
  new AppError(400, 'OTP_EXPIRED', SERVER_ERROR_MESSAGES.otpExpired, { otp: SERVER_ERROR_MESSAGES.otpExpired });
export const otpLocked = () =>
  new AppError(429, 'OTP_LOCKED', SERVER_ERROR_MESSAGES.otpLocked, { otp: SERVER_ERROR_MESSAGES.otpLocked });
function otpIncorrect(triesLeft: number) {
  const message = SERVER_ERROR_MESSAGES.otpIncorrect({ triesLeft });
  return new AppError(400, 'OTP_INCORRECT', message, { otp: message }, { triesLeft });
}

export interface NewChallenge {
  otpToken: string;
  /** To send; a decoy's code is sent to nobody. */
  code: string;
}

/**
 * Opens a challenge. For a sign-up, any earlier open challenge of the user is closed, so only the
 * latest code works. A login or reset challenge belongs to the request that asked for it (issue
 * 27, finding 4): a stranger asking for someone's code opens a challenge of their own and closes
 * nobody's (`closeEarlier: false`). Without a user it is a decoy: it answers like a real
 * challenge (tries, expiry, cooldown) and can never succeed.
 */
export async function openChallenge(
  db: Kysely<Database>,
  secret: string,
  options: { purpose: OtpPurpose; userId: string | null; recipientKey: string; now: number; closeEarlier?: boolean },
): Promise<NewChallenge> {
  const { purpose, userId, now } = options;
  if (userId && options.closeEarlier !== false) {
    await db
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
  }
  const id = crypto.randomUUID();
  const code = generateOtp();
  // A decoy stores the hash of a code nobody was given.
  const stored = userId ? code : randomBytes(16).toString('hex');
  await db
    .insertInto('otp_codes')
    .values({
      id,
      purpose,
      user_id: userId,
      recipient_key: options.recipientKey,
      code_hash: hashCode(secret, id, stored),
      attempts: 0,
      created_at: now,
      expires_at: now + OTP_TTL_MS,
      last_sent_at: now,
      consumed_at: null,
    })
    .execute();
  metrics().otpCodes.inc({ purpose, event: userId ? 'issued' : 'decoy' });
  return { otpToken: id, code };
}

/**
 * Opens a challenge for a user's own code to `phone` and texts it there (in `lang`, worded for
 * `purpose`): the sign-up code of a Google sign-up, a new number's code. Returns its otpToken.
 */
export async function textCode(
  db: Kysely<Database>,
  deps: { secret: string; messages: MessageSender; lang: PlayerLanguage },
  options: { purpose: OtpPurpose & CodePurpose; userId: string; phone: string; now: number },
): Promise<string> {
  const challenge = await openChallenge(db, deps.secret, {
    purpose: options.purpose,
    userId: options.userId,
    recipientKey: recipientKey(deps.secret, options.phone),
    now: options.now,
  });
  await deps.messages.send(codeSms(deps.lang, options.phone, challenge.code, options.purpose));
  return challenge.otpToken;
}

export interface ChallengeInfo {
  userId: string | null;
  recipientKey: string;
  lastSentAt: number;
}

/** The open challenge behind a token, for the resend limit; unknown or used: expired. */
export async function findOpenChallenge(db: Kysely<Database>, otpToken: string): Promise<ChallengeInfo> {
  const row = await db
    .selectFrom('otp_codes')
    .select(['user_id', 'recipient_key', 'consumed_at', 'last_sent_at'])
    .where('id', '=', otpToken)
    .executeTakeFirst();
  if (!row || row.consumed_at !== null) throw otpExpired();
  return { userId: row.user_id, recipientKey: row.recipient_key, lastSentAt: Number(row.last_sent_at) };
}

/** 429 OTP_COOLDOWN while a challenge's last code is under a minute old (before its send is counted). */
export function requireResendable(challenge: ChallengeInfo, now: number): void {
  const wait = challenge.lastSentAt + OTP_RESEND_COOLDOWN_MS - now;
  if (wait > 0) throw cooldown(wait);
}

/**
 * The open challenge behind a token, if it is of this purpose and for this recipient (a login code
 * is checked by the phone and the request's own token); otherwise 400 OTP_EXPIRED.
 */
export async function requireOpenChallenge(
  db: Kysely<Database>,
  otpToken: string | null,
  purpose: OtpPurpose,
  recipient: string,
): Promise<string> {
  if (!otpToken) throw otpExpired();
  const row = await db
    .selectFrom('otp_codes')
    .select(['id', 'purpose', 'recipient_key', 'consumed_at'])
    .where('id', '=', otpToken)
    .executeTakeFirst();
  if (!row || row.purpose !== purpose || row.recipient_key !== recipient || row.consumed_at !== null)
    throw otpExpired();
  return row.id;
}

/** Closes one open challenge of a purpose (the one a browser asked for before its newest). */
export async function closeChallenge(
  db: Kysely<Database>,
  otpToken: string,
  purpose: OtpPurpose,
  now: number,
): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', otpToken)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

/**
 * A fresh code for an open challenge, at most once a minute: new expiry, tries back to five.
 * Answers 429 OTP_COOLDOWN with the seconds left while the cooldown runs.
 */
export async function reissueChallenge(
  db: Kysely<Database>,
  secret: string,
  otpToken: string,
  now: number,
): Promise<NewChallenge & { userId: string | null; purpose: OtpPurpose }> {
  const row = await db.selectFrom('otp_codes').selectAll().where('id', '=', otpToken).executeTakeFirst();
  if (!row || row.consumed_at !== null) throw otpExpired();
  const wait = row.last_sent_at + OTP_RESEND_COOLDOWN_MS - now;
  if (wait > 0) throw cooldown(wait);
  const code = generateOtp();
  const stored = row.user_id ? code : randomBytes(16).toString('hex');
  const updated = await db
    .updateTable('otp_codes')
    .set({ code_hash: hashCode(secret, row.id, stored), attempts: 0, expires_at: now + OTP_TTL_MS, last_sent_at: now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('last_sent_at', '=', row.last_sent_at)
    .executeTakeFirst();
  // Two resends at once: the other one won and started the cooldown.
  if (Number(updated.numUpdatedRows) !== 1) throw cooldown(OTP_RESEND_COOLDOWN_MS);
  metrics().otpCodes.inc({ purpose: row.purpose, event: row.user_id ? 'resent' : 'decoy' });
  return { otpToken: row.id, code, userId: row.user_id, purpose: row.purpose };
}

function cooldown(waitMs: number) {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(
    429,
    'OTP_COOLDOWN',
    SERVER_ERROR_MESSAGES.otpCooldown({ retryAfterSeconds: seconds }),
    undefined,
    {
      retryAfterSeconds: seconds,
    },
  );
}

/**
 * Checks a code. Right: the challenge is used up (when `consume`) and its user id returned.
 * Wrong: one of five tries is spent (400 with the tries left; the fifth wrong try and any after
 * it answer 429). Expired, used, unknown or of another purpose: 400 OTP_EXPIRED.
 */
export async function verifyChallenge(
  db: Kysely<Database>,
  secret: string,
  options: { otpToken: string; purpose: OtpPurpose; code: string; now: number; consume: boolean },
): Promise<string> {
  const { otpToken, purpose, code, now } = options;
  const row = await db.selectFrom('otp_codes').selectAll().where('id', '=', otpToken).executeTakeFirst();
  if (!row || row.purpose !== purpose || row.consumed_at !== null) throw otpExpired();
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw otpLocked();
  if (now >= row.expires_at) throw otpExpired();

  // The try is spent before the code is compared, so a burst of parallel guesses gets five
  // comparisons in all, not five each.
  const spent = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (!spent) throw otpLocked();

  const right = sameHex(row.code_hash, hashCode(secret, row.id, code)) && row.user_id !== null;
  if (!right) {
    const left = OTP_MAX_ATTEMPTS - spent.attempts;
    if (left <= 0) throw otpLocked();
    throw otpIncorrect(left);
  }

  if (options.consume) {
    // Single use even against two requests with the right code at once.
    const used = await db
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw otpExpired();
  } else {
    // A right code only looked at keeps its try for the call that uses it.
    await db
      .updateTable('otp_codes')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '>', 0)
      .execute();
  }
  return row.user_id!;
}
