import { execFile } from 'node:child_process';
import { expect, it } from 'vitest';
import {
  answerCommitment,
  locateDifferences,
  publicationSchema,
  sealedNodesSchema,
  verifyPublication,
} from '../../domain/verification.ts';
import { confirmReservation } from '../../server/services/cart/reservations.ts';
import { get, insertActiveUsers, insertStaff, post } from '../support/accounts.ts';
import { addContestPicture, insertTickets } from '../support/contests.ts';
import { DAY, HOUR, useSealingSuite } from '../support/sealing.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// Issue 12, results anyone can check: the publication file that verifies, a tampered database that
// no longer does, and a contest decided by a sealed answer whose revealed position and salt match
// the commitment published when it opened.

describeOnEachDatabase('verifiable results', (server) => {
  const { clock, seal, runSealJob, relogin, contestAtClose, judgeAndPublish } = useSealingSuite(server);
  /** Moves the clock to the contest's winner show, when the result becomes public. */
  const untilTheShow = async (contestId: string) => {
    const { show_at } = await server.app.db
      .selectFrom('contests')
      .select('show_at')
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow();
    if (Number(show_at) > clock.now) clock.advance(Number(show_at) - clock.now);
  };

  it('the publication verifies; after tampering with a ticket in the database it does not', async () => {
    const { contestId, late } = await contestAtClose();
    expect(await confirmReservation(server.app.db, late.reservationId, clock.now)).toBe('confirmed');
    const notYet = await get(server, `/api/v1/contests/${contestId}/publication`);
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'The result of this contest is not published yet.',
    });
    expect((await get(server, `/api/v1/contests/${contestId}/seal/nodes?depth=0&index=0`)).statusCode).toBe(404);

    // The first judge to open the contest seals it (no job has run).
    await judgeAndPublish(contestId, [
      { x: 500, y: 300 },
      { x: 503, y: 301 },
      { x: 499, y: 305 },
    ]);
    // Published before its winner show (issue 26): the files stay hidden, the seal says 'judged', until the show.
    const early = await get(server, `/api/v1/contests/${contestId}/publication`);
    expect(early.statusCode).toBe(404);
    expect((await get(server, `/api/v1/contests/${contestId}/seal/nodes?depth=0&index=0`)).statusCode).toBe(404);
    expect((await seal(contestId)).json().data.state).toBe('judged');
    await untilTheShow(contestId);
    expect((await seal(contestId)).json().data.state).toBe('published');
    const res = await get(server, `/api/v1/contests/${contestId}/publication`);
    expect(res.statusCode, res.body).toBe(200);
    const publication = publicationSchema.parse(res.json().data);
    expect(publication.seal.root).toBe((await seal(contestId)).json().data.seal.root);
    expect(publication).toMatchObject({ decidedBy: 'judges', sealedAnswer: null, seal: { leafCount: 5 } });
    expect(publication.judges).toHaveLength(3);
    for (const j of publication.judges) expect(j.name).toMatch(/^\S.* [A-Z]\.$/);
    expect(publication.ranking).toHaveLength(5);
    expect(verifyPublication(publication)).toMatchObject({ ok: true });
    // c's late ticket at (505, 305) is nearest the mean (500.67, 302) and wins.
    expect(publication.winner?.ticketId).toBe(late.ticketId);
    expect(res.body).not.toMatch(/@|\+91/);

    const file = await get(server, `/api/v1/contests/${contestId}/publication/file`);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="contest-${contestId}-publication.json"`);
    expect(verifyPublication(publicationSchema.parse(file.json())).ok).toBe(true);
    const csv = await get(server, `/api/v1/contests/${contestId}/publication/entries.csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('ticketId,pseudonym,x,y,confirmedAt,leafHash,rank,distance');
    expect(lines).toHaveLength(6);

    // The command-line check, against the site over real HTTP.
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const script = (): Promise<{ code: number; out: string }> =>
      new Promise((resolve) => {
        execFile(
          process.execPath,
          ['scripts/verify-contest.ts', address, contestId],
          { timeout: 30_000 },
          (error, stdout) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: stdout }),
        );
      });
    const clean = await script();
    expect(clean.out.trim().split('\n').at(-1)).toBe('verified');
    expect(clean.code).toBe(0);

    // Someone moves one ticket after close: the published check says the root no longer matches.
    const victim = publication.entries[2]!;
    await server.app.db
      .updateTable('tickets')
      .set({ x: victim.x + 1 })
      .where('id', '=', victim.ticketId)
      .execute();
    const tampered = publicationSchema.parse(
      (await get(server, `/api/v1/contests/${contestId}/publication`)).json().data,
    );
    const report = verifyPublication(tampered);
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.id === 'root')).toMatchObject({ ok: false, published: publication.seal.root });
    // Walking the tree sealed at close, through the public nodes endpoint, names the moved ticket.
    const nodes = (depth: number, indices: number[]) =>
      get(server, `/api/v1/contests/${contestId}/seal/nodes?depth=${depth}&index=${indices.join(',')}`).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return sealedNodesSchema.parse(r.json().data);
      });
    const located = await locateDifferences(tampered, nodes);
    expect(located).toEqual({
      differences: [{ index: 2, sealed: victim, published: { ...victim, x: victim.x + 1 } }],
      more: false,
      inconsistent: false,
    });
    const caught = await script();
    expect(caught.code).toBe(1);
    expect(caught.out).toContain(
      `FAIL entry 3: ticket ${victim.ticketId}: x sealed ${victim.x}, published ${victim.x + 1}`,
    );
    expect(caught.out.trim().split('\n').at(-1)).toBe('NOT verified');
    // Bad questions get a clear 400.
    const tooDeep = await get(server, `/api/v1/contests/${contestId}/seal/nodes?depth=9&index=0`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The sealed tree has levels 0 to 3.' });
    expect((await get(server, `/api/v1/contests/${contestId}/seal/nodes?depth=0&index=5`)).json()).toMatchObject({
      message: 'Level 0 of the sealed tree has no node 5.',
    });
    expect((await get(server, `/api/v1/contests/${contestId}/seal/nodes?depth=0&index=a`)).statusCode).toBe(400);
    const many = Array.from({ length: 65 }, (_, i) => i).join(',');
    expect((await get(server, `/api/v1/contests/${contestId}/seal/nodes?depth=0&index=${many}`)).statusCode).toBe(400);
  });

  it('a contest decided by a sealed answer publishes the position and salt that match its commitment', async () => {
    const pictureId = await addContestPicture(server);
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const opensAt = clock.now + 30 * DAY;
    const input = {
      opensAt: new Date(opensAt).toISOString(),
      closesAt: new Date(opensAt + 2 * DAY).toISOString(),
      showAt: new Date(opensAt + 3 * DAY).toISOString(),
      pictureId,
      prizeKind: 'merchandise',
      prizeTitleEn: 'Signed bat',
      prizeTitleHi: 'हस्ताक्षरित बल्ला',
      prizeValuePaise: 500_000,
      prizePictureId: null,
      ticketPricePaise: 0,
      maxTickets: 10,
      totalTickets: 100,
      streamUrl: null,
      decidedBy: 'sealedAnswer',
    };
    const missing = await post(server, '/api/v1/admin/contests', input, { cookie: admin!.cookie });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('SEALED_ANSWER_REQUIRED');
    const created = await post(
      server,
      '/api/v1/admin/contests',
      { ...input, answerPoint: { x: 640, y: 410 } },
      { cookie: admin!.cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const contest = created.json().data;
    expect(contest.decidedBy).toBe('sealedAnswer');
    expect(contest.commitment.hash).toMatch(/^[0-9a-f]{64}$/);
    // The answer is not in it as a number (the hash or an id may well hold the digits 640).
    expect(created.body).not.toMatch(/[:[,]640[,\]}]/);
    // Nor in the audit log, where every admin can read it before publication: only that one was sealed.
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('target_id', '=', contest.id)
      .where('action', '=', 'contest.create')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ decidedBy: 'sealedAnswer', answerPoint: 'sealed' });
    expect(audit.after_json).not.toMatch(/[:[,](640|410)[,\]}]/);
    // Public from the opening, not before.
    expect((await seal(contest.id)).json().data.commitment).toBeNull();
    clock.advance(30 * DAY + HOUR);
    await relogin(admin!);
    expect((await seal(contest.id)).json().data.commitment).toEqual(contest.commitment);
    const locked = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/contests/${contest.id}`,
      payload: { ...input, answerPoint: { x: 1, y: 1 } },
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: admin!.cookie },
      remoteAddress: '127.0.0.1',
    });
    expect(locked.statusCode).toBe(409);

    const [p, q] = await insertActiveUsers(server, 2, clock.now);
    const at = clock.now + HOUR;
    await insertTickets(server, [
      {
        id: crypto.randomUUID(),
        contest_id: contest.id,
        user_id: p!.id,
        x: 600,
        y: 400,
        status: 'confirmed',
        reservation_id: null,
        created_at: at,
        confirmed_at: at,
      },
      {
        id: crypto.randomUUID(),
        contest_id: contest.id,
        user_id: q!.id,
        x: 641,
        y: 411,
        status: 'confirmed',
        reservation_id: null,
        created_at: at,
        confirmed_at: at,
      },
    ]);
    clock.advance(2 * DAY);
    // The seal judges it by the answer at once: no judge is needed.
    expect(await runSealJob()).toContain(contest.id);
    await relogin(admin!);
    const published = await post(server, `/api/v1/admin/results/${contest.id}/publish`, undefined, {
      cookie: admin!.cookie,
    });
    expect(published.statusCode, published.body).toBe(200);
    await untilTheShow(contest.id);
    const publication = publicationSchema.parse(
      (await get(server, `/api/v1/contests/${contest.id}/publication`)).json().data,
    );
    expect(publication.decidedBy).toBe('sealedAnswer');
    expect(publication.judges).toEqual([]);
    expect(publication.sealedAnswer).toMatchObject({ commitment: contest.commitment.hash, x: 640, y: 410 });
    expect(answerCommitment(640, 410, publication.sealedAnswer!.salt)).toBe(contest.commitment.hash);
    expect(publication.judgedPoint).toEqual({ x: 640, y: 410 });
    expect(verifyPublication(publication)).toMatchObject({ ok: true });
    expect(
      verifyPublication({ ...publication, sealedAnswer: { ...publication.sealedAnswer!, x: 641 } }).checks.find(
        (c) => c.id === 'commitment',
      )?.ok,
    ).toBe(false);
  });
});
