import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { IDLE_AFTER_MS, INACTIVITY_TIMEOUT_MS, sessionMachine } from '../../machines/session.machine.ts';
import {
  createModel,
  describeShortestAndSimplePaths,
  reachableLeafKeys,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** The side effects each actor asked for, in order. */
const effects = new Map<AnyActorRef, string[]>();
const record =
  (name: string) =>
  ({ self }: { self: AnyActorRef }) =>
    void effects.set(self, [...(effects.get(self) ?? []), name]);
const machine = sessionMachine.provide({
  actions: {
    clearLoginMarker: record('clearLoginMarker'),
    redirectToLogin: record('redirectToLogin'),
    redirectHome: record('redirectHome'),
  },
});

const start = (loggedIn: boolean) => startSut(machine, { loggedIn });

describe('session machine', () => {
  it('starts active with a login marker and logged out without one', () => {
    expect(start(true).actor.getSnapshot().value).toBe('active');
    expect(start(false).actor.getSnapshot().value).toBe('loggedOut');
  });

  it('expires exactly 30 minutes after the last activity', () => {
    const { actor, clock } = start(true);
    clock.increment(IDLE_AFTER_MS);
    expect(actor.getSnapshot().value).toBe('idle');
    clock.increment(10 * 60_000);
    actor.send({ type: 'session.activity' });
    expect(actor.getSnapshot().value).toBe('active');
    const lastActivity = clock.now();
    clock.increment(30_000);
    actor.send({ type: 'session.activity' });
    const last = clock.now();
    expect(last).toBeGreaterThan(lastActivity);
    clock.advanceTo(last + INACTIVITY_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('idle');
    clock.advanceTo(last + INACTIVITY_TIMEOUT_MS);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(effects.get(actor)).toEqual(['clearLoginMarker']);
  });

  it('counts the quiet time before it started', () => {
    const late = startSut(machine, { loggedIn: true, quietForMs: 29 * 60_000 });
    expect(late.actor.getSnapshot().value).toBe('active');
    late.clock.increment(0);
    expect(late.actor.getSnapshot().value).toBe('idle');
    late.clock.increment(60_000 - 1);
    expect(late.actor.getSnapshot().value).toBe('idle');
    late.clock.increment(1);
    expect(late.actor.getSnapshot().value).toBe('expired');

    const soon = startSut(machine, { loggedIn: true, quietForMs: 20_000 });
    soon.clock.increment(IDLE_AFTER_MS - 20_000);
    expect(soon.actor.getSnapshot().value).toBe('idle');
    soon.clock.increment(INACTIVITY_TIMEOUT_MS - IDLE_AFTER_MS - 1);
    expect(soon.actor.getSnapshot().value).toBe('idle');
    // Activity starts the full 30 minutes again.
    soon.actor.send({ type: 'session.activity' });
    const last = soon.clock.now();
    soon.clock.advanceTo(last + INACTIVITY_TIMEOUT_MS - 1);
    expect(soon.actor.getSnapshot().value).toBe('idle');
    soon.clock.advanceTo(last + INACTIVITY_TIMEOUT_MS);
    expect(soon.actor.getSnapshot().value).toBe('expired');

    const gone = startSut(machine, { loggedIn: true, quietForMs: 2 * INACTIVITY_TIMEOUT_MS });
    gone.clock.increment(0);
    expect(gone.actor.getSnapshot().value).toBe('idle');
    gone.clock.increment(0);
    expect(gone.actor.getSnapshot().value).toBe('expired');
  });

  it('goes home after the Session Expired warning is acknowledged', () => {
    const { actor, clock } = start(true);
    clock.advanceTo(INACTIVITY_TIMEOUT_MS);
    actor.send({ type: 'session.acknowledge' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(effects.get(actor)).toEqual(['clearLoginMarker', 'redirectHome']);
  });

  it('clears the marker and goes to login on a 401, from any state', () => {
    const { actor } = start(true);
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    actor.send({ type: 'session.unauthorized' });
    expect(effects.get(actor)).toEqual(['clearLoginMarker', 'redirectToLogin', 'clearLoginMarker', 'redirectToLogin']);
  });

  it('logs out and in again', () => {
    const { actor, clock } = start(true);
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(clock.pendingTimeouts()).toEqual([]);
    actor.send({ type: 'session.login' });
    expect(actor.getSnapshot().value).toBe('active');
  });
});

const assertions: StateAssertions<Snapshot> = {
  loggedOut: (snapshot, sut) => {
    expect(sut.clock.pendingTimeouts()).toEqual([]);
    expect(snapshot.can({ type: 'session.login' })).toBe(true);
    expect(snapshot.can({ type: 'session.activity' })).toBe(false);
  },
  active: (_, sut) => expect(sut.clock.pendingTimeouts()).toEqual([IDLE_AFTER_MS]),
  idle: (_, sut) => expect(sut.clock.pendingTimeouts()).toEqual([INACTIVITY_TIMEOUT_MS - IDLE_AFTER_MS]),
  expired: (snapshot, sut) => {
    expect(sut.clock.pendingTimeouts()).toEqual([]);
    expect(effects.get(sut.actor)?.at(-1)).toBe('clearLoginMarker');
    expect(snapshot.can({ type: 'session.acknowledge' })).toBe(true);
  },
};

describe.each([true, false])('session model (logged in at start: %s)', (loggedIn) => {
  const setup = createModel({ machine, input: { loggedIn }, events: [] });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  describeShortestAndSimplePaths(setup, assertions);
});
