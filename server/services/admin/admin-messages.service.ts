import type { Kysely } from 'kysely';
import type { ContactMessage, MessagePage } from '../../../domain/admin-messages.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';

const notFound = () => new AppError(404, 'MESSAGE_NOT_FOUND', SERVER_ERROR_MESSAGES.messageNotFound);

function base(db: Kysely<Database>) {
  return db
    .selectFrom('contact_messages')
    .leftJoin('users', 'users.id', 'contact_messages.answered_by')
    .selectAll('contact_messages')
    .select(['users.first_name as answerer_first', 'users.last_name as answerer_last']);
}

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    subject: row.subject,
    email: row.email,
    phone: row.phone,
    message: row.message,
    language: row.language,
    status: row.status === 'answered' ? 'answered' : 'open',
    createdAt: Number(row.created_at),
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
    answeredBy: row.answerer_first === null ? null : `${row.answerer_first} ${row.answerer_last ?? ''}`.trim(),
  };
}

/** Newest first; 'open' is every message not marked answered. */
export async function listMessages(
  db: Kysely<Database>,
  query: { status: 'open' | 'answered' | ''; cursor?: string | undefined; limit: number },
): Promise<MessagePage> {
  const offset = query.cursor ? Number(query.cursor) : 0;
  let q = base(db);
  if (query.status === 'answered') q = q.where('contact_messages.status', '=', 'answered');
  if (query.status === 'open') q = q.where('contact_messages.status', '!=', 'answered');
  const rows = await q
    .orderBy('contact_messages.created_at', 'desc')
    .orderBy('contact_messages.id')
    .limit(query.limit + 1)
    .offset(offset)
    .execute();
  return {
    messages: rows.slice(0, query.limit).map(toMessage),
    nextCursor: rows.length > query.limit ? String(offset + query.limit) : null,
  };
}

export async function getMessage(db: Kysely<Database>, id: string): Promise<ContactMessage> {
  const row = await base(db).where('contact_messages.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toMessage(row);
}

/** Marks a message answered (or open again); a change to the state it has changes and logs nothing. */
export async function setMessageAnswered(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  answered: boolean,
  now: number,
): Promise<{ message: ContactMessage; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await getMessage(trx, id);
    if ((before.status === 'answered') === answered) return { message: before, changed: false };
    await trx
      .updateTable('contact_messages')
      .set(
        answered
          ? { status: 'answered', answered_at: now, answered_by: actor.id }
          : { status: 'new', answered_at: null, answered_by: null },
      )
      .where('id', '=', id)
      .execute();
    const after = await getMessage(trx, id);
    await recordAudit(trx, actor, {
      action: answered ? 'message.answer' : 'message.reopen',
      targetType: 'message',
      targetId: id,
      summary: `${answered ? 'Marked answered' : 'Reopened'} the message “${before.subject.slice(0, 80)}” from ${before.email}`,
      before: { status: before.status },
      after: { status: after.status },
      now,
    });
    return { message: after, changed: true };
  });
}
