import { describe, expect, it } from 'vitest';
import { TRIAL_MAX_TICKETS, type TicketPoint } from '../../domain/tickets.ts';
import { placementTarget, withPointPlaced } from '../../machines/ticket-draft.ts';
import { startSut } from './model-harness.ts';
import { contest, HELD, OUTSIDE, P1, P2, persisted, ready } from './ticket-marking.fixtures.ts';
import { playing } from './trial-game.fixtures.ts';
import { ticketMarkingMachine } from '../../machines/ticket-marking.machine.ts';

// Tap-to-place (issue 25): a tap on an empty spot of the picture places a NEW ticket (or the
// unmarked one 'Add ticket' made), a tap on a mark selects it, a drag moves it. The rules and
// their texts are the spec's, unchanged.

const P3: TicketPoint = { x: 30, y: 30 };
const points = (draft: ReadonlyArray<{ point: TicketPoint | null }>) => draft.map((t) => t.point);

describe('the ticket a tap places', () => {
  it('is the selected ticket while it is unmarked, else the first unmarked one, else a new one', () => {
    expect(
      placementTarget({
        draft: [
          { id: 't1', point: null },
          { id: 't2', point: null },
        ],
        selectedId: 't2',
      }),
    ).toBe('t2');
    expect(
      placementTarget({
        draft: [
          { id: 't1', point: P1 },
          { id: 't2', point: null },
        ],
        selectedId: 't1',
      }),
    ).toBe('t2');
    expect(placementTarget({ draft: [{ id: 't1', point: P1 }], selectedId: 't1' })).toBeNull();
    expect(placementTarget({ draft: [], selectedId: null })).toBeNull();
  });

  it('makes a new selected ticket with the smallest free id when every ticket is marked', () => {
    const next = withPointPlaced(
      {
        draft: [
          { id: 't1', point: P1 },
          { id: 't3', point: P2 },
        ],
        selectedId: 't1',
        lastRejection: { code: 'duplicateCoordinates' },
      },
      P3,
    );
    expect(next).toEqual({
      draft: [
        { id: 't1', point: P1 },
        { id: 't3', point: P2 },
        { id: 't2', point: P3 },
      ],
      selectedId: 't2',
      lastRejection: null,
    });
  });
});

