import type { Kysely } from 'kysely';
import { toIndianE164 } from '../../domain/phone.ts';
import type { ContactInput } from '../../domain/validation.ts';
import type { Database } from '../db/schema.ts';

export async function saveContactMessage(
  db: Kysely<Database>,
  input: ContactInput,
  language: string,
  now: number,
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await db
    .insertInto('contact_messages')
    .values({
      id,
      subject: input.subject,
      email: input.email.toLowerCase(),
      phone: toIndianE164(input.phone),
      message: input.message,
      language,
      created_at: now,
    })
    .execute();
  return { id };
}
