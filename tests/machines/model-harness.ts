/**
 * Model-based testing for machines that invoke actors and wait on delays.
 *
 * xstate/graph's createTestModel() refuses machines with `invoke` or `after` ("Invocations on
 * test machines are not supported"), which is every machine we have. The graph itself is fine
 * with them: traversal only calls machine.transition(), which never starts an actor or a timer,
 * so a done event (`xstate.done.actor.loadBill` with an output), an error event or a delay event
 * (`xstate.after.pollTimeout.paymentStatus.pending`) is just one more event to enumerate. So we
 * build a TestModel the way createTestModel does, minus that check, and execute each step on a
 * real actor: done/error events settle a controllable fake of the invoked actor, delay events
 * move a SimulatedClock to the moment the timer is due, anything else is sent as is.
 */
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type ActorLogic,
  type AnyActorLogic,
  type Actor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { getStateNodes, serializeSnapshot, TestModel, type TestPath } from 'xstate/graph';
import { ownEventTypes } from '../support/xstate-internals.ts';

/** Lets settled promises and the actor's reactions to them run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

interface Call {
  input: unknown;
  settled: boolean;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Promise actors that stay pending until a test settles them, one call at a time. */
export class FakeActors {
  readonly calls = new Map<string, Call[]>();

  logic(name: string): AnyActorLogic {
    return fromPromise(
      ({ input }) =>
        new Promise((resolve, reject) => {
          const list = this.calls.get(name) ?? [];
          list.push({ input, settled: false, resolve, reject });
          this.calls.set(name, list);
        }),
    );
  }

  logics(names: readonly string[]): Record<string, AnyActorLogic> {
    return Object.fromEntries(names.map((name) => [name, this.logic(name)]));
  }

  count(name: string): number {
    return this.calls.get(name)?.length ?? 0;
  }

  lastInput(name: string): unknown {
    return this.calls.get(name)?.at(-1)?.input;
  }

  private pending(name: string): Call {
    const call = this.calls.get(name)?.findLast((c) => !c.settled);
    if (!call) throw new Error(`no pending call of ${name}`);
    call.settled = true;
    return call;
  }

  async resolve(name: string, output: unknown): Promise<void> {
    this.pending(name).resolve(output);
    await flush();
  }

  async reject(name: string, error: unknown): Promise<void> {
    this.pending(name).reject(error);
    await flush();
  }
}

/** A SimulatedClock that remembers when each pending timer was set, so a test can fire one exactly. */
export class TrackingClock extends SimulatedClock {
  private readonly timers = new Map<number, { start: number; timeout: number }>();

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const start = this.now();
    const id: number = super.setTimeout((...args: unknown[]) => {
      this.timers.delete(id);
      fn(...args);
    }, timeout);
    this.timers.set(id, { start, timeout });
    return id;
  }

  override clearTimeout(id: number): void {
    this.timers.delete(id);
    super.clearTimeout(id);
  }

  /** Durations of the timers still pending, shortest first. */
  pendingTimeouts(): number[] {
    return [...this.timers.values()].map((t) => t.timeout).sort((a, b) => a - b);
  }

  /**
   * Moves time forward to `time`, stopping at each timer due on the way. SimulatedClock.set()
   * alone first moves `now` to the end and then runs the due timers, so a timer set by one of
   * them would start late (an 'after' in the state entered midway would fire too late).
   */
  advanceTo(time: number): void {
    for (;;) {
      const next = Math.min(...[...this.timers.values()].map((t) => t.start + t.timeout));
      if (!(next <= time)) break;
      this.set(Math.max(next, this.now()));
    }
    if (time > this.now()) this.set(time);
  }

  /** Moves time to the moment the pending timer of `timeout` ms is due; earlier timers fire on the way. */
  fireTimer(timeout: number): void {
    const due = [...this.timers.values()].filter((t) => t.timeout === timeout).map((t) => t.start + t.timeout);
    if (due.length === 0) throw new Error(`no pending timer of ${timeout} ms`);
    this.advanceTo(Math.min(...due));
  }
}

/** 'a.b' for { a: 'b' }: the key of the one active leaf (our machines have no parallel states). */
export function leafKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? [];
  if (key === undefined || child === undefined) throw new Error('empty state value');
  return `${key}.${leafKey(child)}`;
}

type AnyEvent = { type: string } & Record<string, unknown>;
type Snap = AnyMachineSnapshot;

export interface ModelOptions {
  machine: AnyStateMachine;
  input?: unknown;
  /** Payload variants per event type; event types not listed are sent as `{ type }`. Done and error events of invokes must be listed. */
  events: readonly AnyEvent[];
  /** Events the traversal skips in a state (bounds a graph that would grow without end). */
  filterEvents?: (snapshot: Snap, event: AnyEventObject) => boolean;
}

