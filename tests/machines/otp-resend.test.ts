import { describe, expect, it } from 'vitest';
import { OTP_RESEND_COOLDOWN_S, otpResendMachine } from '../../machines/otp-resend.machine.ts';
import { startSut } from './model-harness.ts';

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
    expect(startSut(otpResendMachine, { secondsLeft: 500 }).actor.getSnapshot().context.secondsLeft).toBe(OTP_RESEND_COOLDOWN_S);
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
    await fakes.reject('resendCode', { message: 'Please wait 42 seconds before asking for a new code.', retryAfterSeconds: 42 });
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context.secondsLeft).toBe(42);

    const other = startSut(otpResendMachine, { secondsLeft: 0 });
    other.actor.send({ type: 'otp.resend' });
    await other.fakes.reject('resendCode', { message: 'The code has expired. Ask for a new one.' });
    expect(other.actor.getSnapshot().value).toBe('ready');
    expect(other.actor.getSnapshot().context.notice).toEqual({ ok: false, message: 'The code has expired. Ask for a new one.' });
  });
});
