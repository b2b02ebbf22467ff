import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { ContestTicketLimits, DraftTicket, TicketPoint } from '../../domain/tickets.ts';
import {
  errorCodeOf,
  freeTicketId,
  ticketMarkingMachine,
  ticketMarkingRules,
  type LoadedContest,
} from '../../machines/ticket-marking.machine.ts';
import {
  createModel,
  pathName,
  placeholderErrors,
  allLeafKeys,
  pathLeafKeys,
  reachableLeafKeys,
  runPath,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof ticketMarkingMachine>;

const input = { contestId: 'c1' };
const picture = { width: 100, height: 80 };
const HELD: TicketPoint = { x: 5, y: 5 };
const P1: TicketPoint = { x: 10, y: 10 };
const P2: TicketPoint = { x: 20, y: 20 };
const OUTSIDE: TicketPoint = { x: 100, y: 10 };

/** Two more tickets for this person, plenty in the contest. */
const twoAvailable: ContestTicketLimits = { maxPerPerson: 3, alreadyHeld: 1, ticketsLeft: 10 };
const contest = (limits: ContestTicketLimits, draft: DraftTicket[] | null = null): LoadedContest => ({
  limits,
  picture,
  held: [HELD],
  cart: [],
  draft,
});

/** What persistDraft and clearDraft were called with, per actor. */
const persisted = new Map<AnyActorRef, Array<{ contestId: string; draft: DraftTicket[] }>>();
const cleared = new Map<AnyActorRef, string[]>();
const machine = ticketMarkingMachine.provide({
  actions: {
    persistDraft: ({ self }, params) => persisted.set(self, [...(persisted.get(self) ?? []), params]),
    clearDraft: ({ self }, params) => cleared.set(self, [...(cleared.get(self) ?? []), params.contestId]),
  },
});

async function ready(loaded: LoadedContest = contest(twoAvailable)) {
  const sut = startSut(machine, input);
  await sut.fakes.resolve('loadContest', loaded);
  return sut;
}

describe('ticket-marking helpers', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(ticketMarkingMachine)).toEqual({
      loadContest: 'loadContest not provided',
      submitTickets: 'submitTickets not provided',
    });
  });

  it('reads a rejection code, else unknown', () => {
    expect(errorCodeOf({ code: 'SOLD_OUT' })).toBe('SOLD_OUT');
    expect(errorCodeOf(new Error('x'))).toBe('unknown');
    expect(errorCodeOf(null)).toBe('unknown');
    expect(errorCodeOf({ code: '' })).toBe('unknown');
  });

  it('gives the smallest free ticket id', () => {
    expect(freeTicketId([])).toBe('t1');
    expect(
      freeTicketId([
        { id: 't1', point: null },
        { id: 't3', point: null },
      ]),
    ).toBe('t2');
  });
});

