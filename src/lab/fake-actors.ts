import { fromPromise, type AnyActorLogic } from 'xstate';
import { parseJson } from './json.ts';

export interface ActorSettings {
  mode: 'succeed' | 'fail';
  /** JSON the actor resolves with when it succeeds. */
  result: string;
  /** JSON the actor rejects with when it fails (e.g. {"code": "INVALID_PROMO"}). */
  error: string;
  /** Keep calls pending until the tester releases them, to look at the waiting state. */
  hold: boolean;
}

export interface PendingCall {
  id: number;
  actor: string;
  input: unknown;
}

interface Call extends PendingCall {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Promise actors whose outcome the tester chooses: succeed or fail, at once or on release. */
export class FakeActors {
  private settings: Record<string, ActorSettings>;
  private calls: Call[] = [];
  private nextId = 1;
  onChange: () => void = () => {};

  constructor(defaults: Record<string, ActorSettings>) {
    this.settings = defaults;
  }

  get names(): string[] {
    return Object.keys(this.settings);
  }

  settingsOf(name: string): ActorSettings {
    const settings = this.settings[name];
    if (!settings) throw new Error(`unknown actor ${name}`);
    return settings;
  }

  allSettings(): Record<string, ActorSettings> {
    return this.settings;
  }

  pending(): PendingCall[] {
    return this.calls.map(({ id, actor, input }) => ({ id, actor, input }));
  }

  update(name: string, change: Partial<ActorSettings>): void {
    this.settings = { ...this.settings, [name]: { ...this.settingsOf(name), ...change } };
    this.onChange();
  }

  logics(): Record<string, AnyActorLogic> {
    return Object.fromEntries(
      this.names.map((name) => [
        name,
        fromPromise(
          ({ input, signal }) =>
            new Promise((resolve, reject) => {
              const call: Call = { id: this.nextId++, actor: name, input, resolve, reject };
              if (this.settingsOf(name).hold) {
                this.calls = [...this.calls, call];
                // The state that invoked it was left: nobody waits for this call any more.
                signal.addEventListener('abort', () => this.drop(call.id));
                this.onChange();
              } else {
                this.settle(call);
              }
            }),
        ),
      ]),
    );
  }

  /** Settles a held call with the actor's settings as they are now. */
  release(id: number): void {
    const call = this.calls.find((c) => c.id === id);
    if (!call) return;
    this.calls = this.calls.filter((c) => c !== call);
    this.settle(call);
    this.onChange();
  }

  /** Forgets held calls (their actors were stopped with the machine). */
  clear(): void {
    this.calls = [];
    this.onChange();
  }

  private drop(id: number): void {
    if (!this.calls.some((c) => c.id === id)) return;
    this.calls = this.calls.filter((c) => c.id !== id);
    this.onChange();
  }

  private settle(call: Call): void {
    const settings = this.settingsOf(call.actor);
    if (settings.mode === 'succeed') {
      const result = parseJson(settings.result);
      if (result.ok) call.resolve(result.value);
      else call.reject({ code: 'LAB_INVALID_JSON', message: `${call.actor} result: ${result.message}` });
    } else {
      const error = parseJson(settings.error);
      call.reject(
        error.ok ? error.value : { code: 'LAB_INVALID_JSON', message: `${call.actor} error: ${error.message}` },
      );
    }
  }
}
