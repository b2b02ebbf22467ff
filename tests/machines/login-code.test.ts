import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { loginCodeMachine } from '../../machines/login-code.machine.ts';
import {
  createModel,
  flush,
  invokeIds,
  pathName,
  placeholderErrors,
  reachableLeafKeys,
  runPath,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

const PHONE = '9876543210';
const TOKEN = 'login-token-1';
const SEND_FAILED = { message: 'Too many requests. Please try again in 60 seconds.' };
const VERIFY_FAILED = { message: 'The code is not correct. 4 tries left.' };

describe('login-code machine', () => {
  it('fails loudly when the app forgets to provide an effect', async () => {
    expect(await placeholderErrors(loginCodeMachine)).toEqual({
      sendCode: 'sendCode not provided',
      verifyCode: 'verifyCode not provided',
    });
  });

  it('sends to the number typed, then checks the code for that number, then logs in and goes on once', async () => {
    const setLoginMarker = vi.fn();
    const goOn = vi.fn();
    const sendCode = vi.fn(async (_input: { phone: string }) => ({ otpToken: TOKEN }));
    const verifyCode = vi.fn(async (_input: { phone: string; code: string }) => {});
    const actor = createActor(
      loginCodeMachine.provide({
        actors: {
          sendCode: fromPromise(({ input }: { input: { phone: string } }) => sendCode(input)),
          verifyCode: fromPromise(({ input }: { input: { phone: string; code: string } }) => verifyCode(input)),
        },
        actions: { setLoginMarker, goOn },
      }),
    ).start();
    expect(actor.getSnapshot().can({ type: 'code.verify', code: '123456' })).toBe(false);
    actor.send({ type: 'code.send', phone: PHONE });
    await flush();
    expect(sendCode).toHaveBeenCalledWith({ phone: PHONE });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context).toEqual({ phone: PHONE, otpToken: TOKEN, error: null });
    expect(actor.getSnapshot().can({ type: 'code.send', phone: PHONE })).toBe(false);
    actor.send({ type: 'code.verify', code: '123456' });
    await flush();
    expect(verifyCode).toHaveBeenCalledWith({ phone: PHONE, code: '123456' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(setLoginMarker).toHaveBeenCalledTimes(1);
    expect(goOn).toHaveBeenCalledTimes(1);
  });

  it('keeps the number and the failure when a send fails, and the code step on a wrong code', async () => {
    const { actor, fakes } = startSut(loginCodeMachine);
    actor.send({ type: 'code.send', phone: PHONE });
    await fakes.reject('sendCode', SEND_FAILED);
    expect(actor.getSnapshot().value).toBe('enteringPhone');
    expect(actor.getSnapshot().context).toEqual({ phone: PHONE, otpToken: null, error: SEND_FAILED });
    actor.send({ type: 'code.send', phone: PHONE });
    expect(actor.getSnapshot().context.error).toBeNull();
    await fakes.resolve('sendCode', { otpToken: TOKEN });
    actor.send({ type: 'code.verify', code: '000000' });
    expect(actor.getSnapshot().can({ type: 'code.verify', code: '000000' })).toBe(false);
    await fakes.reject('verifyCode', VERIFY_FAILED);
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context).toEqual({ phone: PHONE, otpToken: TOKEN, error: VERIFY_FAILED });
    actor.send({ type: 'phone.change' });
    expect(actor.getSnapshot().value).toBe('enteringPhone');
    expect(actor.getSnapshot().context).toEqual({ phone: PHONE, otpToken: null, error: null });
  });
});

type Snapshot = SnapshotFrom<typeof loginCodeMachine>;

const assertions: StateAssertions<Snapshot> = {
  enteringPhone: (snapshot) => {
    expect(snapshot.context.otpToken).toBeNull();
    expect(snapshot.can({ type: 'code.send', phone: PHONE })).toBe(true);
    expect(snapshot.can({ type: 'code.verify', code: '123456' })).toBe(false);
  },
  sending: (snapshot, sut) => {
    expect(sut.fakes.lastInput('sendCode')).toEqual({ phone: PHONE });
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.can({ type: 'code.send', phone: PHONE })).toBe(false);
  },
  enteringCode: (snapshot) => {
    expect(snapshot.context.otpToken).toBe(TOKEN);
    expect(snapshot.can({ type: 'code.verify', code: '123456' })).toBe(true);
    expect(snapshot.can({ type: 'phone.change' })).toBe(true);
  },
  verifying: (snapshot, sut) => {
    expect(sut.fakes.lastInput('verifyCode')).toEqual({ phone: PHONE, code: '123456' });
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.can({ type: 'phone.change' })).toBe(false);
  },
  loggedIn: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.otpToken).toBe(TOKEN);
  },
};

const ids = invokeIds(loginCodeMachine);
const events = [
  { type: 'code.send', phone: PHONE },
  { type: 'code.verify', code: '123456' },
  { type: `xstate.done.actor.${ids['sendCode']}`, output: { otpToken: TOKEN } },
  { type: `xstate.error.actor.${ids['sendCode']}`, error: SEND_FAILED },
  { type: `xstate.done.actor.${ids['verifyCode']}`, output: undefined },
  { type: `xstate.error.actor.${ids['verifyCode']}`, error: VERIFY_FAILED },
];

describe('login-code model', () => {
  const setup = createModel({ machine: loginCodeMachine, events });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  const shortest = setup.model.getShortestPaths();
  const simple = setup.model.getSimplePaths();
  it('generates the expected number of paths', () => {
    expect([shortest.length, simple.length]).toEqual([5, 8]);
  });
  describe('shortest paths', () => {
    for (const path of shortest) it(pathName(path), () => runPath(setup, path, assertions));
  });
  describe('simple paths', () => {
    for (const path of simple) it(pathName(path), () => runPath(setup, path, assertions));
  });
});
