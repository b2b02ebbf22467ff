import { expect, it } from 'vitest';
import { insertStaff, post, put, signUpActive, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const DAY = 86_400_000;

/** What the outbox holds for the account since `since`, e-mail and SMS. */
async function noticesTo(server: ServerHarness, person: { email: string; phone: string }, since: number) {
  await server.app.idleAfterAnswer();
  const rows = await server.app.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', 'in', [person.email.toLowerCase(), `+91${person.phone}`])
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  return { email: rows.filter((r) => r.channel === 'email'), sms: rows.filter((r) => r.channel === 'sms') };
}

// Issue: a closed or restored account's holder was told nothing.
describeOnEachDatabase('the account holder is told when the account is closed or restored', (server) => {
  // 21 Nov 2026, 11:30 IST.
  const clock = useTestClock(server, Date.UTC(2026, 10, 21, 6, 0, 0));

  it('deactivation: an e-mail and an SMS saying when, and that support reactivates it', async () => {
    const { cookie, person } = await signUpActive(server, clock);
    const since = clock.now;
    const res = await post(server, '/api/v1/account/deactivate', undefined, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { email, sms } = await noticesTo(server, person, since);
    expect(email).toHaveLength(1);
    expect(email[0]!.subject).toBe('Your CricSpot account has been deactivated');
    expect(email[0]!.body).toContain('Hello Ravi,');
    expect(email[0]!.body).toContain('was deactivated on 21 November 2026');
    expect(email[0]!.body).toContain('To reactivate it, e-mail support@cricspot.in');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/^Your CricSpot account was deactivated on 21 November 2026 at 11:30 am IST\./i);
    expect(sms[0]!.body).toContain('e-mail support@cricspot.in');
  });

  it('deletion, in the language of the account: until when support can restore it', async () => {
    const { cookie, person } = await signUpActive(server, clock);
    expect((await put(server, '/api/v1/account/language', { language: 'hi' }, { cookie })).statusCode).toBe(200);
    const since = clock.now;
    const res = await post(server, '/api/v1/account/delete', undefined, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { email, sms } = await noticesTo(server, person, since);
    expect(email).toHaveLength(1);
    expect(email[0]!.subject).toBe('आपका CricSpot खाता हटा दिया गया है');
    expect(email[0]!.body).toContain('नमस्ते Ravi,');
    const days = server.config.accountRetentionDays;
    expect(email[0]!.body).toContain(`(${days} दिन)`);
    expect(email[0]!.body).toContain('support@cricspot.in पर ई-मेल करके इसे वापस पा सकते हैं');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/^आपका CricSpot खाता .*2026.* को हटा दिया गया।/);
    const until = new Intl.DateTimeFormat('hi-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(since + days * DAY));
    expect(sms[0]!.body).toContain(until);
  });

  it('a send that fails does not undo or fail the closing', async () => {
    const { cookie, person, user } = await signUpActive(server, clock);
    const send = server.app.messages.send.bind(server.app.messages);
    server.app.messages.send = async (message) => {
      if (message.channel === 'email') throw new Error('SMTP down');
      await send(message);
    };
    try {
      const since = clock.now;
      const res = await post(server, '/api/v1/account/deactivate', undefined, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      const { email, sms } = await noticesTo(server, person, since);
      expect(email).toHaveLength(0);
      // The SMS still goes.
      expect(sms).toHaveLength(1);
    } finally {
      server.app.messages.send = send;
    }
    const row = await server.app.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('suspended');
  });

  it('restored by support: an e-mail and an SMS that it is active again and they can log in', async () => {
    const { cookie, person, user } = await signUpActive(server, clock);
    expect((await put(server, '/api/v1/account/language', { language: 'hi' }, { cookie })).statusCode).toBe(200);
    expect((await post(server, '/api/v1/account/delete', undefined, { cookie })).statusCode).toBe(200);
    clock.advance(2 * DAY);
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const since = clock.now;
    const res = await post(
      server,
      `/api/v1/admin/users/${user.id}/restore`,
      { reason: 'The player asked by e-mail' },
      { cookie: admin!.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { email, sms } = await noticesTo(server, person, since);
    expect(email).toHaveLength(1);
    expect(email[0]!.subject).toBe('आपका CricSpot खाता फिर से सक्रिय है');
    expect(email[0]!.body).toContain(`${server.config.publicUrl}/login`);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toBe(
      `आपका CricSpot खाता फिर से सक्रिय है। आप अभी लॉग इन कर सकते हैं: ${server.config.publicUrl}/login`,
    );

    // A refused restore (the account is active already) tells nobody anything.
    const later = clock.now + 1;
    clock.advance(1);
    const again = await post(
      server,
      `/api/v1/admin/users/${user.id}/restore`,
      { reason: 'Asked twice' },
      { cookie: admin!.cookie },
    );
    expect(again.statusCode).toBe(409);
    const none = await noticesTo(server, person, later);
    expect(none.email).toHaveLength(0);
    expect(none.sms).toHaveLength(0);
  });
});
