import type { Kysely } from 'kysely';
import { BRAND } from '../../../domain/brand.ts';
import { toIndianE164 } from '../../../domain/phone.ts';
import type { ContactInput } from '../../../domain/validation.ts';
import type { Database } from '../../db/schema.ts';
import type { OutgoingMessage } from '../../integrations/messages.ts';

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

/**
 * The acknowledgement of a contact message (issue 26), by e-mail to the address the sender gave
 * (where the reply will come), in the language they wrote from. It quotes the subject only: the
 * message itself may hold what should not travel again.
 */
export function contactAcknowledgement(
  input: Pick<ContactInput, 'email' | 'subject'>,
  lang: 'en' | 'hi',
): OutgoingMessage {
  const subject = input.subject.trim();
  if (lang === 'hi') {
    return {
      channel: 'email',
      recipient: input.email.toLowerCase(),
      subject: `हमें आपका संदेश मिल गया: ${subject}`,
      body: `नमस्ते,\n\nहमें "${subject}" विषय पर आपका संदेश मिल गया है। हमारी टीम इसे पढ़कर इसी ई-मेल पते पर जवाब देगी, आम तौर पर दो कामकाजी दिनों में।\n\nअगर आपने यह संदेश नहीं भेजा, तो इस ई-मेल को अनदेखा करें।\n\n${BRAND.name}`,
    };
  }
  return {
    channel: 'email',
    recipient: input.email.toLowerCase(),
    subject: `We have received your message: ${subject}`,
    body: `Hello,\n\nWe have received your message about "${subject}". Our team will read it and reply to this e-mail address, usually within two working days.\n\nIf you did not send this message, ignore this e-mail.\n\n${BRAND.name}`,
  };
}
