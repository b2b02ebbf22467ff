import { describe, expect, it } from 'vitest';
import { ticketsAvailableTo, type TicketPoint } from '../../domain/tickets.ts';
import {
  createModel,
  describeShortestAndSimplePaths,
  pathName,
  allLeafKeys,
  pathLeafKeys,
  reachableLeafKeys,
  runPath,
  type StateAssertions,
} from './model-harness.ts';

import {
  type Snapshot,
  input,
  picture,
  HELD,
  P1,
  P2,
  OUTSIDE,
  twoAvailable,
  contest,
  persisted,
  cleared,
  machine,
} from './ticket-marking.fixtures.ts';

function samePoint(a: TicketPoint, b: TicketPoint): boolean {
  return a.x === b.x && a.y === b.y;
}

const assertions: StateAssertions<Snapshot> = {
  loading: (snapshot, sut) => {
    expect(sut.fakes.lastInput('loadContest')).toEqual(input);
    expect(snapshot.can({ type: 'ticket.add' })).toBe(false);
  },
  loadError: (snapshot) => {
    expect(snapshot.context.errorCode).toBe('CONTEST_NOT_FOUND');
    expect(snapshot.can({ type: 'load.retry' })).toBe(true);
  },
  ready: (snapshot, sut) => {
    const { draft, selectedId, held, cart, limits, lastRejection } = snapshot.context;
    // The rules hold whatever happened before: unique ids, a real selection, no clashing or outside
    // marks, never more tickets than this person may still take (however many taps placed them).
    expect(new Set(draft.map((t) => t.id)).size).toBe(draft.length);
    expect(cart.length + draft.length).toBeLessThanOrEqual(ticketsAvailableTo(limits));
    if (selectedId !== null) expect(draft.map((t) => t.id)).toContain(selectedId);
    const points = draft.flatMap((t) => (t.point ? [t.point] : []));
    for (const [i, p] of points.entries()) {
      expect(p.x < picture.width && p.y < picture.height).toBe(true);
      expect(held.some((h) => samePoint(h, p))).toBe(false);
      expect(points.slice(i + 1).some((q) => samePoint(q, p))).toBe(false);
    }
    // What the app saved is what is on screen, once anything was saved.
    const saved = persisted.get(sut.actor)?.at(-1);
    if (saved) expect(saved.draft).toEqual(draft);
    expect(snapshot.can({ type: 'ticket.add' })).toBe(true);
    expect(snapshot.can({ type: 'ticket.submit' })).toBe(true);
    expect(snapshot.can({ type: 'rejection.dismiss' })).toBe(lastRejection !== null);
    expect(snapshot.can({ type: 'ticket.mark', point: P1 })).toBe(selectedId !== null);
    // A tap on the picture is always heard: it places, or says why not.
    expect(snapshot.can({ type: 'ticket.place', point: P1 })).toBe(true);
    expect(snapshot.can({ type: 'ticket.move', id: 't9', point: P1 })).toBe(false);
    for (const ticket of draft) expect(snapshot.can({ type: 'ticket.move', id: ticket.id, point: P2 })).toBe(true);
  },
  submitting: (snapshot, sut) => {
    expect(snapshot.context.draft.every((t) => t.point !== null)).toBe(true);
    expect(sut.fakes.lastInput('submitTickets')).toEqual({
      contestId: 'c1',
      tickets: snapshot.context.draft.map((t) => t.point),
    });
  },
  submitError: (snapshot) => {
    expect(snapshot.context.errorCode).toBe('TICKETS_SOLD_OUT');
    // The fake refusal carries no answer's status: no words of the server's to keep.
    expect(snapshot.context.refusal).toBeNull();
    expect(snapshot.can({ type: 'submit.retry' })).toBe(true);
  },
  submitted: (snapshot, sut) => {
    // The entry sheet (or the free entry's confirmation) is open over the board.
    expect(snapshot.context.submitted).not.toBeNull();
    expect(cleared.get(sut.actor)?.at(-1)).toBe('c1');
    expect(snapshot.can({ type: 'entry.close' })).toBe(true);
    expect(snapshot.can({ type: 'ticket.add' })).toBe(false);
  },
};

const lifecycleEvents = [
  { type: 'xstate.error.actor.loadContest', error: { code: 'CONTEST_NOT_FOUND' } },
  { type: 'xstate.done.actor.submitTickets', output: { kind: 'cart' } },
  { type: 'xstate.done.actor.submitTickets', output: { kind: 'entered', tickets: [P1] } },
  { type: 'xstate.error.actor.submitTickets', error: { code: 'TICKETS_SOLD_OUT' } },
];

describe('ticket-marking model: editing (shortest paths)', () => {
  // Every payload variant of every event, from two starting points: two tickets available, and
  // a contest where this person has reached the limit (refusals only).
  const setup = createModel({
    machine,
    input,
    events: [
      { type: 'xstate.done.actor.loadContest', output: contest(twoAvailable) },
      { type: 'xstate.done.actor.loadContest', output: contest({ maxPerPerson: 2, alreadyHeld: 2, ticketsLeft: 5 }) },
      ...lifecycleEvents,
      { type: 'ticket.place', point: P1 },
      { type: 'ticket.place', point: P2 },
      { type: 'ticket.place', point: HELD },
      { type: 'ticket.place', point: OUTSIDE },
      { type: 'ticket.move', id: 't1', point: P2 },
      { type: 'ticket.move', id: 't2', point: P1 },
      { type: 'ticket.move', id: 't1', point: HELD },
      { type: 'ticket.move', id: 't9', point: P1 },
      { type: 'ticket.mark', point: P1 },
      { type: 'ticket.mark', point: P2 },
      { type: 'ticket.mark', point: HELD },
      { type: 'ticket.mark', point: OUTSIDE },
      { type: 'ticket.select', id: 't1' },
      { type: 'ticket.select', id: 't2' },
      { type: 'ticket.remove', id: 't1' },
      { type: 'ticket.remove', id: 't2' },
      { type: 'ticket.reset' },
    ],
  });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  const paths = setup.model.getShortestPaths();
  it('reaches every state of the machine by some path', () => {
    expect(pathLeafKeys(paths)).toEqual(allLeafKeys(machine));
  });
  for (const path of paths) {
    it(pathName(path), () => runPath(setup, path, assertions));
  }
});

describe('ticket-marking model: lifecycle (shortest and simple paths)', () => {
  // Loading, submitting and their errors with the least editing that gets there: one tap to
  // place, an early submit that is refused, its dismissal. Simple paths over the full editing
  // graph would run into the millions.
  const setup = createModel({
    machine,
    input,
    events: [
      { type: 'xstate.done.actor.loadContest', output: contest(twoAvailable) },
      ...lifecycleEvents,
      { type: 'ticket.place', point: P1 },
    ],
    filterEvents: (_, e) =>
      !['ticket.add', 'ticket.remove', 'ticket.select', 'ticket.reset', 'ticket.move', 'ticket.mark'].includes(e.type),
  });

  describeShortestAndSimplePaths(setup, assertions);
});
