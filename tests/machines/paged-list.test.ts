import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { pagedListMachine } from '../../machines/paged-list.machine.ts';
import { createModel, pathName, reachableLeafKeys, runPath, startSut, type StateAssertions } from './model-harness.ts';

describe('paged-list machine', () => {
  it('loads the first page with the filters, then the next from the cursor, appending', async () => {
    const { actor, fakes } = startSut(pagedListMachine, { filters: { action: 'role' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.lastInput('loadPage')).toEqual({ filters: { action: 'role' }, cursor: null });
    await fakes.resolve('loadPage', { items: ['a', 'b'], nextCursor: 'c1' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(true);
    actor.send({ type: 'list.more' });
    expect(fakes.lastInput('loadPage')).toEqual({ filters: { action: 'role' }, cursor: 'c1' });
    await fakes.resolve('loadPage', { items: ['c'], nextCursor: null });
    expect(actor.getSnapshot().context).toMatchObject({ items: ['a', 'b', 'c'], nextCursor: null, error: null });
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(false);
  });

  it('keeps what it has when a further page fails, and says why', async () => {
    const { actor, fakes } = startSut(pagedListMachine, {});
    await fakes.resolve('loadPage', { items: ['a'], nextCursor: 'c1' });
    actor.send({ type: 'list.more' });
    await fakes.reject('loadPage', new Error('Network Error'));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ items: ['a'], nextCursor: 'c1', error: 'Network Error' });
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('starts over with new filters, and refresh reloads with the same ones', async () => {
    const { actor, fakes } = startSut(pagedListMachine, { filters: { q: 'x' } });
    await fakes.resolve('loadPage', { items: ['a'], nextCursor: null });
    actor.send({ type: 'list.filter', filters: { q: 'y' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.lastInput('loadPage')).toEqual({ filters: { q: 'y' }, cursor: null });
    await fakes.resolve('loadPage', { items: ['b'], nextCursor: null });
    actor.send({ type: 'list.refresh' });
    expect(fakes.lastInput('loadPage')).toEqual({ filters: { q: 'y' }, cursor: null });
    await fakes.resolve('loadPage', { items: ['b2'], nextCursor: null });
    expect(actor.getSnapshot().context.items).toEqual(['b2']);
  });

  it('fails with the message and retries', async () => {
    const { actor, fakes } = startSut(pagedListMachine, {});
    await fakes.reject('loadPage', new Error('Request failed with status code 500'));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Request failed with status code 500');
    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

type Snapshot = SnapshotFrom<typeof pagedListMachine>;

const assertions: StateAssertions<Snapshot> = {
  loading: (snapshot) => {
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.can({ type: 'list.more' })).toBe(false);
    expect(snapshot.can({ type: 'list.retry' })).toBe(false);
  },
  ready: (snapshot) => {
    expect(snapshot.can({ type: 'list.more' })).toBe(snapshot.context.nextCursor !== null);
    expect(snapshot.can({ type: 'list.retry' })).toBe(false);
  },
  loadingMore: (snapshot) => {
    expect(snapshot.context.nextCursor).not.toBeNull();
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.can({ type: 'list.more' })).toBe(false);
  },
  failed: (snapshot) => {
    expect(snapshot.context.items).toEqual([]);
    expect(snapshot.context.error).not.toBeNull();
    expect(snapshot.can({ type: 'list.retry' })).toBe(true);
  },
};

// A further page always ends the list here, so appended items cannot grow the model forever.
const events = [
  { type: 'xstate.done.actor.firstPage', output: { items: [1], nextCursor: 'next' } },
  { type: 'xstate.done.actor.firstPage', output: { items: [1], nextCursor: null } },
  { type: 'xstate.error.actor.firstPage', error: new Error('offline') },
  { type: 'xstate.done.actor.nextPage', output: { items: [2], nextCursor: null } },
  { type: 'xstate.error.actor.nextPage', error: new Error('offline') },
  { type: 'list.more' },
  { type: 'list.retry' },
  { type: 'list.filter', filters: { q: 'x' } },
];

describe('paged-list model', () => {
  const setup = createModel({ machine: pagedListMachine, input: {}, events });
  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });
  const shortest = setup.model.getShortestPaths();
  it('reaches every state through its shortest paths', () => {
    expect(new Set(shortest.flatMap((p) => p.steps.map((step) => String(step.state.value))))).toEqual(
      new Set(Object.keys(assertions)),
    );
  });
  describe('shortest paths', () => {
    for (const path of shortest) it(pathName(path), () => runPath(setup, path, assertions));
  });
});
