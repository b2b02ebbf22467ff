import type { ContactValues } from '../../../domain/validation.ts';
import { sendContactMessage } from '../../api/contact.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';

export type ContactOutcome =
  | { ok: true }
  /** `fields`: the server's message per field; `text`: what the dialog says (the fallback unless fields were named). */
  | { ok: false; fields: Record<string, string>; text: string };

/**
 * Sends the message (the API client comes with this module, loaded when the form is first used,
 * so the page's first paint carries no axios) and reads a refusal the way every form does.
 */
export async function submitContact(values: ContactValues, failedText: string): Promise<ContactOutcome> {
  try {
    await sendContactMessage(values);
    return { ok: true };
  } catch (error) {
    const fields = fieldErrorsOf(error);
    return { ok: false, fields, text: Object.keys(fields).length ? errorMessageOf(error, failedText) : failedText };
  }
}
