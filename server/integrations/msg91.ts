import type { FastifyBaseLogger } from 'fastify';
import type { Msg91Config } from '../config.ts';
import { maskRecipient, type MessageSender } from './messages.ts';

/** A one-time code in a message: six digits standing alone (server/services/accounts/otp.service.ts makes them). */
const CODE = /(?<!\d)\d{6}(?!\d)/;

/** What MSG91 answers: { type: 'success', message: <request id> } or { type: 'error', message }. */
interface Msg91Answer {
  type?: string;
  message?: string;
}

export class Msg91Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Msg91Error';
  }
}

/**
 * SMS in India through MSG91's Flow API (POST /api/v5/flow with the `authkey` header): every SMS
 * sent to India must match a DLT-approved template from a DLT-registered sender, so the text
 * goes as the template's variables, never as free text. Each recipient carries two:
 * `message`, the whole text (for a template of the form `##message##`), and `otp`, the six-digit
 * code when the text holds one (for an OTP template such as `Your CricSpot code is ##otp##`).
 * Text outside Latin-1 (Hindi) is sent as unicode. MSG91 may answer an error with status 200,
 * so its `type` decides; a refusal, a timeout or anything else is a thrown Msg91Error, which the
 * caller treats like any failed send.
 */
export function createMsg91Sender(
  config: Msg91Config,
  options: { log: FastifyBaseLogger; timeoutMs?: number },
): MessageSender {
  return {
    async send(message) {
      if (message.channel !== 'sms') throw new Error('The MSG91 sender sends SMS only');
      const code = CODE.exec(message.body)?.[0];
      const body = {
        template_id: config.templateId,
        sender: config.senderId,
        short_url: '0',
        ...([...message.body].some((ch) => ch.codePointAt(0)! > 0xff) ? { unicode: 1 } : {}),
        recipients: [
          {
            // E.164 without the '+': 919876543210.
            mobiles: message.recipient.replace(/^\+/, ''),
            message: message.body,
            ...(code ? { otp: code } : {}),
          },
        ],
      };
      let res: Response;
      try {
        res = await fetch(`${config.apiUrl}/api/v5/flow`, {
          method: 'POST',
          headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new Msg91Error(`MSG91 did not answer (${error instanceof Error ? error.name : 'error'})`);
      }
      const text = await res.text();
      let answer: Msg91Answer = {};
      try {
        answer = JSON.parse(text) as Msg91Answer;
      } catch {
        // Not JSON (a proxy's error page): the status says it.
      }
      if (!res.ok || answer.type !== 'success')
        throw new Msg91Error(`MSG91 refused the SMS (${res.status}: ${answer.message ?? text.slice(0, 120)})`);
      options.log.info(
        { channel: 'sms', to: maskRecipient(message.recipient), provider: 'msg91', requestId: answer.message },
        'SMS sent',
      );
    },
  };
}