/**
 * The actors a machine declares are placeholders that the app replaces with .provide(); each must
 * fail loudly when forgotten rather than resolve with nothing.
 */
export async function placeholderErrors(machine: AnyStateMachine): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors)) {
    // A child machine's own placeholders are checked in its own test.
    if (isMachine(logic)) continue;
    const actor = createActor(logic as AnyActorLogic, { input: {} });
    const failed = new Promise<string>((resolve) =>
      actor.subscribe({ error: (err) => resolve(err instanceof Error ? err.message : String(err)) }),
    );
    actor.start();
    errors[name] = await failed;
  }
  return errors;
}

const isMachine = (logic: unknown): boolean =>
  typeof logic === 'object' && logic !== null && 'config' in logic && 'implementations' in logic;

/** The id of each invoke, by the actor it starts (machines may leave ids to XState). */
export function invokeIds(machine: AnyStateMachine): Record<string, string> {
  return Object.fromEntries([...invokeSources(machine)].map(([id, src]) => [src, id]));
}

function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const sources = new Map<string, string>();
  for (const node of getStateNodes(machine)) {
    for (const def of node.invoke) {
      if (typeof def.src !== 'string') throw new Error(`invoke ${def.id} in ${node.id} must name its actor`);
      sources.set(def.id, def.src);
    }
  }
  return sources;
}

/** A delay's length: a number, or a function of the context the actor is in when its timer fires. */
function delayMs(machine: AnyStateMachine, ref: string, context: unknown): number {
  const asNumber = Number(ref);
  if (Number.isFinite(asNumber)) return asNumber;
  const delay: unknown = machine.implementations.delays[ref];
  const ms: unknown =
    typeof delay === 'function' ? (delay as (args: { context: unknown }) => unknown)({ context }) : delay;
  if (typeof ms !== 'number') throw new Error(`delay ${ref} must be a number, or give one, for model tests`);
  return ms;
}

export interface Model {
  machine: AnyStateMachine;
  input: unknown;
  model: TestModel<Snap, AnyEventObject, unknown>;
  sources: Map<string, string>;
}

export type ModelPath = TestPath<Snap, AnyEventObject>;

export function createModel(options: ModelOptions): Model {
  const { machine, events: variants } = options;
  const model = new TestModel<Snap, AnyEventObject, unknown>(
    machine as unknown as ActorLogic<Snap, AnyEventObject, unknown>,
    {
      input: options.input,
      // As createTestModel: a state is its value and context plus the transition into it, so the
      // shortest paths cover every transition and not only every state.
      serializeState: (state, event, prev) =>
        serializeSnapshot(state) +
        (event && prev && JSON.stringify(prev.value) !== JSON.stringify(state.value)
          ? ` via ${JSON.stringify(event)} from ${JSON.stringify(prev.value)}`
          : ''),
      stateMatcher: (state, key) => key === leafKey(state.value),
      // A final state takes no more events, although it still lists its ancestors' handlers.
      events: (state) =>
        (state.status === 'done' ? [] : ownEventTypes(state)).flatMap((type) => {
          const listed = variants.filter((e) => e.type === type);
          if (listed.length > 0) return listed;
          if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
            throw new Error(`list the payloads of ${type} in the model events`);
          }
          return [{ type }];
        }),
      filterEvents: options.filterEvents,
    },
  );
  return { machine, input: options.input, model, sources: invokeSources(machine) };
}

export type StateAssertions<TSnapshot extends Snap> = Record<
  string,
  (snapshot: TSnapshot, sut: SystemUnderTest<AnyStateMachine>) => void
>;

export interface SystemUnderTest<TMachine extends AnyStateMachine> {
  actor: Actor<TMachine>;
  fakes: FakeActors;
  clock: TrackingClock;
}

/** Starts the machine with fake actors for every invoke and a clock the test moves. */
export function startSut<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input?: unknown,
): SystemUnderTest<TMachine> {
  const fakes = new FakeActors();
  const clock = new TrackingClock();
  const names = [...new Set(invokeSources(machine).values())];
  const provided: AnyStateMachine = machine.provide({ actors: fakes.logics(names) });
  const actor = createActor(provided, { input, clock });
  actor.start();
  return { actor: actor as unknown as Actor<TMachine>, fakes, clock };
}

/**
 * Runs one generated path against a fresh actor: every step's event is executed, then the state
 * reached is checked against the model (same leaf state, same context) and its assertion.
 */
