import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PasswordHasher } from './password.ts';
import { revokeUserSessions } from './session.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

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

/** Suspended: cannot log in until support reactivates the account. Every session ends. */
export async function deactivateAccount(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: 'suspended', updated_at: now })
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .execute();
  await revokeUserSessions(db, userId);
}

/**
 * Deleted: cannot log in; support can restore it. The personal data stays until the erasure
 * after the retention period (ACCOUNT_RETENTION_DAYS), done by retention.service.ts.
 */
export async function deleteAccount(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: 'deleted', deleted_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('status', 'in', ['active', 'suspended'])
    .execute();
  await revokeUserSessions(db, userId);
}
