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
 * (where the reply will come), in the language they wrote from. That address is whatever was
 * typed in the form, so the e-mail is a fixed text with the message's reference only: nothing the
 * sender wrote (subject, message, name) travels in it, and the form cannot be used to send
 * someone else words of the sender's choosing. The operator reads the message itself in the
 * console's inbox.
 */
export function contactAcknowledgement(saved: { id: string; email: string }, lang: 'en' | 'hi'): OutgoingMessage {
  const recipient = saved.email.toLowerCase();
  if (lang === 'hi') {
    return {
      channel: 'email',
      recipient,
      subject: `हमें आपका संदेश मिल गया (संदर्भ ${saved.id})`,
      body: `नमस्ते,\n\nहमें ${BRAND.name} के संपर्क फ़ॉर्म से आपका संदेश मिल गया है। हमारी टीम इसे पढ़कर इसी ई-मेल पते पर जवाब देगी, आम तौर पर दो कामकाजी दिनों में।\n\nसंदर्भ संख्या: ${saved.id}\nहमें इस बारे में लिखें तो यह संख्या बताएँ।\n\nअगर आपने यह संदेश नहीं भेजा, तो इस ई-मेल को अनदेखा करें।\n\n${BRAND.name}`,
    };
  }
  return {
    channel: 'email',
    recipient,
    subject: `We have received your message (reference ${saved.id})`,
    body: `Hello,\n\nWe have received your message sent through the ${BRAND.name} contact form. Our team will read it and reply to this e-mail address, usually within two working days.\n\nReference number: ${saved.id}\nQuote it if you write to us about this message.\n\nIf you did not send this message, ignore this e-mail.\n\n${BRAND.name}`,
  };
}
