import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { MessageSender } from '../../integrations/messages.ts';
import type { PlayerLanguage } from '../../integrations/message-language.ts';
import { codeSms } from '../../integrations/player-messages.ts';
import { openChallenge, otpExpired, recipientKey, verifyChallenge } from './otp.service.ts';
import type { PasswordHasher } from './password.ts';
import { revokeUserSessions } from './session.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';

const wrongPassword = () =>
  new AppError(400, 'WRONG_PASSWORD', SERVER_ERROR_MESSAGES.wrongPassword, {
    currentPassword: SERVER_ERROR_MESSAGES.wrongPassword,
  });

/** Needs the current password; ends every session of the user (the route then starts a fresh one for this browser). */
export async function changePassword(
  db: Kysely<Database>,
  passwords: PasswordHasher,
  options: { userId: string; currentPassword: string; newPassword: string; now: number; who?: string },
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', options.userId)
    .executeTakeFirstOrThrow();
  if (!(await passwords.verify(options.currentPassword, user.password_hash, options.who))) throw wrongPassword();
  const passwordHash = await passwords.hash(options.newPassword, options.who);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: options.now })
    .where('id', '=', options.userId)
    .execute();
  await revokeUserSessions(db, options.userId);
}

/**
 * A code by SMS to the logged-in player's own mobile number, to set a password (an account made
 * by the code-first sign-up or with Google has none) or to choose a new one without the current
 * one. It is a reset code: the same send limits, tries and expiry as the forgotten-password one.
 */
export async function requestPasswordCode(
  db: Kysely<Database>,
  deps: { secret: string; messages: MessageSender; lang: PlayerLanguage },
  options: { userId: string; now: number },
): Promise<{ otpToken: string; hadPassword: boolean }> {
  const user = await db
    .selectFrom('users')
    .select(['phone', 'password_hash'])
    .where('id', '=', options.userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  // Only the logged-in owner asks, for their own number: the route's per-account limit is the
  // cap, not the growing waits that keep strangers from texting someone's phone (issue 27).
  const challenge = await openChallenge(db, deps.secret, {
    purpose: 'reset',
    userId: options.userId,
    recipientKey: recipientKey(deps.secret, user.phone),
    now: options.now,
  });
  const hadPassword = user.password_hash !== null;
  await deps.messages.send(codeSms(deps.lang, user.phone, challenge.code, hadPassword ? 'reset' : 'set'));
  return { otpToken: challenge.otpToken, hadPassword };
}

/**
 * The right code of the player's own request sets the password (the spec's rules, checked by the
 * route's schema); every session of the account ends (the route starts a fresh one for this
 * browser). A code of another account's request is refused as expired.
 */
export async function setPasswordWithCode(
  db: Kysely<Database>,
  deps: { secret: string; passwords: PasswordHasher },
  options: { userId: string; otpToken: string; otp: string; password: string; now: number; who?: string },
): Promise<void> {
  const owner = await verifyChallenge(db, deps.secret, {
    otpToken: options.otpToken,
    purpose: 'reset',
    code: options.otp,
    now: options.now,
    consume: true,
  });
  if (owner !== options.userId) throw otpExpired();
  const passwordHash = await deps.passwords.hash(options.password, options.who);
  const updated = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: options.now })
    .where('id', '=', options.userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw otpExpired();
  await revokeUserSessions(db, options.userId);
}

/**
 * Suspended: cannot log in until support reactivates the account. Every session ends. True when
 * this call deactivated it (false: it was not active).
 */
export async function deactivateAccount(db: Kysely<Database>, userId: string, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ status: 'suspended', updated_at: now })
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  await revokeUserSessions(db, userId);
  await forgetPushSubscriptions(db, userId);
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Deleted: cannot log in; support can restore it. The personal data stays until the erasure
 * after the retention period (ACCOUNT_RETENTION_DAYS), done by retention.service.ts. The player's
 * own "Delete account" and the console's (admin-users.service.ts, in its transaction) both come
 * here. True when this call deleted it (false: it was deleted already).
 */
export async function deleteAccount(db: Kysely<Database>, userId: string, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ status: 'deleted', deleted_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('status', 'in', ['active', 'suspended'])
    .executeTakeFirst();
  await revokeUserSessions(db, userId);
  await forgetPushSubscriptions(db, userId);
  return Number(updated.numUpdatedRows) === 1;
}

/** A closed account's browsers hear no more contest notices (a reactivated player subscribes again). */
async function forgetPushSubscriptions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}