export async function runPath<TSnapshot extends Snap>(
  setup: Model,
  path: ModelPath,
  assertions: StateAssertions<TSnapshot>,
): Promise<void> {
  const { machine } = setup;
  const sut = startSut(machine, setup.input);
  const srcOf = (id: string): string => {
    const src = setup.sources.get(id);
    if (!src) throw new Error(`unknown invoke id ${id}`);
    return src;
  };
  const exec = async (event: AnyEventObject): Promise<void> => {
    const { type } = event;
    const payload = event as AnyEvent;
    if (type === 'xstate.init') return;
    if (type.startsWith('xstate.done.actor.')) {
      await sut.fakes.resolve(srcOf(type.slice('xstate.done.actor.'.length)), payload['output']);
    } else if (type.startsWith('xstate.error.actor.')) {
      await sut.fakes.reject(srcOf(type.slice('xstate.error.actor.'.length)), payload['error']);
    } else if (type.startsWith('xstate.after.')) {
      const ref = type.slice('xstate.after.'.length).split('.')[0] ?? '';
      sut.clock.fireTimer(delayMs(machine, ref, sut.actor.getSnapshot().context));
      await flush();
    } else {
      sut.actor.send(event);
      await flush();
    }
  };
  const states: Record<string, (state: Snap) => void> = {};
  for (const [key, assert] of Object.entries(assertions)) {
    states[key] = (state) => {
      const snapshot = sut.actor.getSnapshot() as TSnapshot;
      expect(leafKey(snapshot.value)).toBe(key);
      expect(snapshot.context).toEqual(state.context);
      assert(snapshot, sut);
    };
  }
  states['*'] = (state) => {
    throw new Error(`no assertion for state ${leafKey(state.value)}`);
  };
  const types = new Set(path.steps.map((s) => s.event.type));
  const events = Object.fromEntries(
    [...types].map((type) => [type, (step: { event: AnyEventObject }) => exec(step.event)]),
  );
  await path.test({ states, events });
  sut.actor.stop();
}

/** The leaf keys of every state the traversal reaches: each needs an assertion, and no assertion may be stale. */
export function reachableLeafKeys(setup: Model): string[] {
  const adjacency = setup.model.getAdjacencyMap();
  return [...new Set(Object.values(adjacency).map((v) => leafKey(v.state.value)))].sort();
}

/**
 * The leaf keys of every state the machine declares, walked from its root: what the paths must
 * reach. A state left at once by an unguarded eventless transition is never at rest, so no path
 * can end or stop in it; it is left out.
 */
export function allLeafKeys(machine: AnyStateMachine): string[] {
  const transient = (node: (typeof machine.root)['states'][string]) =>
    node.always?.some((transition) => !transition.guard) ?? false;
  return getStateNodes(machine)
    .filter((node) => node.path.length > 0 && Object.keys(node.states).length === 0 && !transient(node))
    .map((node) => node.path.join('.'))
    .sort();
}

/** The leaf keys of every state the generated paths pass through or end in, each once. */
export function pathLeafKeys(paths: readonly ModelPath[]): string[] {
  const states = paths.flatMap((path) => [...path.steps.map((step) => step.state), path.state]);
  return [...new Set(states.map((state) => leafKey(state.value)))].sort();
}

/** Short, readable test names: the target state and the events with their payloads. */
export function pathName(path: ModelPath): string {
  const events = path.steps
    .map((s) => s.event)
    .filter((e) => e.type !== 'xstate.init')
    .map((e) => {
      const { type, ...rest } = e;
      const short = type
        .replace(/^xstate\.(done|error)\.actor\./, '$1:')
        .replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1');
      return Object.keys(rest).length ? `${short}${JSON.stringify(rest)}` : short;
    });
  return `${leafKey(path.state.value)} <- ${events.join(' > ') || '(start)'}`;
}

/**
 * The shortest and the simple paths of a (filtered) model: together they reach every state the
 * model can reach, and each path is one test.
 */
export function describeShortestAndSimplePaths<TSnapshot extends Snap>(
  setup: Model,
  assertions: StateAssertions<TSnapshot>,
): void {
  const shortest = setup.model.getShortestPaths();
  const simple = setup.model.getSimplePaths();
  it('reaches every state the model can reach, by shortest and by simple paths', () => {
    expect(pathLeafKeys(shortest)).toEqual(reachableLeafKeys(setup));
    expect(pathLeafKeys(simple)).toEqual(reachableLeafKeys(setup));
  });
  describe('shortest', () => {
    for (const path of shortest) it(pathName(path), () => runPath(setup, path, assertions));
  });
  describe('simple', () => {
    for (const path of simple) it(pathName(path), () => runPath(setup, path, assertions));
  });
}
