import { describe, expect, it } from 'vitest';
import { SIGNUP_SUCCESS_DIALOG_MS, socialSignupMachine } from '../../machines/social-signup.machine.ts';
import { startSut } from './model-harness.ts';

const values = { first_name: 'Asha', last_name: 'Rao', email: 'asha@gmail.com', phone: '9876543210', agreeLegal: true, agreeRules: true, agreeAge: true };

function start() {
  const done: string[] = [];
  const machine = socialSignupMachine.provide({
    actions: {
      clearDraft: () => void done.push('clearDraft'),
      setLoginMarker: () => void done.push('setLoginMarker'),
      goHome: () => void done.push('goHome'),
    },
  });
  return { ...startSut(machine), done };
}

describe('social-signup machine', () => {
  it('submits the values, shows the message for exactly SIGNUP_SUCCESS_DIALOG_MS, then clears the draft, sets the marker and goes home', async () => {
    const { actor, fakes, clock, done } = start();
    actor.send({ type: 'signup.submit', values });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fakes.lastInput('submitSignup')).toEqual(values);
    await fakes.resolve('submitSignup', { message: 'Welcome!' });
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.message).toBe('Welcome!');
    clock.increment(SIGNUP_SUCCESS_DIALOG_MS - 1);
    expect(done).toEqual([]);
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(done).toEqual(['clearDraft', 'setLoginMarker', 'goHome']);
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
