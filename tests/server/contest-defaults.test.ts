import { beforeAll, expect, it } from 'vitest';
import { startContestJobs } from '../../server/plugins/contest-jobs.ts';
import { del, get, insertStaff, put, useTestClock } from '../support/accounts.ts';
import { addContestPicture } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { storePicture } from '../../server/services/pictures/picture.service.ts';
import sharp from 'sharp';

// Issue 26: the scheduler's contests take the operator's defaults (picture, prize, price, limits)
// from the console's Contest defaults page; the environment's CONTEST_* values are the defaults
// until then, and again after a reset.

describeOnEachDatabase('Contest defaults', (server) => {
  const clock = useTestClock(server);
  let admin = { id: '', cookie: '' };
  const pictures = { demo: '', chosen: '', prize: '' };

  beforeAll(async () => {
    [admin] = (await insertStaff(server, ['admin'], clock.now)) as [typeof admin];
    pictures.demo = await addContestPicture(server, { asDemo: true });
    pictures.chosen = await addContestPicture(server);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffb300' } })
      .jpeg()
      .toBuffer();
    pictures.prize = (await storePicture(server.app.db, server.app.pictures, jpeg, 'prize')).id;
  });

  const values = {
    pictureId: '',
    prizeKind: 'merchandise',
    prizeTitleEn: 'Team jersey',
    prizeTitleHi: 'टीम जर्सी',
    prizeValuePaise: 350_000,
    prizePictureId: null as string | null,
    prizeTdsPayer: 'company',
    ticketPricePaise: 0,
    maxTickets: 20,
    totalTickets: 2000,
  };

  it('reads the environment first, refuses bad values, saves and audits, and hands back to the environment', async () => {
    const first = await get(server, '/api/v1/admin/contest-defaults', { cookie: admin.cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      values: {
        pictureId: null,
        prizeKind: 'merchandise',
        prizeTitleEn: 'Signed cricket bat',
        prizeTitleHi: 'हस्ताक्षरित क्रिकेट बल्ला',
        prizeValuePaise: 1_500_000,
        prizePictureId: null,
        prizeTdsPayer: 'winner',
        ticketPricePaise: 4900,
        maxTickets: 75,
        totalTickets: 10_000,
      },
      source: 'environment',
      pictureUrl: null,
      prizePictureUrl: null,
      updatedAt: null,
    });
    const [player] = await insertStaff(server, ['judge'], clock.now);
    expect((await get(server, '/api/v1/admin/contest-defaults', { cookie: player!.cookie })).statusCode).toBe(403);

    const wrongKind = await put(
      server,
      '/api/v1/admin/contest-defaults',
      { ...values, pictureId: pictures.prize },
      { cookie: admin.cookie },
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toMatchObject({
      code: 'CONTEST_PICTURE_MISSING',
      fields: { pictureId: 'Pick a contest picture from the contest photos.' },
    });
    const overTotal = await put(
      server,
      '/api/v1/admin/contest-defaults',
      { ...values, pictureId: pictures.chosen, maxTickets: 900, totalTickets: 500 },
      { cookie: admin.cookie },
    );
    expect(overTotal.statusCode).toBe(400);
    expect(overTotal.json().fields.maxTickets).toBe('Tickets per person cannot exceed the total tickets');
    expect(
      await server.app.db.selectFrom('settings').selectAll().where('key', '=', 'contest_defaults').execute(),
    ).toEqual([]);

    const saved = await put(
      server,
      '/api/v1/admin/contest-defaults',
      { ...values, pictureId: pictures.chosen, prizePictureId: pictures.prize },
      { cookie: admin.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      source: 'console',
      values: { pictureId: pictures.chosen, prizeTitleEn: 'Team jersey', prizeTdsPayer: 'company' },
      pictureUrl: `/api/v1/pictures/${pictures.chosen}/small`,
    });
    const audit = await server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'setting.contest_defaults')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ source: 'environment', ticketPricePaise: 4900 });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ source: 'console', ticketPricePaise: 0 });

    // The console's new-contest form starts from them.
    const form = (await get(server, '/api/v1/admin/contests/defaults', { cookie: admin.cookie })).json().data;
    expect(form).toMatchObject({
      pictureId: pictures.chosen,
      prizePictureId: pictures.prize,
      prizeKind: 'merchandise',
      prizeTitleHi: 'टीम जर्सी',
      prizeTdsPayer: 'company',
      ticketPricePaise: 0,
      maxTickets: 20,
      totalTickets: 2000,
    });
  });

  it('the scheduler makes the coming contests with them', async () => {
    const jobs = await startContestJobs(server.app);
    await jobs.stop();
    const made = await server.app.db.selectFrom('contests').selectAll().orderBy('opens_at').execute();
    expect(made.length).toBeGreaterThanOrEqual(3);
    for (const contest of made) {
      expect(contest).toMatchObject({
        picture_id: pictures.chosen,
        prize_picture_id: pictures.prize,
        prize_kind: 'merchandise',
        prize_title_en: 'Team jersey',
        prize_tds_payer: 'company',
        max_tickets_per_person: 20,
        total_tickets: 2000,
      });
      expect(Number(contest.ticket_price_paise)).toBe(0);
    }
  });

  it('a reset hands the defaults back to the environment (audited); the demo picture again', async () => {
    const reset = await del(server, '/api/v1/admin/contest-defaults', { cookie: admin.cookie });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ source: 'environment', values: { ticketPricePaise: 4900 } });
    expect(
      await server.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'setting.contest_defaults')
        .execute(),
    ).toHaveLength(2);
    clock.advance(7 * 86_400_000);
    const jobs = await startContestJobs(server.app);
    await jobs.stop();
    const newest = await server.app.db
      .selectFrom('contests')
      .selectAll()
      .orderBy('opens_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest).toMatchObject({
      picture_id: pictures.demo,
      prize_title_en: 'Signed cricket bat',
      prize_tds_payer: 'winner',
    });
  });
});
