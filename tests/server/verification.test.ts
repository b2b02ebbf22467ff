import { expect, it } from 'vitest';
import { checkReceipt, receiptSchema } from '../../domain/verification.ts';
import { confirmReservation } from '../../server/services/cart/reservations.ts';
import { get, insertStaff } from '../support/accounts.ts';
import { activeReservation, useSealingSuite } from '../support/sealing.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// Issue 12, results anyone can check: the entry list sealed at close (after the last reservation
// that could still confirm) and receipts that verify against the published root.

describeOnEachDatabase('verifiable results', (server) => {
  const { clock, seal, runSealJob, contestAtClose } = useSealingSuite(server);

  it('seals at close only once no reservation can confirm, and takes no ticket after', async () => {
    const { contestId, players, late } = await contestAtClose();
    // Closed, but c's paid reservation may still confirm: no seal yet, and no judge sees it.
    expect(await runSealJob()).not.toContain(contestId);
    const before = await seal(contestId);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('public, max-age=5');
    expect(before.json().data).toMatchObject({ contestId, seal: null, commitment: null });
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const early = await get(server, `/api/v1/judge/contests/${contestId}`, { cookie: judge!.cookie });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_SEALED');
    // The judges' list shows it as not sealed (waiting for payments), not as open to mark.
    const queued = (await get(server, '/api/v1/judge/contests', { cookie: judge!.cookie })).json().data.contests;
    expect(queued.find((c: { contestId: string }) => c.contestId === contestId)).toMatchObject({ sealed: false });

    // The payment lands (captured in time): the ticket confirms, then the seal takes it in.
    expect(await confirmReservation(server.app.db, late.reservationId, clock.now)).toBe('confirmed');
    expect(await runSealJob()).toContain(contestId);
    const requeued = (await get(server, '/api/v1/judge/contests', { cookie: judge!.cookie })).json().data.contests;
    expect(requeued.find((c: { contestId: string }) => c.contestId === contestId)).toMatchObject({ sealed: true });
    const after = (await seal(contestId)).json().data;
    expect(after.seal).toMatchObject({ leafCount: 5, sealedAt: new Date(clock.now).toISOString() });
    expect(after.seal.root).toMatch(/^[0-9a-f]{64}$/);
    // Idempotent: a second run (or a second instance) changes nothing.
    expect(await runSealJob()).not.toContain(contestId);
    expect((await seal(contestId)).json().data.seal).toEqual(after.seal);

    // After the seal no reservation of the contest confirms (its payment is refunded instead).
    const straggler = await activeReservation(server, contestId, players.b.id, 9, 9, clock.now);
    await expect(confirmReservation(server.app.db, straggler.reservationId, clock.now)).rejects.toMatchObject({
      statusCode: 409,
    });
    const ticket = await server.app.db
      .selectFrom('tickets')
      .select('status')
      .where('id', '=', straggler.ticketId)
      .executeTakeFirstOrThrow();
    expect(ticket.status).toBe('reserved');
    expect((await seal(contestId)).json().data.seal).toEqual(after.seal);
    expect((await get(server, '/api/v1/contests/no-such-contest/seal')).statusCode).toBe(404);
  });

  it('receipts: own confirmed tickets only, after the seal, and each verifies against the published root', async () => {
    const { contestId, players, tickets } = await contestAtClose();
    const receipt = (ticketId: string, cookie: string) =>
      get(server, `/api/v1/me/tickets/${ticketId}/receipt`, { cookie });
    expect((await get(server, `/api/v1/me/tickets/${tickets[0]}/receipt`)).statusCode).toBe(401);
    const unsealed = await receipt(tickets[0]!, players.a.cookie);
    expect(unsealed.statusCode).toBe(409);
    expect(unsealed.json()).toMatchObject({ code: 'NOT_SEALED' });
    const entries = await get(server, '/api/v1/account/entries', { cookie: players.a.cookie });
    expect(entries.json().data.contests.find((c: { contestId: string }) => c.contestId === contestId).sealed).toBe(
      false,
    );

    await server.app.db
      .updateTable('reservations')
      .set({ status: 'expired' })
      .where('contest_id', '=', contestId)
      .execute();
    expect(await runSealJob()).toContain(contestId);
    const root = (await seal(contestId)).json().data.seal.root as string;
    const sealedEntries = await get(server, '/api/v1/account/entries', { cookie: players.a.cookie });
    expect(
      sealedEntries.json().data.contests.find((c: { contestId: string }) => c.contestId === contestId).sealed,
    ).toBe(true);

    for (const [ticketId, player] of [
      [tickets[0], players.a],
      [tickets[1], players.a],
      [tickets[2], players.b],
      [tickets[3], players.c],
    ] as const) {
      const res = await receipt(ticketId!, player.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const r = receiptSchema.parse(res.json().data);
      expect(r).toMatchObject({ contestId, treeSize: 4, root, entry: { ticketId } });
      expect(checkReceipt(r, root)).toEqual({ ok: true, problem: null });
      // No name, phone or e-mail: only the pseudonym.
      expect(res.body).not.toContain(player.id);
    }
    // Two tickets of one player share a pseudonym in this contest; other players differ.
    const pa = receiptSchema.parse((await receipt(tickets[0]!, players.a.cookie)).json().data).entry.pseudonym;
    expect(receiptSchema.parse((await receipt(tickets[1]!, players.a.cookie)).json().data).entry.pseudonym).toBe(pa);
    expect(receiptSchema.parse((await receipt(tickets[2]!, players.b.cookie)).json().data).entry.pseudonym).not.toBe(
      pa,
    );
    // Another player's ticket, or no ticket: 404 alike.
    expect((await receipt(tickets[2]!, players.a.cookie)).statusCode).toBe(404);
    expect((await receipt(crypto.randomUUID(), players.a.cookie)).statusCode).toBe(404);
  });
});
