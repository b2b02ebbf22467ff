import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { OTP_RESEND_COOLDOWN_S, otpResendMachine } from '../../machines/otp-resend.machine.ts';
import {
  createModel,
  describeShortestAndSimplePaths,
  invokeIds,
  reachableLeafKeys,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

describe('otp-resend machine', () => {
  it('counts the seconds left down once a second, then is ready', () => {
    const { actor, clock } = startSut(otpResendMachine, { secondsLeft: 2.4 });
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context.secondsLeft).toBe(3);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    clock.increment(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(2);
    clock.increment(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(true);
  });

  it('starts ready when the cooldown is over and never counts more than the server cooldown', () => {
    expect(startSut(otpResendMachine, { secondsLeft: -30 }).actor.getSnapshot().value).toBe('ready');
    expect(startSut(otpResendMachine, { secondsLeft: 500 }).actor.getSnapshot().context.secondsLeft).toBe(
      OTP_RESEND_COOLDOWN_S,
    );
  });

  it('sends, then counts a full cooldown and says a code went out', async () => {
    const { actor, fakes } = startSut(otpResendMachine, { secondsLeft: 0 });
    actor.send({ type: 'otp.resend' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    await fakes.resolve('resendCode', undefined);
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context).toEqual({ secondsLeft: OTP_RESEND_COOLDOWN_S, notice: { ok: true } });
  });

  it("follows the wait a refusal names, or is ready again at once with the refusal's message", async () => {
    const { actor, fakes } = startSut(otpResendMachine, { secondsLeft: 0 });
    actor.send({ type: 'otp.resend' });
    await fakes.reject('resendCode', {
      message: 'Please wait 42 seconds before asking for a new code.',
      retryAfterSeconds: 42,
    });
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context.secondsLeft).toBe(42);

    const other = startSut(otpResendMachine, { secondsLeft: 0 });
    other.actor.send({ type: 'otp.resend' });
    await other.fakes.reject('resendCode', { message: 'The code has expired. Ask for a new one.' });
    expect(other.actor.getSnapshot().value).toBe('ready');
    expect(other.actor.getSnapshot().context.notice).toEqual({
      ok: false,
      message: 'The code has expired. Ask for a new one.',
    });
  });
});

type Snapshot = SnapshotFrom<typeof otpResendMachine>;

const assertions: StateAssertions<Snapshot> = {
  cooling: (snapshot, sut) => {
    expect(snapshot.context.secondsLeft).toBeGreaterThan(0);
    expect(snapshot.context.secondsLeft).toBeLessThanOrEqual(OTP_RESEND_COOLDOWN_S);
    expect(sut.clock.pendingTimeouts()).toEqual([1000]);
    expect(snapshot.can({ type: 'otp.resend' })).toBe(false);
  },
  ready: (snapshot, sut) => {
    expect(snapshot.context.secondsLeft).toBe(0);
    expect(sut.clock.pendingTimeouts()).toEqual([]);
    expect(snapshot.can({ type: 'otp.resend' })).toBe(true);
  },
  sending: (snapshot, sut) => {
    expect(sut.fakes.count('resendCode')).toBeGreaterThan(0);
    expect(sut.clock.pendingTimeouts()).toEqual([]);
    expect(snapshot.can({ type: 'otp.resend' })).toBe(false);
  },
};

// The machine leaves the invoke id to XState, so the done and error events are named after it.
const ids = invokeIds(otpResendMachine);
const events = [
  { type: `xstate.done.actor.${ids['resendCode']}`, output: undefined },
  // The server's cooldown, a short one so the paths stay short.
  {
    type: `xstate.error.actor.${ids['resendCode']}`,
    error: { message: 'Please wait 2 seconds before asking for a new code.', retryAfterSeconds: 2 },
  },
  { type: `xstate.error.actor.${ids['resendCode']}`, error: { message: 'The code has expired. Ask for a new one.' } },
];

describe.each([2, 0] as const)('otp-resend model (seconds left at start: %s)', (secondsLeft) => {
  const setup = createModel({ machine: otpResendMachine, input: { secondsLeft }, events });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  describeShortestAndSimplePaths(setup, assertions);
});
