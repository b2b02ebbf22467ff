import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { SIGNUP_SUCCESS_DIALOG_MS, socialSignupMachine } from '../../machines/social-signup.machine.ts';
import {
  createModel,
  describeShortestAndSimplePaths,
  invokeIds,
  placeholderErrors,
  reachableLeafKeys,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

const values = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@gmail.com',
  phone: '9876543210',
  agreeLegal: true,
  agreeRules: true,
  agreeAge: true,
};

function start() {
  const done: string[] = [];
  const machine = socialSignupMachine.provide({
    actions: {
      clearDraft: () => void done.push('clearDraft'),
      goToCode: (_, { otpToken }) => void done.push(`goToCode ${otpToken}`),
    },
  });
  return { ...startSut(machine), done };
}

describe('social-signup machine', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(socialSignupMachine)).toEqual({ submitSignup: 'submitSignup not provided' });
  });

  it('submits the values, shows the message for exactly SIGNUP_SUCCESS_DIALOG_MS, then clears the draft and goes to the code with its request', async () => {
    const { actor, fakes, clock, done } = start();
    actor.send({ type: 'signup.submit', values });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fakes.lastInput('submitSignup')).toEqual(values);
    await fakes.resolve('submitSignup', { message: 'Code sent.', otpToken: 'tok-1' });
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.message).toBe('Code sent.');
    clock.increment(SIGNUP_SUCCESS_DIALOG_MS - 1);
    expect(done).toEqual([]);
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(done).toEqual(['clearDraft', 'goToCode tok-1']);
    expect(SIGNUP_SUCCESS_DIALOG_MS).toBe(1000);
  });

  it('ignores a second submit while one is running', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'signup.submit', values });
    actor.send({ type: 'signup.submit', values });
    expect(fakes.count('submitSignup')).toBe(1);
  });

  it('keeps the failure until OK, then edits again; nothing is cleared', async () => {
    const { actor, fakes, done } = start();
    actor.send({ type: 'signup.submit', values });
    const error = new Error('Please sign in with Google again.');
    await fakes.reject('submitSignup', error);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(error);
    actor.send({ type: 'failure.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(done).toEqual([]);
  });
});

type Snapshot = SnapshotFrom<typeof socialSignupMachine>;

/** The side effects each actor asked for, in order. */
const effects = new Map<AnyActorRef, string[]>();
const record =
  (name: string) =>
  ({ self }: { self: AnyActorRef }) =>
    void effects.set(self, [...(effects.get(self) ?? []), name]);
const machine = socialSignupMachine.provide({
  actions: {
    clearDraft: record('clearDraft'),
    goToCode: (args, { otpToken }) => record(`goToCode ${otpToken}`)(args),
  },
});

const welcome = 'We have sent a 6-digit code to your phone.';
const otpToken = 'challenge-1';
const assertions: StateAssertions<Snapshot> = {
  editing: (snapshot, sut) => {
    expect(snapshot.can({ type: 'signup.submit', values })).toBe(true);
    expect(snapshot.can({ type: 'failure.dismiss' })).toBe(false);
    expect(effects.get(sut.actor)).toBeUndefined();
  },
  submitting: (snapshot, sut) => {
    expect(sut.fakes.lastInput('submitSignup')).toEqual(values);
    expect(snapshot.can({ type: 'signup.submit', values })).toBe(false);
    expect(sut.clock.pendingTimeouts()).toEqual([]);
  },
  succeeded: (snapshot, sut) => {
    expect(snapshot.context).toEqual({ message: welcome, otpToken, error: null });
    expect(sut.clock.pendingTimeouts()).toEqual([SIGNUP_SUCCESS_DIALOG_MS]);
    expect(snapshot.can({ type: 'success.continue' })).toBe(true);
    expect(effects.get(sut.actor)).toBeUndefined();
  },
  failed: (snapshot, sut) => {
    expect(snapshot.context.error).not.toBeNull();
    expect(snapshot.can({ type: 'failure.dismiss' })).toBe(true);
    expect(snapshot.can({ type: 'signup.submit', values })).toBe(false);
    expect(effects.get(sut.actor)).toBeUndefined();
  },
  done: (snapshot, sut) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.message).toBe(welcome);
    expect(sut.clock.pendingTimeouts()).toEqual([]);
    expect(effects.get(sut.actor)).toEqual(['clearDraft', `goToCode ${otpToken}`]);
  },
};

// The machine leaves the invoke id to XState, so the done and error events are named after it.
const ids = invokeIds(socialSignupMachine);

describe('social-signup model', () => {
  const setup = createModel({
    machine,
    events: [
      { type: 'signup.submit', values },
      { type: `xstate.done.actor.${ids['submitSignup']}`, output: { message: welcome, otpToken } },
      // A refusal with only a message, and one that names a field (the screen shows it there too).
      { type: `xstate.error.actor.${ids['submitSignup']}`, error: { message: 'Please sign in with Google again.' } },
      {
        type: `xstate.error.actor.${ids['submitSignup']}`,
        error: {
          response: {
            status: 422,
            data: {
              message: 'This phone number is already registered.',
              fields: { phone: 'This phone number is already registered.' },
            },
          },
        },
      },
    ],
  });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  describeShortestAndSimplePaths(setup, assertions);
});
