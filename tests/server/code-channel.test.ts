// Issue 27, finding 4: strangers could lock an owner out of the code channel. 24 login-code
// requests for a victim's phone from random addresses gave the victim 19 SMS and then a 429 for
// an hour on their own code request and forgot-by-phone; 5 wrong code checks by a stranger
// locked the owner's correct code; 12 wrong passwords from a shared carrier address (CGNAT)
// locked the owner's correct password.
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { CODE_SEND_WAITS_MS } from '../../server/services/accounts/code-sends.service.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { PASSWORD, freshIp, lastCodeTo, post, signUpActive, useTestClock } from '../support/accounts.ts';

const SEND = '/api/v1/auth/login-code';
const VERIFY = '/api/v1/auth/login-code/verify';
const LOGIN = '/api/v1/auth/login';
const FORGOT = '/api/v1/auth/forgot';
const MINUTE = 60_000;

/** The cookie that ties a browser's code check to its own code request. */
function requestCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'cs_login_code');
  expect(cookie, res.body).toBeDefined();
  return `cs_login_code=${cookie!.value}`;
}

describeOnEachDatabase('the code channel against strangers (issue 27, finding 4)', (server) => {
  const clock = useTestClock(server);
  const smsTo = async (phone10: string, since: number) =>
    (
      await server.app.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('recipient', '=', `+91${phone10}`)
        .where('created_at', '>=', since)
        .execute()
    ).length;

  it("a stranger's wrong codes spend only their own request's tries; the owner's code still logs in", async () => {
    const { person } = await signUpActive(server, clock);
    clock.advance(MINUTE);
    const owner = await post(server, SEND, { phone: person.phone });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.cookies.find((c) => c.name === 'cs_login_code')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/auth/login-code',
      maxAge: 600,
    });
    const ownerCode = await lastCodeTo(server, person.phone);
    clock.advance(5 * MINUTE);

    // Without a request of their own a stranger's guesses touch nothing.
    for (let i = 0; i < 6; i++) {
      const guess = await post(server, VERIFY, { phone: person.phone, code: '000000' }, { ip: freshIp() });
      expect(guess.json().code).toBe('OTP_EXPIRED');
    }
    // With a request of their own (a code the owner receives and the stranger never sees),
    // five wrong tries lock only that request.
    const stranger = await post(server, SEND, { phone: person.phone }, { ip: freshIp() });
    expect(stranger.statusCode, stranger.body).toBe(200);
    const strangerCookie = requestCookie(stranger);
    const strangerCode = await lastCodeTo(server, person.phone);
    const wrong = ownerCode === '000000' || strangerCode === '000000' ? '999999' : '000000';
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (await post(server, VERIFY, { phone: person.phone, code: wrong }, { cookie: strangerCookie })).json(),
      );
    expect(answers.map((a) => a.code)).toEqual([
      'OTP_INCORRECT',
      'OTP_INCORRECT',
      'OTP_INCORRECT',
      'OTP_INCORRECT',
      'OTP_LOCKED',
      'OTP_LOCKED',
    ]);
    // Even the code the owner got for the stranger's request is no use to the stranger's cookie now.
    const ok = await post(server, VERIFY, { phone: person.phone, code: ownerCode }, { cookie: requestCookie(owner) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'cs_login_code')?.value).toBe('');
  });

  it('24 requests from strangers: a few SMS, and the owner waits minutes, not an hour', async () => {
    const { person } = await signUpActive(server, clock);
    clock.advance(2 * 60 * MINUTE);
    const start = clock.now;
    const answers: number[] = [];
    for (let i = 0; i < 24; i++) {
      answers.push((await post(server, SEND, { phone: person.phone }, { ip: freshIp() })).statusCode);
      clock.advance(20_000);
    }
    const texted = await smsTo(person.phone, start);
    console.warn(`[${server.dialectName}] 24 stranger requests in 8 minutes: ${texted} SMS to the owner`);
    expect(answers.filter((s) => s === 200)).toHaveLength(texted);
    expect(texted).toBeLessThanOrEqual(5);
    for (const status of answers) expect([200, 429]).toContain(status);

    // The owner's own request and forgot-by-phone name a wait of minutes at most.
    for (const url of [SEND, FORGOT]) {
      const res = await post(server, url, url === SEND ? { phone: person.phone } : { identifier: person.phone });
      if (res.statusCode === 429) {
        expect(res.json().code).toBe('RATE_LIMITED');
        expect(res.json().details.retryAfterSeconds).toBeLessThanOrEqual(Math.max(...CODE_SEND_WAITS_MS) / 1000);
      } else expect(res.statusCode, res.body).toBe(200);
    }
    // The strangers keep asking for the whole hour: at most 8 SMS reach the owner.
    for (let i = 0; i < 60; i++) {
      await post(server, SEND, { phone: person.phone }, { ip: freshIp() });
      clock.advance(50_000);
    }
    const hour = await smsTo(person.phone, clock.now - 60 * MINUTE);
    console.warn(`[${server.dialectName}] an hour of requests every 50 s: ${hour} SMS in the last hour`);
    expect(hour).toBeLessThanOrEqual(8);
    // When the wait is over, the owner's request goes through and its code logs in.
    clock.advance(Math.max(...CODE_SEND_WAITS_MS));
    const mine = await post(server, SEND, { phone: person.phone });
    expect(mine.statusCode, mine.body).toBe(200);
    const code = await lastCodeTo(server, person.phone);
    expect(
      (await post(server, VERIFY, { phone: person.phone, code }, { cookie: requestCookie(mine) })).statusCode,
    ).toBe(200);
  });

  it('12 wrong passwords from a shared carrier address do not refuse the owner there (CGNAT)', async () => {
    const { person } = await signUpActive(server, clock);
    const carrier = freshIp();
    const codes = [];
    for (let i = 0; i < 12; i++)
      codes.push(
        (await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass1' }, { ip: carrier })).statusCode,
      );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
    const owner = await post(server, LOGIN, { identifier: person.email, password: PASSWORD }, { ip: carrier });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('counts only failures: right passwords from one address never add up to a refusal', async () => {
    const { person } = await signUpActive(server, clock);
    const ip = freshIp();
    for (let i = 0; i < 12; i++)
      expect((await post(server, LOGIN, { identifier: person.phone, password: PASSWORD }, { ip })).statusCode).toBe(
        200,
      );
    const wrong = await post(server, LOGIN, { identifier: person.phone, password: 'Wrong@Pass1' }, { ip });
    expect(wrong.statusCode).toBe(401);
  });

  it('an address past its limit while the account also fails elsewhere is refused unchecked, for 15 minutes', async () => {
    const { person } = await signUpActive(server, clock);
    const guesser = freshIp();
    for (let i = 0; i < 10; i++)
      await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass1' }, { ip: guesser });
    expect(
      (await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass2' }, { ip: freshIp() })).statusCode,
    ).toBe(401);
    const refused = await post(server, LOGIN, { identifier: person.email, password: PASSWORD }, { ip: guesser });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().details.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // Elsewhere the owner gets in; and after the window the address may try again.
    expect((await post(server, LOGIN, { identifier: person.email, password: PASSWORD })).statusCode).toBe(200);
    clock.advance(15 * MINUTE);
    expect(
      (await post(server, LOGIN, { identifier: person.email, password: PASSWORD }, { ip: guesser })).statusCode,
    ).toBe(200);
  });
});
