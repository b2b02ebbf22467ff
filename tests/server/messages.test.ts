import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/server-harness.ts';

/** A minimal SMTP server on 127.0.0.1 that accepts one conversation at a time and keeps the mails. */
function fakeSmtp() {
  const mails: Array<{ from: string; to: string[]; data: string }> = [];
  const server = createServer((socket: Socket) => {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        } else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.write('221 bye\r\n');
          socket.end();
        } else {
          socket.write('250 ok\r\n');
        }
      }
    });
  });
  return { server, mails };
}

const smtp = fakeSmtp();
const smsRequests: Array<{ auth: string | undefined; body: unknown }> = [];
const sms = createHttpServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    smsRequests.push({ auth: req.headers.authorization, body: JSON.parse(body) });
    res.writeHead(202).end();
  });
});
let smtpPort = 0;
let smsPort = 0;
beforeAll(async () => {
  smtp.server.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpPort = (smtp.server.address() as { port: number }).port;
  sms.listen(0, '127.0.0.1');
  await once(sms, 'listening');
  smsPort = (sms.address() as { port: number }).port;
});
afterAll(() => {
  smtp.server.close();
  sms.close();
});

describe('message senders', () => {
  it('sends e-mail through SMTP and SMS through the HTTP relay, each channel to its own', async () => {
    const { createSmtpSender, createHttpSmsSender, routeByChannel } =
      await import('../../server/integrations/messages.ts');
    const log = { info: () => {} } as never;
    const outbox: string[] = [];
    const sender = routeByChannel({
      fallback: { send: async (m) => void outbox.push(m.channel) },
      email: createSmtpSender({
        url: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
        from: 'CricSpot <no-reply@cricspot.in>',
        log,
      }),
      sms: createHttpSmsSender({ url: `http://127.0.0.1:${smsPort}/send`, token: 'relay-token', log }),
    });
    await sender.send({
      channel: 'email',
      recipient: 'asha@gmail.com',
      subject: 'Your code',
      body: 'Your CricSpot code is 123456.',
    });
    await sender.send({ channel: 'sms', recipient: '+919876543210', body: 'Your CricSpot code is 654321.' });
    expect(outbox).toEqual([]);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['RCPT TO:<asha@gmail.com>']);
    expect(smtp.mails[0]!.data).toContain('Subject: Your code');
    expect(smtp.mails[0]!.data).toContain('Your CricSpot code is 123456.');
    expect(smsRequests).toEqual([
      { auth: 'Bearer relay-token', body: { to: '+919876543210', body: 'Your CricSpot code is 654321.' } },
    ]);
  });

  it('fails loudly when the SMS relay refuses, so the caller can answer with an error', async () => {
    const { createHttpSmsSender } = await import('../../server/integrations/messages.ts');
    const failing = createHttpServer((_req, res) => res.writeHead(500).end());
    failing.listen(0, '127.0.0.1');
    await once(failing, 'listening');
    const sender = createHttpSmsSender({
      url: `http://127.0.0.1:${(failing.address() as { port: number }).port}/`,
      token: undefined,
      log: { info: () => {} } as never,
    });
    await expect(sender.send({ channel: 'sms', recipient: '+919876543210', body: 'x' })).rejects.toThrow(
      'The SMS relay answered 500',
    );
    failing.close();
  });
});

describeOnEachDatabase('without senders configured', (server) => {
  it('keeps every message in the outbox', async () => {
    await server.app.messages.send({ channel: 'email', recipient: 'ravi@gmail.com', subject: 'Hello', body: 'Body' });
    const rows = await server.app.db
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient'])
      .where('recipient', '=', 'ravi@gmail.com')
      .execute();
    expect(rows).toEqual([{ channel: 'email', recipient: 'ravi@gmail.com' }]);
  });
});
