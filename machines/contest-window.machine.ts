import { assign, setup } from 'xstate';
import {
  countdown,
  scheduleAt,
  windowState,
  type ContestSlot,
  type ContestWindow,
  type Countdown,
} from '../domain/schedule.ts';

export interface ContestWindowContext {
  /** The time of the last clock.tick (or the input): the machine never reads a clock itself. */
  now: Date;
  /** The contest this screen is about, or null to follow the weekly schedule. */
  trackedWindow: ContestWindow | null;
  /** The tracked window, else the schedule's open window or the next one to open. */
  window: ContestWindow;
  nextShow: { slot: ContestSlot; at: Date };
  /** What the countdown counts to: opening when upcoming, closing when open, the winner show when closed. */
  target: Date;
  countdown: Countdown;
}

export type ContestWindowEvent =
  { type: 'clock.tick'; now: Date } | { type: 'window.track'; window: ContestWindow | null };

export function describeWindow(now: Date, trackedWindow: ContestWindow | null): ContestWindowContext {
  const schedule = scheduleAt(now);
  const window = trackedWindow ?? schedule.window;
  const state = windowState(window, now);
  const target = state === 'upcoming' ? window.opensAt : state === 'open' ? window.closesAt : window.showAt;
  return { now, trackedWindow, window, nextShow: schedule.nextShow, target, countdown: countdown(now, target) };
}

/**
 * A contest's entry window for the countdown and the 'Game Play Closed!' notice.
 *
 * The app sends clock.tick with the current time every second; everything else is computed from
 * it with domain/schedule.ts, so tests and the lab can set any instant. Following the schedule
 * (no tracked window), the state is upcoming or open only: the schedule always offers the open
 * window or the next one. A tracked contest goes upcoming -> open -> closed.
 */
export const contestWindowMachine = setup({
  types: {
    input: {} as { now: Date; window?: ContestWindow | null },
    context: {} as ContestWindowContext,
    events: {} as ContestWindowEvent,
  },
  actions: {
    setNow: assign(({ context }, params: { now: Date }) => describeWindow(params.now, context.trackedWindow)),
    trackWindow: assign(({ context }, params: { window: ContestWindow | null }) =>
      describeWindow(context.now, params.window),
    ),
  },
  guards: {
    isUpcoming: ({ context }) => windowState(context.window, context.now) === 'upcoming',
    isOpen: ({ context }) => windowState(context.window, context.now) === 'open',
  },
}).createMachine({
  id: 'contestWindow',
  context: ({ input }) => describeWindow(input.now, input.window ?? null),
  initial: 'resolving',
  on: {
    'clock.tick': { target: '.resolving', actions: { type: 'setNow', params: ({ event }) => ({ now: event.now }) } },
    'window.track': {
      target: '.resolving',
      actions: { type: 'trackWindow', params: ({ event }) => ({ window: event.window }) },
    },
  },
  states: {
    // Transient: picks the state for the time in context.
    resolving: {
      always: [{ guard: 'isUpcoming', target: 'upcoming' }, { guard: 'isOpen', target: 'open' }, { target: 'closed' }],
    },
    upcoming: {},
    open: {},
    closed: {},
  },
});
