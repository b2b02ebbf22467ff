import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { notifyOfferMachine, PermissionRefusedError } from '../../machines/notify-offer.machine.ts';
import {
  createModel,
  pathName,
  placeholderErrors,
  reachableLeafKeys,
  runPath,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof notifyOfferMachine>;

const declines = new Map<AnyActorRef, number>();
const machine = notifyOfferMachine.provide({
  actions: { rememberDecline: ({ self }) => void declines.set(self, (declines.get(self) ?? 0) + 1) },
});

describe('notify-offer machine', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(notifyOfferMachine)).toEqual({
      inspect: 'inspect not provided',
      subscribe: 'subscribe not provided',
    });
  });

  it('offers, subscribes with the browser prompt, confirms, then goes', async () => {
    const { actor, fakes, clock } = startSut(machine, { declinedRecently: false });
    await fakes.resolve('inspect', 'default');
    expect(actor.getSnapshot().value).toBe('offering');
    actor.send({ type: 'notify.accept' });
    expect(fakes.lastInput('subscribe')).toEqual({ prompt: true });
    await fakes.resolve('subscribe', undefined);
    expect(actor.getSnapshot().value).toBe('subscribed');
    clock.fireTimer(4000);
    expect(actor.getSnapshot().value).toBe('done');
    expect(declines.has(actor)).toBe(false);
  });

  it('renews a subscription without asking when permission was given before', async () => {
    const { actor, fakes } = startSut(machine, { declinedRecently: true });
    await fakes.resolve('inspect', 'granted');
    expect(actor.getSnapshot().value).toBe('renewing');
    expect(fakes.lastInput('subscribe')).toEqual({ prompt: false });
    await fakes.reject('subscribe', new Error('push service down'));
    expect(actor.getSnapshot().value).toBe('quiet');
  });

  it('stays quiet after a recent decline, a browser refusal or without Web Push', async () => {
    for (const [declinedRecently, permission] of [
      [true, 'default'],
      [false, 'denied'],
      [false, 'unsupported'],
    ] as const) {
      const { actor, fakes } = startSut(machine, { declinedRecently });
      await fakes.resolve('inspect', permission);
      expect(actor.getSnapshot().value).toBe('quiet');
    }
  });

  it('remembers a no in the browser prompt as a decline, and offers a retry after a failure', async () => {
    const refused = startSut(machine, { declinedRecently: false });
    await refused.fakes.resolve('inspect', 'default');
    refused.actor.send({ type: 'notify.accept' });
    await refused.fakes.reject('subscribe', new PermissionRefusedError());
    expect(refused.actor.getSnapshot().value).toBe('declined');
    expect(declines.get(refused.actor)).toBe(1);

    const failing = startSut(machine, { declinedRecently: false });
    await failing.fakes.resolve('inspect', 'default');
    failing.actor.send({ type: 'notify.accept' });
    await failing.fakes.reject('subscribe', new Error('Registration failed - push service error'));
    expect(failing.actor.getSnapshot().value).toBe('failed');
    expect(failing.actor.getSnapshot().context.error).toBe('Registration failed - push service error');
    failing.actor.send({ type: 'notify.retry' });
    expect(failing.actor.getSnapshot().context.error).toBeNull();
    await failing.fakes.resolve('subscribe', undefined);
    expect(failing.actor.getSnapshot().value).toBe('subscribed');
  });
});

const assertions: StateAssertions<Snapshot> = {
  inspecting: (snapshot) => expect(snapshot.can({ type: 'notify.accept' })).toBe(false),
  renewing: (_, sut) => expect(sut.fakes.lastInput('subscribe')).toEqual({ prompt: false }),
  offering: (snapshot) => {
    expect(snapshot.context.declinedRecently).toBe(false);
    expect(snapshot.can({ type: 'notify.accept' })).toBe(true);
  },
  subscribing: (snapshot, sut) => {
    expect(snapshot.context.error).toBeNull();
    expect(sut.fakes.lastInput('subscribe')).toEqual({ prompt: true });
  },
  subscribed: (snapshot) => expect(snapshot.can({ type: 'notify.close' })).toBe(true),
  failed: (snapshot) => {
    expect(snapshot.context.error).toBeTruthy();
    expect(snapshot.can({ type: 'notify.retry' })).toBe(true);
  },
  declined: (snapshot, sut) => {
    expect(snapshot.status).toBe('done');
    expect(declines.get(sut.actor)).toBe(1);
  },
  quiet: (snapshot, sut) => {
    expect(snapshot.status).toBe('done');
    expect(declines.has(sut.actor)).toBe(false);
  },
  done: (snapshot) => expect(snapshot.status).toBe('done'),
};

// The invokes have ids of their own ('renew' and 'subscribe' both run the subscribe actor).
const events = [
  ...(['default', 'granted', 'denied', 'unsupported'] as const).map((output) => ({
    type: 'xstate.done.actor.inspect',
    output,
  })),
  { type: 'xstate.error.actor.inspect', error: new Error('no service worker') },
  { type: 'xstate.done.actor.renew', output: undefined },
  { type: 'xstate.error.actor.renew', error: new Error('push service down') },
  { type: 'xstate.done.actor.subscribe', output: undefined },
  { type: 'xstate.error.actor.subscribe', error: new PermissionRefusedError() },
  { type: 'xstate.error.actor.subscribe', error: new Error('push service error') },
];

describe.each([false, true])('notify-offer model (declined recently: %s)', (declinedRecently) => {
  const setup = createModel({ machine, input: { declinedRecently }, events });
  const expected = declinedRecently ? ['inspecting', 'quiet', 'renewing'] : Object.keys(assertions).sort();

  it('has an assertion for every reachable state', () => {
    expect(reachableLeafKeys(setup)).toEqual(expected.sort());
  });
  const shortest = setup.model.getShortestPaths();
  const simple = setup.model.getSimplePaths();
  describe('shortest paths', () => {
    for (const path of shortest) it(pathName(path), () => runPath(setup, path, assertions));
  });
  describe('simple paths', () => {
    for (const path of simple) it(pathName(path), () => runPath(setup, path, assertions));
  });
});
