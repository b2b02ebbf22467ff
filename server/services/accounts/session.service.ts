import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS, SESSION_TOUCH_INTERVAL_MS } from '../../../domain/session.ts';
import { STAFF_ROLES, type StaffRole } from '../../../domain/roles.ts';
import type { Database, UsersTable, UserStatus } from '../../db/schema.ts';

/** What a route knows about the person behind a valid session. */
export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: UserStatus;
  /** Held on top of playing (user_roles); empty for most people. */
  roles: StaffRole[];
}

/** 32 random bytes in base64url: 43 characters. Anything else in the cookie is not ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedSessionToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  now: number,
  meta: { userAgent: string | undefined; ip: string | undefined },
): Promise<{ token: string; idHash: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const idHash = hashSessionToken(token);
  const expiresAt = now + SESSION_MAX_AGE_MS;
  await db
    .insertInto('sessions')
    .values({
      id_hash: idHash,
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      user_agent: meta.userAgent?.slice(0, 255) ?? null,
      ip: meta.ip?.slice(0, 64) ?? null,
    })
    .execute();
  // Ended sessions of this user are of no use to anyone; a scheduled sweep can do the rest.
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  return { token, idHash, expiresAt };
}

export type SessionLookup = { kind: 'valid'; user: SessionUser } | { kind: 'ended' };

/**
 * The user behind a session token, or 'ended' when the session is unknown, idle for 30
 * minutes, past its absolute lifetime, or its user can no longer log in. An ended session is
 * deleted. last_seen_at moves at most once a minute.
 */
export async function lookupSession(db: Kysely<Database>, idHash: string, now: number): Promise<SessionLookup> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.phone',
      'users.status',
    ])
    // One query per request: whether the person holds each staff role, as 0/1 (SQLite) or a boolean.
    .select((eb) =>
      STAFF_ROLES.map((role) =>
        eb
          .exists(
            eb
              .selectFrom('user_roles')
              .select('user_roles.role')
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('user_roles.role', '=', role),
          )
          .as(`has_${role}`),
      ),
    )
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return { kind: 'ended' };
  if (now >= row.expires_at || now - row.last_seen_at >= SESSION_IDLE_MS || row.status !== 'active') {
    await revokeSession(db, idHash);
    return { kind: 'ended' };
  }
  if (now - row.last_seen_at >= SESSION_TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
  }
  return {
    kind: 'valid',
    user: toSessionUser(
      row,
      STAFF_ROLES.filter((role) => Boolean((row as Record<string, unknown>)[`has_${role}`])),
    ),
  };
}

export async function revokeSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of a user, or every one but `exceptIdHash` (the one changing the password). */
export async function revokeUserSessions(db: Kysely<Database>, userId: string, exceptIdHash?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptIdHash) query = query.where('id_hash', '!=', exceptIdHash);
  await query.execute();
}

/** The account as the API shows it to its owner (domain/users.ts), from its row and its staff roles. */
export function toSessionUser(
  row: Pick<UsersTable, 'id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'status'>,
  roles: StaffRole[],
): SessionUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    roles,
  };
}
