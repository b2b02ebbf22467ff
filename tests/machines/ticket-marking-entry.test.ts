import { describe, expect, it } from 'vitest';
import { cleared, contest, HELD, input, P1, P2, ready, twoAvailable } from './ticket-marking.fixtures.ts';

// Issue 25's entry from the play screen: the submit goes to the entry sheet (paid, the tickets now
// in the cart) or is entered free at once (a free contest, or paid play off); closing the sheet
// reloads what the player holds and marking goes on, with the tickets just entered locked.

async function submitted(outcome: unknown) {
  const sut = await ready();
  sut.actor.send({ type: 'ticket.mark', point: P1 });
  sut.actor.send({ type: 'ticket.submit' });
  await sut.fakes.resolve('submitTickets', outcome);
  return sut;
}

describe('ticket-marking machine: the entry after the submit', () => {
  it('opens the entry sheet for tickets put in the cart, and keeps the board still meanwhile', async () => {
    const { actor } = await submitted({ kind: 'cart' });
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.submitted).toEqual({ kind: 'cart' });
    expect(cleared.get(actor)).toEqual(['c1']);
    for (const event of [{ type: 'ticket.add' }, { type: 'ticket.submit' }, { type: 'ticket.reset' }] as const)
      expect(actor.getSnapshot().can(event)).toBe(false);
  });

  it('keeps the tickets entered free, for the "You\'re in" over the board', async () => {
    const { actor } = await submitted({ kind: 'entered', tickets: [P1] });
    expect(actor.getSnapshot().context.submitted).toEqual({ kind: 'entered', tickets: [P1] });
  });

  it('closing the sheet reloads the contest: the entered tickets come back locked, a fresh ticket to mark', async () => {
    const { actor, fakes } = await submitted({ kind: 'cart' });
    expect(fakes.count('loadContest')).toBe(1);
    actor.send({ type: 'entry.close' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.submitted).toBeNull();
    expect(fakes.lastInput('loadContest')).toEqual(input);
    await fakes.resolve('loadContest', { ...contest(twoAvailable), held: [HELD, P1] });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.held).toEqual([HELD, P1]);
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't1', point: null }]);
    // The point just entered cannot be marked again.
    actor.send({ type: 'ticket.mark', point: P1 });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'duplicateCoordinates' });
    actor.send({ type: 'ticket.mark', point: P2 });
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't1', point: P2 }]);
  });

  it('takes entry.close only while an entry is open', async () => {
    const { actor } = await ready();
    expect(actor.getSnapshot().can({ type: 'entry.close' })).toBe(false);
  });
});
