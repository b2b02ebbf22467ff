import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.ts';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** E.164 phone number for SMS, address for e-mail. */
  recipient: string;
  /** E-mail only. */
  subject?: string;
  body: string;
}

/**
 * Where SMS and e-mail go. The embedded default records them in the outbox table (and the
 * server log outside production) so a new user can finish sign-up with no outside service; an
 * SMS gateway or SMTP sender implements the same interface.
 */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/** '+919876543210' -> '+91******3210', 'ravi@gmail.com' -> 'r***@gmail.com': enough to follow a log. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  return recipient.length > 7
    ? `${recipient.slice(0, 3)}${'*'.repeat(recipient.length - 7)}${recipient.slice(-4)}`
    : '***';
}

/** Outbox rows hold one-time codes in clear: kept a day for reading, then gone. */
export const OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;

export function createOutboxSender(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  now: () => number;
  logBodies: boolean;
}): MessageSender {
  return {
    async send(message) {
      await options.db
        .deleteFrom('outbox_messages')
        .where('created_at', '<', options.now() - OUTBOX_RETENTION_MS)
        .execute();
      await options.db
        .insertInto('outbox_messages')
        .values({
          id: crypto.randomUUID(),
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject ?? null,
          body: message.body,
          created_at: options.now(),
        })
        .execute();
      // Bodies hold one-time codes: they reach the log only where nobody real receives them.
      if (options.logBodies)
        options.log.info(
          { channel: message.channel, to: message.recipient, subject: message.subject, body: message.body },
          'outbox: message recorded',
        );
      else
        options.log.info(
          { channel: message.channel, to: maskRecipient(message.recipient) },
          'outbox: message recorded',
        );
    },
  };
}

/** E-mail through an SMTP server (nodemailer), e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465. */
export function createSmtpSender(options: { url: string; from: string; log: FastifyBaseLogger }): MessageSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      if (message.channel !== 'email') throw new Error('The SMTP sender sends e-mail only');
      await transport.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
      });
      options.log.info({ channel: 'email', to: maskRecipient(message.recipient) }, 'e-mail sent');
    },
  };
}

/**
 * SMS through a provider's HTTP relay: POST { to, body } as JSON (Bearer token when given).
 * Indian SMS gateways differ in their APIs and DLT template rules; a small relay in front of
 * the chosen one keeps that out of this code.
 */
export function createHttpSmsSender(options: {
  url: string;
  token: string | undefined;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): MessageSender {
  return {
    async send(message) {
      if (message.channel !== 'sms') throw new Error('The SMS sender sends SMS only');
      const res = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: message.recipient, body: message.body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`The SMS relay answered ${res.status}`);
      options.log.info({ channel: 'sms', to: maskRecipient(message.recipient) }, 'SMS sent');
    },
  };
}

/** Each channel to its configured sender; a channel with none goes to the outbox. */
export function routeByChannel(senders: {
  email?: MessageSender;
  sms?: MessageSender;
  fallback: MessageSender;
}): MessageSender {
  return {
    send: (message) => (senders[message.channel] ?? senders.fallback).send(message),
  };
}
