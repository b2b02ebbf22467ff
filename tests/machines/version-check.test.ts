import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { versionCheckMachine } from '../../machines/version-check.machine.ts';
import {
  createModel,
  describeShortestAndSimplePaths,
  invokeIds,
  placeholderErrors,
  reachableLeafKeys,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof versionCheckMachine>;

const stored = new Map<AnyActorRef, string[]>();
const reloaded = new Set<AnyActorRef>();
const machine = versionCheckMachine.provide({
  actions: {
    storeVersion: ({ self }, params) => void stored.set(self, [...(stored.get(self) ?? []), params.version]),
    reloadPage: ({ self }) => void reloaded.add(self),
  },
});

const start = (storedVersion: string | null) => startSut(machine, { storedVersion });

describe('version-check machine', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(versionCheckMachine)).toEqual({
      fetchMeta: 'fetchMeta not provided',
      applyUpdate: 'applyUpdate not provided',
    });
  });

  it('stores the version on a first visit and does not reload', async () => {
    const { actor, fakes } = start(null);
    await fakes.resolve('fetchMeta', { version: '1.0.0' });
    expect(actor.getSnapshot().value).toBe('upToDate');
    expect(actor.getSnapshot().context.storedVersion).toBe('1.0.0');
    expect(stored.get(actor)).toEqual(['1.0.0']);
    expect(reloaded.has(actor)).toBe(false);
  });

  it('does nothing when the version is the same', async () => {
    const { actor, fakes } = start('1.0.0');
    await fakes.resolve('fetchMeta', { version: '1.0.0' });
    expect(actor.getSnapshot().value).toBe('upToDate');
    expect(stored.get(actor)).toBeUndefined();
  });

  it('applies a new version, stores it and reloads', async () => {
    const { actor, fakes } = start('1.0.0');
    await fakes.resolve('fetchMeta', { version: '1.1.0' });
    expect(actor.getSnapshot().value).toBe('updating');
    expect(fakes.lastInput('applyUpdate')).toEqual({ version: '1.1.0' });
    await fakes.resolve('applyUpdate', undefined);
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(stored.get(actor)).toEqual(['1.1.0']);
    expect(reloaded.has(actor)).toBe(true);
  });

  it('counts failures and checks again on request', async () => {
    const { actor, fakes } = start('1.0.0');
    await fakes.reject('fetchMeta', new Error('offline'));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'version.check' });
    await fakes.resolve('fetchMeta', { version: '1.1.0' });
    await fakes.reject('applyUpdate', new Error('caches locked'));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failures).toBe(2);
    expect(reloaded.has(actor)).toBe(false);
  });
});

const assertions: StateAssertions<Snapshot> = {
  checking: (snapshot) => expect(snapshot.can({ type: 'version.check' })).toBe(false),
  upToDate: (snapshot, sut) => {
    expect(snapshot.context.storedVersion).toBe(snapshot.context.latestVersion);
    expect(reloaded.has(sut.actor)).toBe(false);
    expect(snapshot.can({ type: 'version.check' })).toBe(true);
  },
  updating: (snapshot, sut) => {
    expect(snapshot.context.latestVersion).not.toBe(snapshot.context.storedVersion);
    expect(sut.fakes.lastInput('applyUpdate')).toEqual({ version: snapshot.context.latestVersion });
  },
  reloading: (snapshot, sut) => {
    expect(snapshot.status).toBe('done');
    expect(stored.get(sut.actor)?.at(-1)).toBe(snapshot.context.latestVersion);
    expect(reloaded.has(sut.actor)).toBe(true);
  },
  failed: (snapshot) => {
    expect(snapshot.context.failures).toBeGreaterThan(0);
    expect(snapshot.can({ type: 'version.check' })).toBe(true);
  },
};

// The machine leaves invoke ids to XState, so the done and error events are named after them.
const ids = invokeIds(versionCheckMachine);
const events = [
  { type: `xstate.done.actor.${ids['fetchMeta']}`, output: { version: '1.0.0' } },
  { type: `xstate.done.actor.${ids['fetchMeta']}`, output: { version: '1.1.0' } },
  { type: `xstate.error.actor.${ids['fetchMeta']}`, error: { message: 'offline' } },
  { type: `xstate.done.actor.${ids['applyUpdate']}`, output: undefined },
  { type: `xstate.error.actor.${ids['applyUpdate']}`, error: { message: 'caches locked' } },
];

describe.each(['1.0.0', null] as const)('version-check model (stored version %s)', (storedVersion) => {
  const setup = createModel({
    machine,
    input: { storedVersion },
    events,
    // failures only grows: two of them are enough to show that checking again works.
    filterEvents: (state, event) => event.type !== 'version.check' || (state as Snapshot).context.failures < 2,
  });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  describeShortestAndSimplePaths(setup, assertions);
});
