import type { Kysely } from 'kysely';
import type { AuditEntry, AuditQuery } from '../../../domain/audit.ts';
import { keysetPage, newestFirst } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';

/** Who acts: a signed-in admin or judge, or the system (null id) for jobs and the shell. */
export interface AuditActor {
  id: string | null;
  name: string;
  ip?: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'System' };

/** The audit actor of a request's signed-in user. */
export function actorOf(user: { id: string; firstName: string; lastName: string }, ip?: string): AuditActor {
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.slice(0, 100), ip: ip ?? null };
}

export interface AuditRecord {
  /** Dot-namespaced: 'contest.update', 'role.grant', 'promo.create', ... */
  action: string;
  targetType: string;
  targetId: string | null;
  /** One line an operator reads in the log, e.g. 'Cancelled Contest A of 23 Nov'. */
  summary: string;
  /** The thing before and after the change (only the fields that matter; never secrets). */
  before?: unknown;
  after?: unknown;
  now: number;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * Appends one entry. Call it with the transaction that makes the change, so the log holds exactly
 * the changes that happened. Never updated or deleted afterwards.
 */
export async function recordAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      actor_id: actor.id,
      actor_name: actor.name.slice(0, 100),
      action: record.action.slice(0, 64),
      target_type: record.targetType.slice(0, 32),
      target_id: record.targetId?.slice(0, 64) ?? null,
      summary: record.summary.slice(0, 300),
      before_json: json(record.before),
      after_json: json(record.after),
      ip: actor.ip?.slice(0, 64) ?? null,
      created_at: record.now,
    })
    .execute();
}

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * Newest first, a page at a time. The cursor is the last entry's (created_at, id), so pages stay
 * stable while new entries arrive.
 */
export async function listAudit(
  db: Kysely<Database>,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  let q = db.selectFrom('audit_log').selectAll();
  if (query.action) q = q.where('action', 'like', `${query.action.replace(/[%_\\]/g, '')}%`);
  if (query.targetType) q = q.where('target_type', '=', query.targetType);
  if (query.targetId) q = q.where('target_id', '=', query.targetId);
  if (query.actorId) q = q.where('actor_id', '=', query.actorId);
  const rows = await newestFirst(q, 'created_at', 'id', query).execute();
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => [row.created_at, row.id]);
  return {
    entries: page.map((row) => ({
      id: row.id,
      actorId: row.actor_id,
      actorName: row.actor_name,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      summary: row.summary,
      before: parse(row.before_json),
      after: parse(row.after_json),
      ip: row.ip,
      at: new Date(row.created_at).toISOString(),
    })),
    nextCursor,
  };
}
