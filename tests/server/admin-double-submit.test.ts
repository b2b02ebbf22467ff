import { expect, it } from 'vitest';
import { post } from '../support/accounts.ts';
import { useContestsConsole } from '../support/contests-console.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const TIMES = 12;

/**
 * Issue 27, finding 5: a double (here sixfold) submit of the console's create forms. Each
 * checks before it inserts; on PostgreSQL the copies pass the check together and all but one
 * insert hit the unique index, which answered 500. Now exactly one is made and the others get
 * the same 409 as on SQLite, with nothing half written.
 */
describeOnEachDatabase('admin double submit (issue 27, finding 5)', (server) => {
  const { admin, body, db } = useContestsConsole(server);

  const submit = (url: string, payload: unknown) =>
    Promise.all(Array.from({ length: TIMES }, () => post(server, url, payload, { cookie: admin.cookie })));

  function expectOneMade(answers: Awaited<ReturnType<typeof submit>>, code: string, message: string, made = 200) {
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === made)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== made)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json()).toMatchObject({ code, message });
    }
  }

  it('a promo code: one made, the rest 409 PROMO_EXISTS (three codes)', async () => {
    for (const round of [1, 2, 3]) {
      const answers = await submit('/api/v1/admin/promos', {
        code: `TWICE${round}${server.dialectName.slice(0, 2).toUpperCase()}`,
        kind: 'flat',
        value: '20',
        capRupees: '',
        validFrom: '2026-11-21T00:00',
        validUntil: '2026-11-30T23:59',
        maxUses: '',
        maxUsesPerUser: '',
      });
      expectOneMade(answers, 'PROMO_EXISTS', 'This code already exists');
    }
    const audit = await db().selectFrom('audit_log').select('id').where('action', '=', 'promo.create').execute();
    expect(audit).toHaveLength(3);
  });

  it('a press article with a typed address name: one made, the rest 409 SLUG_TAKEN', async () => {
    const answers = await submit('/api/v1/admin/press', {
      outlet: 'The Hindu',
      slug: 'spot-the-ball-twice',
      titleEn: 'Spot the ball, twice',
      titleHi: '',
      summaryEn: 'A classic game, online.',
      summaryHi: '',
      bodyEn: 'One paragraph.',
      bodyHi: '',
      sourceUrl: 'https://www.thehindu.com/sport/cricket/spot-the-ball',
      publishedOn: '2026-11-20',
    });
    expectOneMade(answers, 'SLUG_TAKEN', 'Another article already has this address name');
    const rows = await db()
      .selectFrom('press_articles')
      .select('id')
      .where('slug', '=', 'spot-the-ball-twice')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("a contest for the next window: one made, the rest 409 'overlap'", async () => {
    const answers = await submit('/api/v1/admin/contests', body());
    expectOneMade(
      answers,
      'CONTEST_WINDOW_OVERLAP',
      'Another contest takes entries in this window. Pick a window that does not overlap it.',
      201,
    );
    const audit = await db().selectFrom('audit_log').select('id').where('action', '=', 'contest.create').execute();
    expect(audit).toHaveLength(1);
  });
});
