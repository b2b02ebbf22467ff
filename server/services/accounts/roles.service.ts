import type { Kysely, Transaction } from 'kysely';
import { STAFF_ROLES, type StaffRole } from '../../../domain/roles.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';

/** The roles a person holds on top of playing, in a fixed order. */
export async function rolesOf(db: Db, userId: string): Promise<StaffRole[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  const held = new Set(rows.map((r) => r.role));
  return STAFF_ROLES.filter((role) => held.has(role));
}

export const LAST_ADMIN =
  'This is the last admin: grant the admin role to someone else before taking it away, so the console always has an operator.';

/**
 * Gives a role to an active account (idempotent: granting a held role changes nothing and logs
 * nothing). Written with its audit entry in one transaction.
 */
export async function grantRole(
  db: Kysely<Database>,
  actor: AuditActor,
  userId: string,
  role: StaffRole,
  now: number,
): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'status'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new AppError(404, 'USER_NOT_FOUND', SERVER_ERROR_MESSAGES.userNotFound);
    if (user.status !== 'active')
      throw new AppError(409, 'USER_NOT_ACTIVE', SERVER_ERROR_MESSAGES.userNotActiveForRole);
    const before = await rolesOf(trx, userId);
    if (before.includes(role)) return { changed: false };
    await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role, granted_by: actor.id, granted_at: now })
      .execute();
    await auditRoleChange(trx, actor, 'role.grant', user, before, now, `Gave the ${role} role to`);
    return { changed: true };
  });
}

/** The audit line of a role given or taken: the person's roles before and after. */
async function auditRoleChange(
  trx: Transaction<Database>,
  actor: AuditActor,
  action: 'role.grant' | 'role.revoke',
  user: { id: string; first_name: string; last_name: string },
  before: StaffRole[],
  now: number,
  what: string,
): Promise<void> {
  await recordAudit(trx, actor, {
    action,
    targetType: 'user',
    targetId: user.id,
    summary: `${what} ${user.first_name} ${user.last_name}`,
    before: { roles: before },
    after: { roles: await rolesOf(trx, user.id) },
    now,
  });
}

/** Takes a role away; the last admin cannot lose the admin role (nobody could run the console). */
export async function revokeRole(
  db: Kysely<Database>,
  actor: AuditActor,
  userId: string,
  role: StaffRole,
  now: number,
): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new AppError(404, 'USER_NOT_FOUND', SERVER_ERROR_MESSAGES.userNotFound);
    const before = await rolesOf(trx, userId);
    if (!before.includes(role)) return { changed: false };
    if (role === 'admin') {
      // Counted inside the transaction (SQLite runs one writer at a time; PostgreSQL locks the admin rows).
      const admins = await trx
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .select('user_roles.user_id')
        .where('user_roles.role', '=', 'admin')
        .where('users.status', '=', 'active')
        .$if(isPostgres(trx), (qb) => qb.forUpdate())
        .execute();
      if (admins.length <= 1) throw new AppError(409, 'LAST_ADMIN', LAST_ADMIN);
    }
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).execute();
    await auditRoleChange(trx, actor, 'role.revoke', user, before, now, `Took the ${role} role from`);
    return { changed: true };
  });
}