describe('ticket-marking machine (play screen): taps', () => {
  const threeAvailable = { maxPerPerson: 4, alreadyHeld: 1, ticketsLeft: 10 };

  it('three taps on three empty spots make three tickets, each selected in turn, each saved', async () => {
    const { actor } = await ready(contest(threeAvailable));
    for (const point of [P1, P2, P3]) actor.send({ type: 'ticket.place', point });
    const { draft, selectedId, lastRejection } = actor.getSnapshot().context;
    expect(draft).toEqual([
      { id: 't1', point: P1 },
      { id: 't2', point: P2 },
      { id: 't3', point: P3 },
    ]);
    expect(selectedId).toBe('t3');
    expect(lastRejection).toBeNull();
    expect(persisted.get(actor)?.at(-1)?.draft).toEqual(draft);
  });

  it("a fourth tap past this person's limit is refused with 'Max Ticket Limit Reached', before any duplicate", async () => {
    const { actor } = await ready(contest(threeAvailable));
    for (const point of [P1, P2, P3]) actor.send({ type: 'ticket.place', point });
    const saves = persisted.get(actor)?.length;
    actor.send({ type: 'ticket.place', point: HELD });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'maxTicketLimitReached' });
    expect(actor.getSnapshot().context.draft).toHaveLength(3);
    expect(persisted.get(actor)?.length).toBe(saves);
  });

  it("a tap on a point already played is refused with 'Duplicate Coordinates': bought, in the cart or in the draft", async () => {
    const CART = { x: 7, y: 7 };
    const { actor } = await ready({ ...contest(threeAvailable), cart: [CART] });
    actor.send({ type: 'ticket.place', point: P1 });
    for (const point of [HELD, CART, P1]) {
      actor.send({ type: 'ticket.place', point });
      expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'duplicateCoordinates' });
      expect(points(actor.getSnapshot().context.draft)).toEqual([P1]);
    }
    actor.send({ type: 'ticket.place', point: OUTSIDE });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'outOfBounds' });
  });

  it("'Add ticket' makes an unmarked ticket that the next tap places, instead of a new one", async () => {
    const { actor } = await ready(contest(threeAvailable));
    actor.send({ type: 'ticket.place', point: P1 });
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.select', id: 't1' });
    actor.send({ type: 'ticket.place', point: P2 });
    expect(actor.getSnapshot().context.draft).toEqual([
      { id: 't1', point: P1 },
      { id: 't2', point: P2 },
    ]);
    expect(actor.getSnapshot().context.selectedId).toBe('t2');
  });

  it('with no ticket left to take, a tap says why', async () => {
    const { actor } = await ready(contest({ maxPerPerson: 3, alreadyHeld: 3, ticketsLeft: 10 }));
    actor.send({ type: 'ticket.place', point: P1 });
    expect(actor.getSnapshot().context).toMatchObject({ draft: [], lastRejection: { code: 'ticketLimitExceeded' } });
    const { actor: soldOut } = await ready(contest({ maxPerPerson: 3, alreadyHeld: 0, ticketsLeft: 0 }));
    soldOut.send({ type: 'ticket.place', point: P1 });
    expect(soldOut.getSnapshot().context.lastRejection).toEqual({ code: 'noTicketsAvailable' });
  });

  it("a tap past the contest's last tickets says 'Only N tickets are available'", async () => {
    const { actor } = await ready(contest({ maxPerPerson: 75, alreadyHeld: 0, ticketsLeft: 2 }));
    actor.send({ type: 'ticket.place', point: P1 });
    actor.send({ type: 'ticket.place', point: P2 });
    actor.send({ type: 'ticket.place', point: P3 });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'onlyNAvailable', available: 2 });
  });

  it('a drag moves the ticket it names and selects it; onto a point already played it is refused and stays', async () => {
    const { actor } = await ready(contest(threeAvailable));
    actor.send({ type: 'ticket.place', point: P1 });
    actor.send({ type: 'ticket.place', point: P2 });
    actor.send({ type: 'ticket.move', id: 't1', point: P3 });
    expect(actor.getSnapshot().context).toMatchObject({
      draft: [
        { id: 't1', point: P3 },
        { id: 't2', point: P2 },
      ],
      selectedId: 't1',
      lastRejection: null,
    });
    expect(persisted.get(actor)?.at(-1)?.draft[0]).toEqual({ id: 't1', point: P3 });
    // Dropped back where it was: allowed. Onto another ticket or a bought one: refused.
    actor.send({ type: 'ticket.move', id: 't1', point: P3 });
    expect(actor.getSnapshot().context.lastRejection).toBeNull();
    for (const point of [P2, HELD]) {
      actor.send({ type: 'ticket.move', id: 't1', point });
      expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'duplicateCoordinates' });
      expect(actor.getSnapshot().context.draft[0]).toEqual({ id: 't1', point: P3 });
    }
    expect(actor.getSnapshot().can({ type: 'ticket.move', id: 't9', point: P1 })).toBe(false);
  });

  it('takes no tap before the contest has loaded (the screen keeps them until then)', () => {
    const { actor } = startSut(ticketMarkingMachine, { contestId: 'c1' });
    expect(actor.getSnapshot().can({ type: 'ticket.place', point: P1 })).toBe(false);
  });
});

describe('trial-game machine (practice): taps', () => {
  it('three taps make three tickets; the eleventh says No More Tickets', async () => {
    const { actor } = await playing();
    for (let i = 0; i < 3; i++) actor.send({ type: 'ticket.place', point: { x: 10 + i, y: 10 } });
    expect(actor.getSnapshot().context.draft.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    for (let i = 3; i < TRIAL_MAX_TICKETS; i++) actor.send({ type: 'ticket.place', point: { x: 10 + i, y: 10 } });
    expect(actor.getSnapshot().context.draft).toHaveLength(TRIAL_MAX_TICKETS);
    actor.send({ type: 'ticket.place', point: { x: 50, y: 50 } });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'noMoreTickets' });
    expect(actor.getSnapshot().context.draft).toHaveLength(TRIAL_MAX_TICKETS);
  });

  it('refuses a tap on a spot already marked, and the last ticket still cannot be deleted', async () => {
    const { actor } = await playing();
    actor.send({ type: 'ticket.place', point: P1 });
    actor.send({ type: 'ticket.place', point: P1 });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'duplicateCoordinates' });
    actor.send({ type: 'ticket.remove', id: 't1' });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'lastTicket' });
    actor.send({ type: 'ticket.place', point: P2 });
    actor.send({ type: 'ticket.remove', id: 't1' });
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't2', point: P2 }]);
  });

  it('moves a ticket by its id, whichever is selected', async () => {
    const { actor } = await playing();
    actor.send({ type: 'ticket.place', point: P1 });
    actor.send({ type: 'ticket.place', point: P2 });
    actor.send({ type: 'ticket.move', id: 't1', point: P3 });
    expect(actor.getSnapshot().context.draft).toEqual([
      { id: 't1', point: P3 },
      { id: 't2', point: P2 },
    ]);
    expect(actor.getSnapshot().context.selectedId).toBe('t1');
  });
});
