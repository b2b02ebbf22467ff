import { expect, it } from 'vitest';
import { auditOf, del, get, insertStaff, post, put as putAs, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('admin: press articles', (server) => {
  const clock = useTestClock(server);
  const put = (url: string, payload: unknown, cookie: string) => putAs(server, url, payload, { cookie });
  const log = (id: string) => auditOf(server, 'press', id);
  let n = 0;
  const article = (extra: Record<string, unknown> = {}) => ({
    outlet: 'The Hindu',
    slug: '',
    titleEn: `Spot the ball returns ${++n}`,
    titleHi: 'स्पॉट द बॉल की वापसी',
    summaryEn: 'A classic game, online.',
    summaryHi: '',
    bodyEn: 'First paragraph.\n\nSecond paragraph.',
    bodyHi: '',
    sourceUrl: 'https://www.thehindu.com/sport/cricket/spot-the-ball',
    publishedOn: '2026-11-20',
    ...extra,
  });

  it('creates unpublished, publishes (the public pages show it, in Hindi too), unpublishes; audited', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const res = await post(server, '/api/v1/admin/press', article(), { cookie: admin!.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data.article;
    expect(created).toMatchObject({
      slug: `spot-the-ball-returns-${n}`,
      isPublished: false,
      publishedAt: Date.UTC(2026, 10, 19, 18, 30),
      sourceUrl: 'https://www.thehindu.com/sport/cricket/spot-the-ball',
    });
    expect((await get(server, `/api/v1/press/${created.id}`)).statusCode).toBe(404);

    clock.advance(1000);
    const pub = await post(server, `/api/v1/admin/press/${created.id}/publish`, undefined, { cookie: admin!.cookie });
    expect(pub.json().data).toMatchObject({ changed: true, article: { isPublished: true } });
    const hi = await get(server, `/api/v1/press/${created.id}?lang=hi`);
    expect(hi.statusCode, hi.body).toBe(200);
    expect(hi.json().data).toMatchObject({
      title: 'स्पॉट द बॉल की वापसी',
      summary: 'A classic game, online.',
      body: ['First paragraph.', 'Second paragraph.'],
    });
    expect(
      (await post(server, `/api/v1/admin/press/${created.id}/publish`, undefined, { cookie: admin!.cookie })).json()
        .data.changed,
    ).toBe(false);

    clock.advance(1000);
    const unpub = await post(server, `/api/v1/admin/press/${created.id}/unpublish`, undefined, {
      cookie: admin!.cookie,
    });
    expect(unpub.json().data.article.isPublished).toBe(false);
    expect((await get(server, `/api/v1/press/${created.id}`)).statusCode).toBe(404);
    expect((await log(created.id)).map((e) => [e.action, e.actor_id])).toEqual([
      ['press.create', admin!.id],
      ['press.publish', admin!.id],
      ['press.unpublish', admin!.id],
    ]);
  });

  it('edits en and hi fields with before and after in the log; a title-made slug gets a number, a typed one that is taken is refused', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const first = (
      await post(server, '/api/v1/admin/press', article({ titleEn: 'Same title here' }), { cookie: admin!.cookie })
    ).json().data.article;
    const second = (
      await post(server, '/api/v1/admin/press', article({ titleEn: 'Same title here' }), { cookie: admin!.cookie })
    ).json().data.article;
    expect(first.slug).toMatch(/^same-title-here/);
    expect(second.slug).not.toBe(first.slug);
    const taken = await put(`/api/v1/admin/press/${second.id}`, article({ slug: first.slug }), admin!.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.slug).toBe('Another article already has this address name');

    clock.advance(1000);
    const res = await put(
      `/api/v1/admin/press/${first.id}`,
      article({ titleEn: 'New title', titleHi: 'नया शीर्षक', bodyHi: 'हिंदी पाठ', slug: '' }),
      admin!.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.article).toMatchObject({
      titleEn: 'New title',
      titleHi: 'नया शीर्षक',
      bodyHi: 'हिंदी पाठ',
      slug: first.slug,
      updatedAt: clock.now,
    });
    const [, update] = await log(first.id);
    expect(update).toMatchObject({ action: 'press.update' });
    expect(JSON.parse(update!.before_json!)).toMatchObject({ titleEn: 'Same title here', bodyHiChars: 0 });
    expect(JSON.parse(update!.after_json!)).toMatchObject({ titleEn: 'New title', bodyHiChars: 'हिंदी पाठ'.length });
    expect((await put(`/api/v1/admin/press/${crypto.randomUUID()}`, article(), admin!.cookie)).statusCode).toBe(404);
  });

  it('refuses bad input field by field', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ outlet: ' ' }, 'outlet'],
      [{ titleEn: 'ab' }, 'titleEn'],
      [{ summaryEn: '' }, 'summaryEn'],
      [{ bodyEn: '' }, 'bodyEn'],
      [{ slug: 'Bad Slug' }, 'slug'],
      [{ sourceUrl: 'javascript:alert(1)' }, 'sourceUrl'],
      [{ publishedOn: '2026-13-01' }, 'publishedOn'],
      [{ publishedOn: '2099-01-01' }, 'publishedOn'],
      [{ titleHi: 'x'.repeat(301) }, 'titleHi'],
    ];
    for (const [extra, field] of cases) {
      const res = await post(server, '/api/v1/admin/press', article(extra), { cookie: admin!.cookie });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(extra)).toContain(field);
    }
  });

  it('deletes (the log keeps what it said) and lists every article, published or not', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const a = (
      await post(server, '/api/v1/admin/press', article({ publishedOn: '2026-11-28' }), { cookie: admin!.cookie })
    ).json().data.article;
    const list = (await get(server, '/api/v1/admin/press?limit=1', { cookie: admin!.cookie })).json().data;
    expect(list.articles[0].id).toBe(a.id);
    expect(list.nextCursor).toBe('1');
    clock.advance(1000);
    const gone = await del(server, `/api/v1/admin/press/${a.id}`, { cookie: admin!.cookie });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await get(server, `/api/v1/admin/press/${a.id}`, { cookie: admin!.cookie })).statusCode).toBe(404);
    expect((await del(server, `/api/v1/admin/press/${a.id}`, { cookie: admin!.cookie })).statusCode).toBe(404);
    const entries = await log(a.id);
    expect(entries.map((e) => e.action)).toEqual(['press.create', 'press.delete']);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ titleEn: a.titleEn, outlet: 'The Hindu' });
  });
});
