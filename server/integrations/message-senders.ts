import type { FastifyInstance } from 'fastify';
import type { MetricFamilies } from '../metrics/families.ts';
import {
  createHttpSmsSender,
  createOutboxSender,
  createSmtpSender,
  type MessageSender,
  routeByChannel,
} from './messages.ts';
import { createMsg91Sender } from './msg91.ts';

/** Counts each send by channel, sender and outcome (cricspot_messages_total). */
export function countedSender(sender: MessageSender, name: string, families: MetricFamilies): MessageSender {
  return {
    async send(message) {
      try {
        await sender.send(message);
        families.messages.inc({ channel: message.channel, sender: name, outcome: 'sent' });
      } catch (error) {
        families.messages.inc({ channel: message.channel, sender: name, outcome: 'failed' });
        throw error;
      }
    },
  };
}

/**
 * The app's message senders: e-mail through SMTP_URL, SMS through MSG91 (SMS_PROVIDER=msg91) or
 * the generic relay (SMS_WEBHOOK_URL); a channel with no sender goes to the development outbox.
 */
export function createMessageSenders(app: FastifyInstance): MessageSender {
  const { config, db, log, metrics } = app;
  const outbox = createOutboxSender({ db, log, now: () => app.clock.now(), logBodies: !config.isProduction });
  const sms = config.msg91
    ? countedSender(createMsg91Sender(config.msg91, { log }), 'msg91', metrics)
    : config.smsWebhookUrl
      ? countedSender(
          createHttpSmsSender({ url: config.smsWebhookUrl, token: config.smsWebhookToken, log }),
          'relay',
          metrics,
        )
      : undefined;
  const email = config.smtpUrl
    ? countedSender(createSmtpSender({ url: config.smtpUrl, from: config.mailFrom, log }), 'smtp', metrics)
    : undefined;
  if (config.isProduction && (!email || !sms)) {
    log.warn(
      { smtp: Boolean(email), sms: Boolean(sms) },
      'messages without a configured sender go to the outbox only: set SMTP_URL, and SMS_PROVIDER=msg91 with its settings or SMS_WEBHOOK_URL, so players receive their codes',
    );
  }
  return routeByChannel({
    fallback: countedSender(outbox, 'outbox', metrics),
    ...(email ? { email } : {}),
    ...(sms ? { sms } : {}),
  });
}
