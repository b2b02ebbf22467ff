import { beforeAll, expect, it } from 'vitest';
import { get, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture } from '../support/contests.ts';
import { addJudgedContest } from '../support/results.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const address = { line1: '12 MG Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' };
const delivery = { fullName: 'Ravi Kumar', pan: 'ABCDE1234F', address };

describeOnEachDatabase('prize claim messages: where the claim is, and each step’s own note', (server) => {
  const clock = useTestClock(server, Date.UTC(2026, 10, 26, 6, 0, 0));
  let pictureId = '';

  beforeAll(async () => {
    pictureId = await addContestPicture(server);
  });

  const emailsTo = async (userId: string) => {
    const user = await server.app.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return server.app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', user.email)
      .orderBy('created_at')
      .execute();
  };

  const claimIn = async (lang: 'en' | 'hi') => {
    const contest = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [{ x: 800, y: 501 }],
      prizeKind: 'merchandise',
      prizeTdsPayer: 'company',
    });
    const claimed = await post(
      server,
      '/api/v1/account/claims',
      { contestId: contest.contestId, details: delivery, lang },
      { cookie: contest.winner.cookie },
    );
    expect(claimed.statusCode, claimed.body).toBe(200);
    const row = await server.app.db
      .selectFrom('prize_claims')
      .select('id')
      .where('contest_id', '=', contest.contestId)
      .executeTakeFirstOrThrow();
    return { contest, claimId: row.id };
  };

  it('sends the winner to My entries, where the claim is, in English and in Hindi', async () => {
    const myEntries = `${server.config.publicUrl}/my_entries`;
    const en = await claimIn('en');
    const [enMail] = await emailsTo(en.contest.winner.id);
    expect(enMail!.body).toContain(`See your claim in My entries: ${myEntries}\n`);
    expect(enMail!.body).not.toMatch(/My Account|my_account/);

    const hi = await claimIn('hi');
    const [hiMail] = await emailsTo(hi.contest.winner.id);
    expect(hiMail!.body).toContain(`अपना दावा 'मेरी प्रविष्टियाँ' में देखें: ${myEntries}\n`);
    expect(hiMail!.body).not.toMatch(/My Account|my_account/);
  });

  it('tells each step with only the note given with it, and My entries shows the current step’s note', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const { contest, claimId } = await claimIn('en');
    const step = (body: { status: string; note?: string }) =>
      post(server, `/api/v1/admin/claims/${claimId}/status`, body, { cookie: admin!.cookie });
    const claimOnMyEntries = async () =>
      (await get(server, '/api/v1/account/entries', { cookie: contest.winner.cookie }))
        .json()
        .data.contests.find((c: { contestId: string }) => c.contestId === contest.contestId).claim;

    clock.advance(1000);
    expect((await step({ status: 'verified', note: 'PAN checked, thank you' })).statusCode).toBe(200);
    let mails = await emailsTo(contest.winner.id);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body).toContain('Our note: PAN checked, thank you');
    expect((await claimOnMyEntries()).note).toBe('PAN checked, thank you');

    clock.advance(1000);
    const sent = await step({ status: 'sent' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.note).toBeNull();
    mails = await emailsTo(contest.winner.id);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toMatch(/your prize has been sent/);
    expect(mails[2]!.body).not.toContain('PAN checked');
    expect(mails[2]!.body).not.toContain('Our note');
    expect((await claimOnMyEntries()).note).toBeNull();

    // A note added to the current step changes what My entries shows, and sends nothing again.
    clock.advance(1000);
    expect((await step({ status: 'sent', note: 'Courier AWB 12345' })).json().data.note).toBe('Courier AWB 12345');
    expect(await emailsTo(contest.winner.id)).toHaveLength(3);
    expect((await claimOnMyEntries()).note).toBe('Courier AWB 12345');
  });

  it('sends the note given with the prize-sent step with that step', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const { contest, claimId } = await claimIn('hi');
    const step = (body: { status: string; note?: string }) =>
      post(server, `/api/v1/admin/claims/${claimId}/status`, body, { cookie: admin!.cookie });
    clock.advance(1000);
    await step({ status: 'verified', note: 'पैन जाँच लिया' });
    clock.advance(1000);
    await step({ status: 'sent', note: 'कूरियर AWB 98765' });
    const mails = await emailsTo(contest.winner.id);
    expect(mails).toHaveLength(3);
    expect(mails[1]!.body).toContain('हमारा संदेश: पैन जाँच लिया');
    expect(mails[2]!.body).toContain('हमारा संदेश: कूरियर AWB 98765');
    expect(mails[2]!.body).not.toContain('पैन जाँच लिया');
  });
});
