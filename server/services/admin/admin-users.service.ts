import { type Kysely, sql } from 'kysely';
import { parseUserSearch, type UserDetail, type UserSummary, USER_SEARCH_LIMIT } from '../../../domain/admin-users.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { deleteAccount } from '../accounts/account.service.ts';
import { rolesOf } from '../accounts/roles.service.ts';
import { toSessionUser } from '../accounts/session.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';
import { STAFF_ROLES } from '../../../domain/roles.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const userNotFound = () => new AppError(404, 'USER_NOT_FOUND', SERVER_ERROR_MESSAGES.userNotFound);

const SUMMARY_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'created_at'] as const;

/** Accounts (never unfinished sign-ups) matching a phone or part of one, an e-mail address, or a part of a name or of an e-mail. */
export async function searchUsers(db: Kysely<Database>, raw: string): Promise<UserSummary[]> {
  const search = parseUserSearch(raw);
  let query = db.selectFrom('users').select(SUMMARY_COLUMNS).where('status', '!=', 'pending');
  if (search.kind === 'phone') query = query.where('phone', '=', search.phone);
  else if (search.kind === 'phonePart') query = query.where('phone', 'like', `%${search.digits}%`);
  else if (search.kind === 'email') query = query.where('email', 'like', `${escapeLike(search.email)}%`);
  else {
    const pattern = `%${escapeLike(search.name)}%`;
    // Part of a name, or the start of an e-mail address typed without its '@'.
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(first_name || ' ' || last_name) like ${pattern}`,
        eb('email', 'like', `${escapeLike(search.name)}%`),
      ]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(USER_SEARCH_LIMIT).execute();
  const roleRows = rows.length
    ? await db
        .selectFrom('user_roles')
        .select(['user_id', 'role'])
        .where(
          'user_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  return rows.map((row) => ({
    ...toSessionUser(
      row,
      STAFF_ROLES.filter((role) => roleRows.some((r) => r.user_id === row.id && r.role === role)),
    ),
    createdAt: Number(row.created_at),
  }));
}

/** LIKE patterns never contain the wildcards a person typed (an e-mail may hold '_'). */
function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, '');
}

export async function userDetail(
  db: Kysely<Database>,
  userId: string,
  now: number,
  retentionDays: number,
): Promise<UserDetail> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  if (!row) throw userNotFound();
  const [tickets, payments] = await Promise.all([
    db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'success')
      .executeTakeFirstOrThrow(),
  ]);
  const deletedAt = row.deleted_at === null ? null : Number(row.deleted_at);
  const erasedAt = row.erased_at === null ? null : Number(row.erased_at);
  const restoreUntil = row.status === 'deleted' && deletedAt !== null ? deletedAt + retentionDays * DAY_MS : null;
  return {
    ...toSessionUser(row, await rolesOf(db, userId)),
    createdAt: Number(row.created_at),
    signupMethod: row.signup_method,
    ticketCount: Number(tickets.n),
    paymentCount: Number(payments.n),
    suspendedAt: row.status === 'suspended' && row.suspended_at !== null ? Number(row.suspended_at) : null,
    suspendReason: row.status === 'suspended' ? row.suspend_reason : null,
    deletedAt,
    erasedAt,
    restoreUntil,
    restorable:
      row.status === 'suspended' ||
      (row.status === 'deleted' && erasedAt === null && restoreUntil !== null && now <= restoreUntil),
  };
}

const fullName = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`;

/**
 * Suspends an active account: it cannot log in (auth and social sign-in refuse it) and every
 * session ends in the same transaction, so its next request is already logged out.
 */
export async function suspendUser(
  db: Kysely<Database>,
  actor: AuditActor,
  userId: string,
  reason: string,
  now: number,
): Promise<void> {
  if (actor.id === userId) throw new AppError(409, 'CANNOT_SUSPEND_SELF', SERVER_ERROR_MESSAGES.cannotSuspendSelf);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'status'])
      .where('id', '=', userId)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    if (!user) throw userNotFound();
    if (user.status !== 'active')
      throw new AppError(409, 'USER_NOT_ACTIVE', SERVER_ERROR_MESSAGES.userNotActiveForSuspend);
    await trx
      .updateTable('users')
      .set({ status: 'suspended', suspended_at: now, suspend_reason: reason, updated_at: now })
      .where('id', '=', userId)
      .where('status', '=', 'active')
      .execute();
    const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    await recordAudit(trx, actor, {
      action: 'user.suspend',
      targetType: 'user',
      targetId: userId,
      summary: `Suspended ${fullName(user)}: ${reason}`,
      before: { status: 'active' },
      after: { status: 'suspended', reason, sessionsEnded: Number(ended.numDeletedRows) },
      now,
    });
  });
}

