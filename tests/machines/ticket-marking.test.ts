import { describe, expect, it } from 'vitest';
import { freeTicketId, ticketMarkingMachine, ticketMarkingRules } from '../../machines/ticket-marking.machine.ts';
import { placeholderErrors, startSut } from './model-harness.ts';

import {
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
  ready,
} from './ticket-marking.fixtures.ts';

describe('ticket-marking helpers', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(ticketMarkingMachine)).toEqual({
      loadContest: 'loadContest not provided',
      submitTickets: 'submitTickets not provided',
    });
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
    await fakes.resolve('submitTickets', { kind: 'cart' });
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(cleared.get(actor)).toEqual(['c1']);
  });

  it("keeps the server's refusal of a submit (its code, words and counts) for the screen to say", async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.submit' });
    const refusal = { code: 'ONLY_N_AVAILABLE', message: 'Only 1 left', status: 409, details: { available: 1 } };
    await fakes.reject('submitTickets', refusal);
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'ONLY_N_AVAILABLE', refusal });
    actor.send({ type: 'submit.retry' });
    await fakes.reject('submitTickets', { code: 'NETWORK', message: 'Network Error', status: null });
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: null, refusal: null });
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
