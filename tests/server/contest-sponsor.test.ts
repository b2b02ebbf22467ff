import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { get, post } from '../support/accounts.ts';
import { put } from '../support/contests.ts';
import { useContestsConsole } from '../support/contests-console.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// Issue 26: a contest may name a sponsor (name, logo, https link), edited in the console's contest
// form; the contest card, the play screen and the result show it. The logo is a picture uploaded
// through the console's picture upload, of kind 'sponsor'.

describeOnEachDatabase('contest sponsors', (server) => {
  const { clock, admin, pictures, body, db } = useContestsConsole(server);
  let logo = '';

  beforeAll(async () => {
    const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: '#1565c0' } })
      .png()
      .toBuffer();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/pictures?kind=sponsor',
      payload: png,
      headers: { 'content-type': 'image/png', 'x-requested-with': 'XMLHttpRequest', cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    logo = res.json().data.id;
  });

  const sponsor = { name: 'Acme Bats', url: 'https://acme.example/bats', pictureId: '' };

  it('is set in the contest form: https links only, a logo of the sponsor kind; shown on the current contest', async () => {
    const create = (extra: object) => post(server, '/api/v1/admin/contests', body(extra), { cookie: admin.cookie });
    const plain = await create({ sponsor: { ...sponsor, url: 'http://acme.example', pictureId: logo } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().fields['sponsor.url']).toBe('The sponsor’s link must be a full https:// address.');
    const noName = await create({ sponsor: { ...sponsor, name: ' ', pictureId: logo } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields['sponsor.name']).toMatch(/sponsor’s name/);
    const wrongLogo = await create({ sponsor: { ...sponsor, pictureId: pictures.prize } });
    expect(wrongLogo.statusCode).toBe(400);
    expect(wrongLogo.json().code).toBe('SPONSOR_LOGO_MISSING');
    expect(await db().selectFrom('contests').select('id').execute()).toEqual([]);

    const made = await create({
      opensAt: new Date(clock.now - 60_000).toISOString(),
      sponsor: { ...sponsor, pictureId: logo },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    expect(made.json().data.sponsor).toEqual({
      name: 'Acme Bats',
      url: 'https://acme.example/bats',
      pictureId: logo,
      logoUrl: `/api/v1/pictures/${logo}/small`,
    });
    const current = (await get(server, '/api/v1/contests/current?lang=hi')).json().data.current;
    expect(current.id).toBe(id);
    expect(current.sponsor).toEqual({
      name: 'Acme Bats',
      url: 'https://acme.example/bats',
      logoUrl: `/api/v1/pictures/${logo}/small`,
    });
    // The picture library says who uses the logo.
    const library = (await get(server, '/api/v1/admin/pictures?kind=sponsor', { cookie: admin.cookie })).json().data;
    expect(library.items[0]).toMatchObject({ id: logo, kind: 'sponsor', usedBy: [made.json().data.windowKey] });

    // An edit that does not name the sponsor keeps it; null removes it (audited).
    const withoutSponsor = body({ opensAt: made.json().data.opensAt });
    const kept = await put(server, `/api/v1/admin/contests/${id}`, withoutSponsor, admin.cookie);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.sponsor.name).toBe('Acme Bats');
    const removed = await put(
      server,
      `/api/v1/admin/contests/${id}`,
      { ...withoutSponsor, sponsor: null },
      admin.cookie,
    );
    expect(removed.json().data.sponsor).toBeNull();
    expect((await get(server, '/api/v1/contests/current')).json().data.current.sponsor).toBeNull();
    const audits = await db()
      .selectFrom('audit_log')
      .select(['summary', 'after_json'])
      .where('target_id', '=', id)
      .where('action', '=', 'contest.update')
      .execute();
    // The two edits may land in the same millisecond: find the removal by what it says, not by order.
    expect(audits.map((audit) => audit.summary)).toContainEqual(expect.stringContaining('nothing changed'));
    const removal = audits.find((audit) => audit.summary.includes('sponsor'));
    expect(removal, JSON.stringify(audits)).toBeDefined();
    expect(JSON.parse(removal!.after_json!).sponsor).toBeNull();
  });

  it('shows on the published result', async () => {
    const { addJudgedContest } = await import('../support/results.ts');
    const judged = await addJudgedContest(server, {
      pictureId: pictures.contest,
      now: clock.now,
      points: [{ x: 1, y: 1 }],
    });
    await db()
      .updateTable('contests')
      .set({ sponsor_name: 'Acme Bats', sponsor_url: null, sponsor_picture_id: null })
      .where('id', '=', judged.contestId)
      .execute();
    const card = (await get(server, '/api/v1/results/winners'))
      .json()
      .data.results.find((c: { contestId: string }) => c.contestId === judged.contestId);
    expect(card.sponsor).toEqual({ name: 'Acme Bats', url: null, logoUrl: null });
  });
});