describe('ticket-marking machine: loading', () => {
  it('loads the contest it was given', () => {
    const { actor, fakes } = startSut(machine, input);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.lastInput('loadContest')).toEqual(input);
    expect(actor.getSnapshot().can({ type: 'ticket.add' })).toBe(false);
  });

  it('starts with one unmarked, selected ticket', async () => {
    const { actor } = await ready();
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('ready');
    expect(context.draft).toEqual([{ id: 't1', point: null }]);
    expect(context.selectedId).toBe('t1');
    expect(context.held).toEqual([HELD]);
    expect(context.picture).toEqual(picture);
  });

  it('restores a saved draft and selects its first unmarked ticket', async () => {
    const draft = [
      { id: 't1', point: P1 },
      { id: 't2', point: null },
    ];
    const { actor } = await ready(contest(twoAvailable, draft));
    expect(actor.getSnapshot().context.draft).toEqual(draft);
    expect(actor.getSnapshot().context.selectedId).toBe('t2');
  });

  it('selects the first ticket of a fully marked restored draft', async () => {
    const { actor } = await ready(contest(twoAvailable, [{ id: 't4', point: P1 }]));
    expect(actor.getSnapshot().context.selectedId).toBe('t4');
  });

  it('starts with no ticket when none is available', async () => {
    const { actor } = await ready(contest({ maxPerPerson: 3, alreadyHeld: 3, ticketsLeft: 10 }));
    expect(actor.getSnapshot().context.draft).toEqual([]);
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    expect(actor.getSnapshot().can({ type: 'ticket.mark', point: P1 })).toBe(false);
  });

  it('shows a load error and retries on request', async () => {
    const { actor, fakes } = startSut(machine, input);
    await fakes.reject('loadContest', { code: 'CONTEST_NOT_FOUND' });
    expect(actor.getSnapshot().value).toBe('loadError');
    expect(actor.getSnapshot().context.errorCode).toBe('CONTEST_NOT_FOUND');
    actor.send({ type: 'load.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.count('loadContest')).toBe(2);
  });
});

describe('ticket-marking machine: editing', () => {
  it('adds a selected ticket and saves the draft', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.add' });
    expect(actor.getSnapshot().context.draft).toEqual([
      { id: 't1', point: null },
      { id: 't2', point: null },
    ]);
    expect(actor.getSnapshot().context.selectedId).toBe('t2');
    expect(persisted.get(actor)?.at(-1)).toEqual({ contestId: 'c1', draft: actor.getSnapshot().context.draft });
  });

  it.each([
    ['maxTicketLimitReached', { maxPerPerson: 3, alreadyHeld: 2, ticketsLeft: 10 }, { code: 'maxTicketLimitReached' }],
    ['onlyNAvailable', { maxPerPerson: 75, alreadyHeld: 0, ticketsLeft: 1 }, { code: 'onlyNAvailable', available: 1 }],
  ] as const)('refuses an add past the limit with %s', async (_name, limits, reason) => {
    const { actor } = await ready(contest(limits));
    expect(actor.getSnapshot().can({ type: 'ticket.add' })).toBe(true);
    // A screen may grey the button out with the same rule the guard uses.
    expect(ticketMarkingRules.add(actor.getSnapshot().context)).toEqual({ ok: false, reason });
    actor.send({ type: 'ticket.add' });
    expect(actor.getSnapshot().context.draft).toHaveLength(1);
    expect(actor.getSnapshot().context.lastRejection).toEqual(reason);
    expect(persisted.get(actor)).toBeUndefined();
  });

  it.each([
    ['noTicketsAvailable', { maxPerPerson: 3, alreadyHeld: 0, ticketsLeft: 0 }],
    ['ticketLimitExceeded', { maxPerPerson: 3, alreadyHeld: 3, ticketsLeft: 10 }],
  ] as const)('refuses the first add with %s', async (code, limits) => {
    const { actor } = await ready(contest(limits));
    actor.send({ type: 'ticket.add' });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code });
  });

  it('removes a ticket and selects the last one when the selected one goes', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.remove', id: 't2' });
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't1', point: null }]);
    expect(actor.getSnapshot().context.selectedId).toBe('t1');
    expect(persisted.get(actor)?.at(-1)?.draft).toEqual([{ id: 't1', point: null }]);
  });

  it('keeps the selection when another ticket is removed', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.remove', id: 't1' });
    expect(actor.getSnapshot().context.selectedId).toBe('t2');
  });

  it('refuses to remove the last ticket, and ignores unknown ids', async () => {
    const { actor } = await ready();
    expect(actor.getSnapshot().can({ type: 'ticket.remove', id: 't9' })).toBe(false);
    actor.send({ type: 'ticket.remove', id: 't1' });
    expect(actor.getSnapshot().context.draft).toHaveLength(1);
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'lastTicket' });
  });

  it('selects known tickets only', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.add' });
    expect(actor.getSnapshot().can({ type: 'ticket.select', id: 't9' })).toBe(false);
    actor.send({ type: 'ticket.select', id: 't1' });
    expect(actor.getSnapshot().context.selectedId).toBe('t1');
  });

  it('marks the selected ticket and saves the draft', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.mark', point: P1 });
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't1', point: P1 }]);
    expect(persisted.get(actor)).toEqual([{ contestId: 'c1', draft: [{ id: 't1', point: P1 }] }]);
  });

  it('moves a marked ticket, also back onto its own point', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.mark', point: P2 });
    actor.send({ type: 'ticket.mark', point: P2 });
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't1', point: P2 }]);
    expect(actor.getSnapshot().context.lastRejection).toBeNull();
  });

  it.each([
    ['a point of another draft ticket', P1, 'duplicateCoordinates'],
    ['a point already bought', HELD, 'duplicateCoordinates'],
    ['a point outside the picture', OUTSIDE, 'outOfBounds'],
  ] as const)('refuses %s', async (_name, point, code) => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.mark', point });
    expect(actor.getSnapshot().context.draft[1]).toEqual({ id: 't2', point: null });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code });
  });

  it('dismisses a rejection, and a successful change clears it too', async () => {
    const { actor } = await ready();
    expect(actor.getSnapshot().can({ type: 'rejection.dismiss' })).toBe(false);
    actor.send({ type: 'ticket.mark', point: OUTSIDE });
    expect(actor.getSnapshot().can({ type: 'rejection.dismiss' })).toBe(true);
    actor.send({ type: 'rejection.dismiss' });
    expect(actor.getSnapshot().context.lastRejection).toBeNull();
    actor.send({ type: 'ticket.mark', point: OUTSIDE });
    actor.send({ type: 'ticket.mark', point: P1 });
    expect(actor.getSnapshot().context.lastRejection).toBeNull();
  });
});

