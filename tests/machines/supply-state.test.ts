import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { supplyStateMachine } from '../../machines/supply-state.machine.ts';
import {
  allLeafKeys,
  createModel,
  pathLeafKeys,
  pathName,
  placeholderErrors,
  reachableLeafKeys,
  runPath,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof supplyStateMachine>;

const located = { stateCode: null, suggested: '27', sellerState: '29' };
const recorded = { stateCode: '29', suggested: '27', sellerState: '29' };

describe('supply-state machine: the player’s state for the invoice', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(supplyStateMachine)).toEqual({
      loadSupplyState: 'loadSupplyState not provided',
      saveSupplyState: 'saveSupplyState not provided',
    });
  });

  it('offers the location check’s state, saves the one picked and ends with it', async () => {
    const { actor, fakes } = startSut(supplyStateMachine);
    await fakes.resolve('loadSupplyState', located);
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context).toMatchObject({ picked: '27', recorded: null, sellerState: '29' });
    actor.send({ type: 'state.pick', code: '07' });
    actor.send({ type: 'state.save' });
    expect(fakes.lastInput('saveSupplyState')).toEqual({ stateCode: '07' });
    await fakes.resolve('saveSupplyState', { ...located, stateCode: '07' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ stateCode: '07' });
  });

  it('ignores a code that is no state, and saves nothing until one is picked', async () => {
    const { actor, fakes } = startSut(supplyStateMachine);
    await fakes.reject('loadSupplyState', new Error('offline'));
    expect(actor.getSnapshot().context.picked).toBeNull();
    expect(actor.getSnapshot().can({ type: 'state.save' })).toBe(false);
    actor.send({ type: 'state.pick', code: '25' });
    expect(actor.getSnapshot().context.picked).toBeNull();
    actor.send({ type: 'state.pick', code: '33' });
    expect(actor.getSnapshot().can({ type: 'state.save' })).toBe(true);
  });

  it('says a failed save and keeps the pick; leaving ends with no state', async () => {
    const { actor, fakes } = startSut(supplyStateMachine);
    await fakes.resolve('loadSupplyState', recorded);
    actor.send({ type: 'state.save' });
    await fakes.reject('saveSupplyState', new Error('offline'));
    expect(actor.getSnapshot().context).toMatchObject({ saveFailed: true, picked: '29' });
    actor.send({ type: 'state.dismiss' });
    expect(actor.getSnapshot().output).toEqual({ stateCode: null });
  });
});

const assertions: StateAssertions<Snapshot> = {
  loading: (snapshot) => expect(snapshot.can({ type: 'state.save' })).toBe(false),
  asking: (snapshot) => {
    expect(snapshot.can({ type: 'state.save' })).toBe(snapshot.context.picked !== null);
    expect(snapshot.can({ type: 'state.dismiss' })).toBe(true);
  },
  saving: (snapshot, sut) => {
    expect(sut.fakes.lastInput('saveSupplyState')).toEqual({ stateCode: snapshot.context.picked });
    expect(snapshot.can({ type: 'state.dismiss' })).toBe(false);
  },
  saved: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ stateCode: '27' });
  },
  dismissed: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ stateCode: null });
  },
};

const events = [
  { type: 'xstate.done.actor.loadSupplyState', output: located },
  { type: 'xstate.done.actor.loadSupplyState', output: { ...located, suggested: null } },
  { type: 'xstate.error.actor.loadSupplyState', error: new Error('offline') },
  { type: 'state.pick', code: '27' },
  { type: 'state.pick', code: '25' },
  { type: 'state.save' },
  { type: 'state.dismiss' },
  { type: 'xstate.done.actor.saveSupplyState', output: { ...located, stateCode: '27' } },
  { type: 'xstate.error.actor.saveSupplyState', error: new Error('offline') },
];

describe('supply-state model', () => {
  const setup = createModel({ machine: supplyStateMachine, events });
  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });
  const shortest = setup.model.getShortestPaths();
  const simple = setup.model.getSimplePaths();
  it('reaches every state of the machine by its shortest and its simple paths', () => {
    expect(pathLeafKeys(shortest)).toEqual(allLeafKeys(supplyStateMachine));
    expect(pathLeafKeys(simple)).toEqual(allLeafKeys(supplyStateMachine));
  });
  describe('shortest paths', () => {
    for (const path of shortest) it(pathName(path), () => runPath(setup, path, assertions));
  });
  describe('simple paths', () => {
    for (const path of simple) it(pathName(path), () => runPath(setup, path, assertions));
  });
});
