import { expect, it } from 'vitest';
import { acceptLanguageOf, requestLanguage } from '../../server/integrations/message-language.ts';
import { sendCancelNotices } from '../../server/services/admin/admin-contests/cancel.ts';
import { sendResultNotices } from '../../server/services/judging/notices.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import {
  freshIp,
  freshPerson,
  get,
  insertActiveUsers,
  lastCodeTo,
  lastMessageTo,
  post,
  put,
  sessionCookieOf,
  useTestClock,
} from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { LOGIN, SIGNUP, VERIFY } from './auth.helpers.ts';

// Issue 25: messages to a player are in their language: the request's for codes, the one stored
// on the account for everything sent later.

const HINDI = /[\u0900-\u097F]/;
const codeIn = (body: string | undefined) => /^(\d{6}) /.exec(body ?? '')?.[1] ?? '';

it('reads the language of a request: the site cookie first, then Accept-Language, else English', () => {
  expect(requestLanguage({ cookies: { i18next: 'hi' }, headers: { 'accept-language': 'en' } })).toBe('hi');
  expect(requestLanguage({ cookies: { i18next: 'en-IN' }, headers: { 'accept-language': 'hi' } })).toBe('en');
  expect(requestLanguage({ cookies: { i18next: 'fr' }, headers: { 'accept-language': 'hi-IN,hi;q=0.9' } })).toBe('hi');
  expect(requestLanguage({ headers: {} })).toBe('en');
  expect(acceptLanguageOf('fr-FR, en;q=0.5, hi;q=0.8')).toBe('hi');
  expect(acceptLanguageOf('ta-IN, hi;q=0')).toBeNull();
});

