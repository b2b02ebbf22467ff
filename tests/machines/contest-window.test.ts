import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { istDate, scheduleAt, windowState } from '../../domain/schedule.ts';
import { contestWindowMachine, describeWindow } from '../../machines/contest-window.machine.ts';
import {
  createModel,
  describeShortestAndSimplePaths,
  reachableLeafKeys,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof contestWindowMachine>;

// Contest A of the week of Monday 2 March 2026 (IST).
const beforeOpen = istDate(2026, 3, 2, 10, 30);
const opening = istDate(2026, 3, 2, 12, 0);
const lastMoment = istDate(2026, 3, 4, 23, 59, 59, 999);
const afterClose = istDate(2026, 3, 5, 0, 0);
const afterShow = istDate(2026, 3, 5, 22, 0);
const contestA = scheduleAt(beforeOpen).window;

function start(now: Date, window: typeof contestA | null = null) {
  return createActor(contestWindowMachine, { input: { now, window } }).start();
}

describe('contest-window machine', () => {
  it('follows the schedule from the time it is given', () => {
    const actor = start(beforeOpen);
    expect(actor.getSnapshot().value).toBe('upcoming');
    expect(actor.getSnapshot().context.window).toEqual(contestA);
    expect(actor.getSnapshot().context.target).toEqual(contestA.opensAt);
    expect(actor.getSnapshot().context.countdown).toEqual({
      days: 0,
      hours: 1,
      minutes: 30,
      seconds: 0,
      totalMs: 90 * 60_000,
    });
  });

  it('opens at 12:00 and counts down to the close', () => {
    const actor = start(beforeOpen);
    actor.send({ type: 'clock.tick', now: new Date(opening.getTime() - 1) });
    expect(actor.getSnapshot().value).toBe('upcoming');
    actor.send({ type: 'clock.tick', now: opening });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.target).toEqual(contestA.closesAt);
    expect(actor.getSnapshot().context.countdown).toMatchObject({ days: 2, hours: 11, minutes: 59, seconds: 59 });
  });

  it('moves on to the next contest when following the schedule', () => {
    const actor = start(lastMoment);
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'clock.tick', now: afterClose });
    expect(actor.getSnapshot().value).toBe('upcoming');
    expect(actor.getSnapshot().context.window.slot).toBe('B');
    expect(actor.getSnapshot().context.nextShow).toEqual({ slot: 'A', at: contestA.showAt });
  });

  it('closes a tracked contest and counts down to its winner show', () => {
    const actor = start(lastMoment, contestA);
    actor.send({ type: 'clock.tick', now: afterClose });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.window).toEqual(contestA);
    expect(actor.getSnapshot().context.target).toEqual(contestA.showAt);
    expect(actor.getSnapshot().context.countdown).toMatchObject({ days: 0, hours: 21, minutes: 0, seconds: 0 });
    actor.send({ type: 'clock.tick', now: afterShow });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.countdown.totalMs).toBe(0);
  });

  it('switches between tracking a contest and following the schedule', () => {
    const actor = start(afterClose);
    expect(actor.getSnapshot().value).toBe('upcoming');
    actor.send({ type: 'window.track', window: contestA });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'window.track', window: null });
    expect(actor.getSnapshot().value).toBe('upcoming');
    expect(actor.getSnapshot().context.trackedWindow).toBeNull();
  });

  it('follows a clock that was set back', () => {
    const actor = start(afterClose, contestA);
    actor.send({ type: 'clock.tick', now: opening });
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('describes a moment without a machine', () => {
    expect(describeWindow(opening, null)).toMatchObject({ window: contestA, target: contestA.closesAt });
  });
});

const moments = [beforeOpen, opening, lastMoment, afterClose, afterShow];

const consistent = (state: 'upcoming' | 'open' | 'closed') => (snapshot: Snapshot) => {
  const { context } = snapshot;
  expect(windowState(context.window, context.now)).toBe(state);
  expect(context).toEqual(describeWindow(context.now, context.trackedWindow));
  expect(snapshot.can({ type: 'clock.tick', now: afterShow })).toBe(true);
};

const assertions: StateAssertions<Snapshot> = {
  upcoming: (snapshot) => {
    consistent('upcoming')(snapshot);
    expect(snapshot.context.target).toEqual(snapshot.context.window.opensAt);
  },
  open: (snapshot) => {
    consistent('open')(snapshot);
    expect(snapshot.context.target).toEqual(snapshot.context.window.closesAt);
  },
  closed: (snapshot) => {
    consistent('closed')(snapshot);
    expect(snapshot.context.trackedWindow).not.toBeNull();
    expect(snapshot.context.target).toEqual(snapshot.context.window.showAt);
  },
};

describe('contest-window model', () => {
  const setup = createModel({
    machine: contestWindowMachine,
    input: { now: beforeOpen, window: contestA },
    events: [
      ...moments.map((now) => ({ type: 'clock.tick', now })),
      { type: 'window.track', window: null },
      { type: 'window.track', window: contestA },
    ],
    // Time only moves forward (a clock set back is a unit test) and the tracked contest changes
    // only before the first tick; otherwise every moment connects to every other one and simple
    // paths run into the millions.
    filterEvents: (state, event) => {
      const { now } = (state as Snapshot).context;
      if (event.type === 'window.track') return now === beforeOpen;
      return (event as unknown as { now: Date }).now > now;
    },
  });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  describeShortestAndSimplePaths(setup, assertions);
});
