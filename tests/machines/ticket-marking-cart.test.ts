import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { ContestTicketLimits, DraftTicket, TicketPoint } from '../../domain/tickets.ts';
import { ticketMarkingMachine, ticketMarkingRules, type LoadedContest } from '../../machines/ticket-marking.machine.ts';
import { startSut } from './model-harness.ts';

// The play screen's machine with the player's cart (issue 15): cart tickets count against the
// personal limit and their points may not be marked again; Reset starts the draft afresh.

const input = { contestId: 'c1' };
const picture = { width: 100, height: 80 };
const HELD: TicketPoint = { x: 5, y: 5 };
const CART: TicketPoint = { x: 7, y: 7 };
const P1: TicketPoint = { x: 10, y: 10 };

/** Two more tickets for this person (one held of three), plenty in the contest. */
const twoAvailable: ContestTicketLimits = { maxPerPerson: 3, alreadyHeld: 1, ticketsLeft: 10 };
const contest = (limits: ContestTicketLimits, draft: DraftTicket[] | null, cart: TicketPoint[]): LoadedContest => ({
  limits,
  picture,
  held: [HELD],
  cart,
  draft,
});

const persisted = new Map<AnyActorRef, Array<{ contestId: string; draft: DraftTicket[] }>>();
const machine = ticketMarkingMachine.provide({
  actions: { persistDraft: ({ self }, params) => persisted.set(self, [...(persisted.get(self) ?? []), params]) },
});

async function ready(loaded: LoadedContest = contest(twoAvailable, null, [])) {
  const sut = startSut(machine, input);
  await sut.fakes.resolve('loadContest', loaded);
  return sut;
}

describe('ticket-marking machine: the cart and Reset', () => {
  it('counts the cart tickets against the personal limit: Add is refused with maxTicketLimitReached', async () => {
    // Two more for this person, one of them already in the cart: the draft's one ticket fills the room.
    const { actor } = await ready(contest(twoAvailable, null, [CART]));
    expect(actor.getSnapshot().context.cart).toEqual([CART]);
    expect(ticketMarkingRules.add(actor.getSnapshot().context)).toEqual({
      ok: false,
      reason: { code: 'maxTicketLimitReached' },
    });
    actor.send({ type: 'ticket.add' });
    expect(actor.getSnapshot().context.draft).toHaveLength(1);
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'maxTicketLimitReached' });
  });

  it('starts with no ticket when the cart already fills the limit', async () => {
    const { actor } = await ready(contest(twoAvailable, null, [CART, { x: 8, y: 8 }]));
    expect(actor.getSnapshot().context.draft).toEqual([]);
    expect(ticketMarkingRules.add(actor.getSnapshot().context)).toEqual({
      ok: false,
      reason: { code: 'maxTicketLimitReached' },
    });
  });

  it("refuses a mark on a cart ticket's point with duplicateCoordinates, and a submit of one", async () => {
    const { actor } = await ready(contest(twoAvailable, null, [CART]));
    actor.send({ type: 'ticket.mark', point: CART });
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't1', point: null }]);
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'duplicateCoordinates' });
    const restored = await ready(contest(twoAvailable, [{ id: 't1', point: CART }], [CART]));
    expect(ticketMarkingRules.submit(restored.actor.getSnapshot().context)).toEqual({
      ok: false,
      reason: { code: 'duplicateCoordinates' },
    });
  });

  it('resets to one unmarked, selected ticket and saves that', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.mark', point: { x: 20, y: 20 } });
    actor.send({ type: 'ticket.reset' });
    expect(actor.getSnapshot().context).toMatchObject({
      draft: [{ id: 't1', point: null }],
      selectedId: 't1',
      lastRejection: null,
    });
    expect(persisted.get(actor)?.at(-1)).toEqual({ contestId: 'c1', draft: [{ id: 't1', point: null }] });
  });

  it('resets to no ticket when the cart fills the limit', async () => {
    // A draft saved before two tickets went into the cart from another tab.
    const { actor } = await ready(contest(twoAvailable, [{ id: 't1', point: P1 }], [CART, { x: 8, y: 8 }]));
    actor.send({ type: 'ticket.reset' });
    expect(actor.getSnapshot().context.draft).toEqual([]);
    expect(actor.getSnapshot().context.selectedId).toBeNull();
  });
});
