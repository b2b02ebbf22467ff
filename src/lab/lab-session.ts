import {
  createActor,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type StateValue,
} from 'xstate';
import { FakeActors, type ActorSettings, type PendingCall } from './fake-actors.ts';
import { LabClock, type PendingTimer } from './lab-clock.ts';
import type { LabEntry } from './lab-machines.ts';
import { toJson } from './json.ts';

export interface EffectRecord {
  seq: number;
  action: string;
  params: unknown;
}

/** Everything the page shows, replaced (never mutated) on each change. */
export interface LabView {
  snapshot: AnyMachineSnapshot | null;
  /** The states the actor went through, oldest first, without repeats in a row. */
  history: string[];
  /** Calls of the named side-effect actions (storage, navigation, reload), oldest first. */
  effects: EffectRecord[];
  error: string | null;
  now: number;
  timers: PendingTimer[];
  calls: PendingCall[];
  settings: Record<string, ActorSettings>;
}

/** 'pending.waiting' for { pending: 'waiting' }. */
export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateLabel(child)}`))
    .join(', ');
}

/** Named actions that are plain functions are side effects the app provides; assign() and friends are not. */
function sideEffectActions(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actions)
    .filter(([, impl]) => typeof impl === 'function' && !('type' in impl))
    .map(([name]) => name);
}

/**
 * One machine running in the lab: its actor (restartable), the simulated clock, the fake actors
 * and the log of side effects, behind a subscribe/getView pair for useSyncExternalStore.
 */
export class LabSession {
  readonly clock = new LabClock();
  readonly fakes: FakeActors;
  private actor: Actor<AnyStateMachine> | null = null;
  private history: string[] = [];
  private effects: EffectRecord[] = [];
  private error: string | null = null;
  private view: LabView;
  private readonly listeners = new Set<() => void>();
  private readonly entry: LabEntry;
  private input: unknown;

  constructor(entry: LabEntry, input: unknown) {
    this.entry = entry;
    this.input = input;
    this.fakes = new FakeActors(
      Object.fromEntries(
        Object.entries(entry.actors).map(([name, example]) => [
          name,
          { mode: 'succeed', result: toJson(example.result), error: toJson(example.error), hold: false },
        ]),
      ),
    );
    this.clock.onChange = () => this.publish();
    this.fakes.onChange = () => this.publish();
    this.view = this.buildView();
  }

  start(): void {
    this.stop();
    this.history = [];
    this.effects = [];
    this.error = null;
    const log = (action: string) => (_: unknown, params: unknown) => {
      this.effects = [...this.effects, { seq: this.effects.length + 1, action, params }];
      this.publish();
    };
    const machine = this.entry.machine.provide({
      actors: this.fakes.logics(),
      actions: Object.fromEntries(sideEffectActions(this.entry.machine).map((name) => [name, log(name)])),
    });
    const actor = createActor(machine, { input: this.input, clock: this.clock });
    actor.subscribe({
      next: (snapshot) => {
        const label = stateLabel(snapshot.value);
        if (this.history.at(-1) !== label) this.history = [...this.history, label];
        this.publish();
      },
      error: (err) => {
        this.error = err instanceof Error ? err.message : String(err);
        this.publish();
      },
    });
    this.actor = actor;
    actor.start();
    this.publish();
  }

  /** Starts again with a new input, keeping the fake actors' settings and the clock. */
  restart(input: unknown): void {
    this.input = input;
    this.start();
  }

  stop(): void {
    this.actor?.stop();
    this.actor = null;
    this.fakes.clear();
  }

  send(event: EventObject): void {
    this.actor?.send(event);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): LabView => this.view;

  private publish(): void {
    this.view = this.buildView();
    for (const listener of this.listeners) listener();
  }

  private buildView(): LabView {
    return {
      snapshot: (this.actor?.getSnapshot() as AnyMachineSnapshot | undefined) ?? null,
      history: this.history,
      effects: this.effects,
      error: this.error,
      now: this.clock.now(),
      timers: this.clock.pending(),
      calls: this.fakes.pending(),
      settings: this.fakes.allSettings(),
    };
  }
}