describeOnEachDatabase('messages in the player language', (server) => {
  const clock = useTestClock(server);
  const db = () => server.app.db;
  const language = async (id: string) =>
    (await db().selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

  it('sends the sign-up code in Hindi to a Hindi visitor, stores the language, and a login in English changes it', async () => {
    const { password: _p, confirmPassword: _c, ...person } = freshPerson();
    const ip = freshIp();
    const hindi = { cookie: 'i18next=hi' };
    const signup = await post(server, SIGNUP, person, { ip, headers: hindi });
    expect(signup.statusCode, signup.body).toBe(200);
    const sms = await lastMessageTo(server, `+91${person.phone}`);
    expect(sms!.body).toMatch(/^\d{6} आपका CricSpot साइन-अप कोड है।/);
    const verified = await post(
      server,
      VERIFY,
      { otpToken: signup.json().data.otpToken, otp: codeIn(sms!.body) },
      { ip, headers: hindi },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const id = verified.json().data.user.id as string;
    expect(await language(id)).toBe('hi');

    // A login code asked for from an English page comes in English; the login stores English.
    clock.advance(61_000);
    const asked = await post(
      server,
      '/api/v1/auth/login-code',
      { phone: person.phone },
      { headers: { 'accept-language': 'en' } },
    );
    const loginSms = await lastMessageTo(server, `+91${person.phone}`);
    expect(loginSms!.body).toMatch(/is your CricSpot login code/);
    // Checked from the browser that asked (its request cookie).
    const request = asked.cookies.find((c) => c.name === 'cs_login_code')!;
    const login = await post(
      server,
      '/api/v1/auth/login-code/verify',
      { phone: person.phone, code: codeIn(loginSms!.body) },
      { cookie: `cs_login_code=${request.value}` },
    );
    expect(login.statusCode, login.body).toBe(200);
    expect(await language(id)).toBe('en');

    // Switching the site to Hindi while logged in tells the server.
    const cookie = sessionCookieOf(login);
    expect((await put(server, '/api/v1/account/language', { language: 'hi' }, { cookie })).statusCode).toBe(200);
    expect(await language(id)).toBe('hi');
    expect((await put(server, '/api/v1/account/language', { language: 'fr' }, { cookie })).statusCode).toBe(400);
    expect((await put(server, '/api/v1/account/language', { language: 'en' }, {})).statusCode).toBe(401);
  });

  it("tells an account's owner of a sign-up attempt in the owner's language, not the caller's", async () => {
    const person = freshPerson();
    const ip = freshIp();
    const signup = await post(server, SIGNUP, person, { ip, headers: { cookie: 'i18next=hi' } });
    const code = codeIn((await lastMessageTo(server, `+91${person.phone}`))!.body);
    expect((await post(server, VERIFY, { otpToken: signup.json().data.otpToken, otp: code }, { ip })).statusCode).toBe(
      200,
    );
    // The verify came without a language: English is stored; make the owner Hindi again.
    await db().updateTable('users').set({ language: 'hi' }).where('email', '=', person.email).execute();
    clock.advance(61_000);
    await post(server, SIGNUP, { ...freshPerson(), phone: person.phone }, { headers: { cookie: 'i18next=en' } });
    expect((await lastMessageTo(server, `+91${person.phone}`))!.body).toMatch(
      /^किसी ने आपके नंबर से CricSpot पर साइन अप करने की कोशिश की।/,
    );
  });

  it('words the forgotten-password and password login answers the same in every language', async () => {
    const res = await post(
      server,
      LOGIN,
      { identifier: 'nobody.at.all@gmail.com', password: 'Whatever@123' },
      { headers: { cookie: 'i18next=hi' } },
    );
    // API messages stay English with a code; the web says them in Hindi by code.
    expect(res.json()).toMatchObject({ code: 'LOGIN_FAILED', message: 'Login Failed' });
  });

  it("sends result and cancellation notices in each player's stored language, the operator's reason inside the Hindi frame", async () => {
    const picture = await addContestPicture(server);
    const contestId = await addTestContest(server, { pictureId: picture, now: clock.now });
    const [hi, en] = await insertActiveUsers(server, 2, clock.now);
    await db().updateTable('users').set({ language: 'hi' }).where('id', '=', hi!.id).execute();
    const who = await db()
      .selectFrom('users')
      .select(['id', 'phone', 'email'])
      .where('id', 'in', [hi!.id, en!.id])
      .execute();
    const of = (id: string) => who.find((u) => u.id === id)!;

    await db()
      .updateTable('contests')
      .set({ cancel_reason: 'The picture leaked.' })
      .where('id', '=', contestId)
      .execute();
    await db()
      .insertInto('contest_cancel_notices')
      .values([
        { contest_id: contestId, user_id: hi!.id, tickets: 2, created_at: clock.now, sent_at: null },
        { contest_id: contestId, user_id: en!.id, tickets: 1, created_at: clock.now, sent_at: null },
      ])
      .execute();
    expect(await sendCancelNotices(db(), server.app.messages, 'https://cricspot.test', () => clock.now)).toEqual({
      sent: 2,
      failed: 0,
    });
    const hiSms = await lastMessageTo(server, of(hi!.id).phone);
    expect(hiSms!.body).toMatch(/^CricSpot: प्रतियोगिता A \(.+\) रद्द कर दी गई है \(कारण: The picture leaked\.\)।/);
    expect(hiSms!.body).toMatch(/आपके 2 टिकट का निर्णय नहीं होगा।/);
    const hiMail = await lastMessageTo(server, of(hi!.id).email);
    expect(hiMail!.subject).toMatch(HINDI);
    expect(hiMail!.body).toContain('कारण: The picture leaked.');
    expect((await lastMessageTo(server, of(en!.id).phone))!.body).toMatch(
      /^CricSpot: Contest A of \d+ \w{3} \d{4} has been cancelled \(The picture leaked\.\)\. Your 1 ticket will not be judged\./,
    );

    // Later than the cancellation notices, so each player's newest message is the result.
    clock.advance(1000);
    // Result notices go out once the winner show has started (issue 26's show-time gate).
    await db().updateTable('contests').set({ show_at: clock.now }).where('id', '=', contestId).execute();
    await db()
      .insertInto('result_notices')
      .values([
        { contest_id: contestId, user_id: hi!.id, kind: 'winner', best_rank: 1, created_at: clock.now, sent_at: null },
        { contest_id: contestId, user_id: en!.id, kind: 'entrant', best_rank: 7, created_at: clock.now, sent_at: null },
      ])
      .execute();
    expect(await sendResultNotices(db(), server.app.messages, 'https://cricspot.test', () => clock.now)).toEqual({
      sent: 2,
      failed: 0,
    });
    expect((await lastMessageTo(server, of(hi!.id).phone))!.body).toMatch(
      /^CricSpot: बधाई हो .+, आपने प्रतियोगिता A \(.+\) जीत ली! .+ https:\/\/cricspot\.test\/my_entries$/,
    );
    expect((await lastMessageTo(server, of(en!.id).phone))!.body).toBe(
      `CricSpot: the results of ${(await lastMessageTo(server, of(en!.id).email))!.subject!.replace(
        /^The results of (.+) are out$/,
        '$1',
      )} are out. Your best ticket ranked #7. See them at https://cricspot.test/my_entries`,
    );
  });

  it('sends the profile change notice to the old number in the account language', async () => {
    const [user] = await insertActiveUsers(server, 1, clock.now);
    await db().updateTable('users').set({ language: 'hi' }).where('id', '=', user!.id).execute();
    const before = await db().selectFrom('users').selectAll().where('id', '=', user!.id).executeTakeFirstOrThrow();
    const next = freshPerson();
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/account/profile',
      payload: { firstName: 'Ravi', lastName: 'Kumar', email: before.email, phone: next.phone },
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: user!.cookie },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The new number is the account's with the code sent to it; then the old one is told.
    const verified = await server.app.inject({
      method: 'POST',
      url: '/api/v1/account/phone/verify',
      payload: { otpToken: res.json().data.phoneChange.otpToken, otp: await lastCodeTo(server, next.phone) },
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: user!.cookie },
      remoteAddress: freshIp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    await server.app.idleAfterAnswer();
    expect((await lastMessageTo(server, before.phone))!.body).toMatch(/^आपके CricSpot खाते का मोबाइल नंबर बदल दिया गया।/);
    expect((await get(server, '/api/v1/account/me', { cookie: user!.cookie })).json().data.user.phone).toBe(
      `+91${next.phone}`,
    );
  });
});
