import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { ownEventTypes } from '../support/xstate-internals.ts';

// The model harness enumerates events with an xstate internal; if an upgrade changes it, this says
// so plainly instead of every model test failing in its own odd way.
describe('the xstate internal the model tests rely on', () => {
  const machine = createMachine({
    id: 'probe',
    initial: 'outer',
    on: { 'root.event': '.done' },
    states: {
      outer: {
        initial: 'inner',
        on: { 'outer.event': 'done' },
        states: { inner: { on: { 'inner.event': 'inner', 'inner.other': 'inner' } } },
      },
      done: { type: 'final' },
    },
  });

  it('lists the event types of the active state and of every ancestor', () => {
    const snapshot = createActor(machine).getSnapshot();
    expect(ownEventTypes(snapshot).sort()).toEqual(['inner.event', 'inner.other', 'outer.event', 'root.event']);
  });

  it('lists only what a state and its ancestors handle', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'outer.event' });
    expect(ownEventTypes(actor.getSnapshot()).sort()).toEqual(['root.event']);
  });
});
