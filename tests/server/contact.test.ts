import { describe, expect, it, onTestFinished } from 'vitest';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// The CSRF guard refuses a state-changing API call without the header the web's axios sends.
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const valid = {
  subject: 'Payment question',
  email: 'ravi.kumar@gmail.com',
  phone: '9876543210',
  message: 'My payment shows pending since yesterday.',
};

describeOnEachDatabase('POST /api/v1/contact', (server) => {
  it('stores the message and answers with its id', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: valid,
      headers: { ...XHR, 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.message).toBe('Thank you. We have received your message and will reply by e-mail.');
    const row = await server.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      subject: 'Payment question',
      email: 'ravi.kumar@gmail.com',
      phone: '+919876543210',
      language: 'hi',
      status: 'new',
    });
  });

  it('acknowledges the message by e-mail, in the language of the site as the sender used it (issue 26)', async () => {
    const send = async (email: string, headers: Record<string, string>) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: { ...valid, email },
        headers: { ...XHR, ...headers },
        // An address of its own: the form's per-address limit belongs to the other tests.
        remoteAddress: `127.9.9.${email.length}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      await server.app.idleAfterAnswer();
      return server.app.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', email).execute();
    };
    // The site's language cookie wins over the browser's languages.
    const hindi = await send('asha.contact@gmail.com', { cookie: 'i18next=hi', 'accept-language': 'en-IN,en;q=0.9' });
    expect(hindi).toHaveLength(1);
    expect(hindi[0]).toMatchObject({
      channel: 'email',
      subject: expect.stringMatching(/^हमें आपका संदेश मिल गया \(संदर्भ /),
    });
    expect(hindi[0]!.body).toContain('इसी ई-मेल पते पर जवाब देगी');
    expect(hindi[0]!.body).not.toContain(valid.message);
    const english = await send('ravi.contact@gmail.com', {});
    expect(english[0]).toMatchObject({ subject: expect.stringMatching(/^We have received your message \(reference /) });
    expect(english[0]!.body).toContain('reply to this e-mail address');
  });

  it("acknowledges with a fixed text and the reference only: none of the sender's words, so it relays no spam", async () => {
    const spam = {
      subject: 'Claim your prize at http://win-big.example',
      email: 'victim.of.spam@gmail.com',
      phone: '9876543210',
      message: 'You won ₹10,00,000! Send your bank details to http://win-big.example/claim today.',
    };
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: spam,
      headers: XHR,
      remoteAddress: '127.9.8.7',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    await server.app.idleAfterAnswer();
    const sent = await server.app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', spam.email)
      .execute();
    expect(sent).toHaveLength(1);
    const mail = `${sent[0]!.subject}\n${sent[0]!.body}`;
    expect(sent[0]!.subject).toBe(`We have received your message (reference ${id})`);
    expect(sent[0]!.body).toContain(`Reference number: ${id}`);
    for (const words of ['win-big', 'Claim your prize', 'bank details', '10,00,000']) expect(mail).not.toContain(words);
    // The operator's copy keeps everything the sender wrote.
    const row = await server.app.db
      .selectFrom('contact_messages')
      .select(['subject', 'message', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ subject: spam.subject, message: spam.message, email: spam.email });
  });

  it('answers every broken field with the spec message, by field', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { subject: 'x'.repeat(151), email: 'someone@example.com', phone: '12345', message: 'lower case start' },
      headers: XHR,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Subject must be at most 150 characters',
      code: 'VALIDATION_FAILED',
      fields: {
        subject: 'Subject must be at most 150 characters',
        email: 'Only Gmail, Yahoo, Outlook and Hotmail addresses are accepted',
        phone: 'Enter a valid Indian mobile number',
        message: 'First letter must be a capital letter',
      },
    });
  });

  it('requires subject and message', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { ...valid, subject: '', message: '' },
      headers: XHR,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ subject: 'Subject is required', message: 'Message is required' });
  });

  it('rejects a body that is not JSON with a clear 4xx', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: 'subject=hi',
      headers: { ...XHR, 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describeOnEachDatabase('contact form abuse', (server) => {
  it('allows 5 messages per 10 minutes from one address, then says when to retry', async () => {
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: valid,
        headers: XHR,
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(blocked.headers['retry-after']).toBe(String(blocked.json().details.retryAfterSeconds));
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: valid,
      headers: XHR,
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(201);
  });
});

describeOnEachDatabase(
  'contact form abuse with RATE_LIMIT_FACTOR=3 (many players behind one address)',
  (server) => {
    it('allows three times the messages from one address, then says when to retry', async () => {
      const send = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/contact',
          payload: valid,
          headers: XHR,
          remoteAddress: '203.0.113.20',
        });
      for (let i = 0; i < 15; i++) expect((await send()).statusCode).toBe(201);
      const blocked = await send();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });
  },
  { rateLimitFactor: 3 },
);

describe('the error handler', () => {
  it('never shows the internals of a 5xx', async () => {
    const { buildApp } = await import('../../server/app.ts');
    const { loadConfig } = await import('../../server/config.ts');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-err-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), { logger: false });
    app.get('/api/v1/boom', async () => {
      throw new Error('password=hunter2 at db.example:5432');
    });
    const res = await app.inject('/api/v1/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe('INTERNAL');
    expect(body.message).toMatch(/^Something went wrong on our side\. Please try again\. \(ref [0-9a-f-]{36}\)$/);
    expect(res.body).not.toContain('hunter2');
    await app.close();
  });
});