/**
 * Restores a suspended account, or a deleted one whose personal data is still kept (within
 * ACCOUNT_RETENTION_DAYS of its deletion and not erased): the spec's "reactivated only by
 * e-mailing support". An erased account is gone for good. The route tells the player once this
 * has committed (accounts/account-notices.ts), never from inside the transaction.
 */
export async function restoreUser(
  db: Kysely<Database>,
  actor: AuditActor,
  userId: string,
  reason: string,
  now: number,
  retentionDays: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'status', 'deleted_at', 'erased_at'])
      .where('id', '=', userId)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    if (!user) throw userNotFound();
    if (user.status === 'active')
      throw new AppError(409, 'USER_ALREADY_ACTIVE', SERVER_ERROR_MESSAGES.userAlreadyActive);
    if (user.status === 'deleted') {
      if (user.erased_at !== null) {
        throw new AppError(409, 'ACCOUNT_ERASED', SERVER_ERROR_MESSAGES.accountErased);
      }
      if (user.deleted_at === null || now > Number(user.deleted_at) + retentionDays * DAY_MS) {
        throw new AppError(409, 'RETENTION_PASSED', SERVER_ERROR_MESSAGES.retentionPassed(retentionDays));
      }
    }
    await trx
      .updateTable('users')
      .set({ status: 'active', suspended_at: null, suspend_reason: null, deleted_at: null, updated_at: now })
      .where('id', '=', userId)
      .where('status', '=', user.status)
      .execute();
    await recordAudit(trx, actor, {
      action: 'user.restore',
      targetType: 'user',
      targetId: userId,
      summary: `Restored the ${user.status} account of ${fullName(user)}: ${reason}`,
      before: { status: user.status },
      after: { status: 'active', reason },
      now,
    });
  });
}

/**
 * Deletes a player's account for them (the person asked support, often because they cannot log
 * in): the same deleteAccount as the player's own "Delete account", so every effect is the same
 * (sessions end, push subscriptions go, restorable within ACCOUNT_RETENTION_DAYS, then erased).
 * Never a staff account nor the operator's own. The audit entry holds the reason and no personal
 * data: the account is named by its id only, since its names are erased later and the log stays.
 */
export async function deleteUser(
  db: Kysely<Database>,
  actor: AuditActor,
  userId: string,
  reason: string,
  now: number,
): Promise<void> {
  if (actor.id === userId) throw new AppError(409, 'CANNOT_DELETE_SELF', SERVER_ERROR_MESSAGES.cannotDeleteSelf);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'status'])
      .where('id', '=', userId)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    if (!user) throw userNotFound();
    if (user.status === 'deleted')
      throw new AppError(409, 'USER_ALREADY_DELETED', SERVER_ERROR_MESSAGES.userAlreadyDeleted);
    if ((await rolesOf(trx, userId)).length > 0)
      throw new AppError(409, 'CANNOT_DELETE_STAFF', SERVER_ERROR_MESSAGES.cannotDeleteStaff);
    const sessions = await trx
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // A deletion by the player (or another operator) since the read above leaves nothing to do.
    if (!(await deleteAccount(trx, userId, now)))
      throw new AppError(409, 'USER_ALREADY_DELETED', SERVER_ERROR_MESSAGES.userAlreadyDeleted);
    await recordAudit(trx, actor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      summary: `Deleted the account for its owner: ${reason}`,
      before: { status: user.status },
      after: { status: 'deleted', reason, sessionsEnded: Number(sessions.n) },
      now,
    });
  });
}
