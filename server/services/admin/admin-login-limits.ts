import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { normalizeIdentifier } from '../accounts/auth.service.ts';

/**
 * Issue 26: staff testing from one office address must not lock each other out. The login
 * route's per-address limit counts, for a staff account (admin or judge), per account and
 * address instead: the office's shared address is not one caller. It is never per account alone:
 * strangers naming an admin from many addresses would then use up that admin's own logins
 * (a lockout anyone could cause). Wrong passwords for one account from anywhere are bounded by
 * login-failures.service.ts, which always checks the password from an address that is not
 * guessing. Players keep the per-address count.
 */
export async function staffAccountOf(db: Kysely<Database>, identifier: string): Promise<string | null> {
  const key = normalizeIdentifier(identifier);
  const row = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select('users.id')
    .where('email' in key ? 'users.email' : 'users.phone', '=', 'email' in key ? key.email : key.phone)
    .where('users.status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A login route's limit keyed by the client address, or by the staff account it names and the
 * address: counted once the body is parsed (preHandler), so the key can read the identifier. The
 * remaining count is not sent on answers below the limit: a separate count for a staff account
 * would tell a stranger which e-mails are staff.
 */
export function staffAwareLoginLimit(db: Kysely<Database>, limit: { max: number; timeWindow: string }) {
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: async (request: FastifyRequest): Promise<string> => {
      const identifier = (request.body as { identifier?: unknown } | undefined)?.identifier;
      const staff = typeof identifier === 'string' ? await staffAccountOf(db, identifier) : null;
      return staff ? `staff:${staff}:${request.ip}` : request.ip;
    },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  };
}