describe('ticket-marking machine: submitting', () => {
  it('refuses to submit unmarked tickets, with their count', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.submit' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'unmarkedTickets', count: 2 });
  });

  it('refuses a restored draft that clashes with a ticket bought meanwhile', async () => {
    const { actor } = await ready(contest(twoAvailable, [{ id: 't1', point: HELD }]));
    actor.send({ type: 'ticket.submit' });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'duplicateCoordinates' });
  });

  it('submits the marked points, then clears the saved draft', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.mark', point: P2 });
    actor.send({ type: 'ticket.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fakes.lastInput('submitTickets')).toEqual({ contestId: 'c1', tickets: [P1, P2] });
    await fakes.resolve('submitTickets', { cartId: 'cart1' });
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(cleared.get(actor)).toEqual(['c1']);
  });

  it('keeps the draft when submitting fails, to retry or edit', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.submit' });
    await fakes.reject('submitTickets', { code: 'TICKETS_SOLD_OUT' });
    expect(actor.getSnapshot().value).toBe('submitError');
    expect(actor.getSnapshot().context.errorCode).toBe('TICKETS_SOLD_OUT');
    actor.send({ type: 'submit.retry' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await fakes.reject('submitTickets', new Error('offline'));
    actor.send({ type: 'submit.cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't1', point: P1 }]);
    expect(cleared.get(actor)).toBeUndefined();
  });
});

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
    const { draft, selectedId, held, lastRejection } = snapshot.context;
    // The rules hold whatever happened before: unique ids, a real selection, no clashing or outside marks.
    expect(new Set(draft.map((t) => t.id)).size).toBe(draft.length);
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
    expect(snapshot.can({ type: 'submit.retry' })).toBe(true);
  },
  submitted: (snapshot, sut) => {
    expect(snapshot.status).toBe('done');
    expect(cleared.get(sut.actor)).toEqual(['c1']);
  },
};

const lifecycleEvents = [
  { type: 'xstate.error.actor.loadContest', error: { code: 'CONTEST_NOT_FOUND' } },
  { type: 'xstate.done.actor.submitTickets', output: { cartId: 'cart1' } },
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
  // Loading, submitting and their errors with the least editing that gets there: one point to
  // mark, an early submit that is refused, its dismissal. Simple paths over the full editing
  // graph would run into the millions.
  const setup = createModel({
    machine,
    input,
    events: [
      { type: 'xstate.done.actor.loadContest', output: contest(twoAvailable) },
      ...lifecycleEvents,
      { type: 'ticket.mark', point: P1 },
    ],
    filterEvents: (_, e) => !['ticket.add', 'ticket.remove', 'ticket.select', 'ticket.reset'].includes(e.type),
  });

  const shortest = setup.model.getShortestPaths();
  const simple = setup.model.getSimplePaths();
  it('reaches every state the lifecycle can reach', () => {
    expect(pathLeafKeys(shortest)).toEqual(reachableLeafKeys(setup));
    expect(pathLeafKeys(simple)).toEqual(reachableLeafKeys(setup));
  });
  describe('shortest', () => {
    for (const path of shortest) it(pathName(path), () => runPath(setup, path, assertions));
  });
  describe('simple', () => {
    for (const path of simple) it(pathName(path), () => runPath(setup, path, assertions));
  });
});
