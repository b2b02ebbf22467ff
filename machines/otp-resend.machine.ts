import { assign, fromPromise, setup } from 'xstate';

/** The server lets a new code go out once a minute (server/services/accounts/otp.service.ts). */
export const OTP_RESEND_COOLDOWN_S = 60;

/** How a refused resend comes back from the app's actor: its message, and the wait when the server named one. */
export interface ResendFailure {
  message: string;
  retryAfterSeconds?: number;
}

export type OtpResendEvent = { type: 'otp.resend' };

export interface OtpResendContext {
  secondsLeft: number;
  /** The last resend's outcome, for the screen to show: a new code went out, or why not. */
  notice: { ok: true } | { ok: false; message: string } | null;
}

function retryAfterOf(error: unknown): number {
  const seconds = (error as Partial<ResendFailure> | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0;
}

function messageOf(error: unknown): string {
  const message = (error as Partial<ResendFailure> | null)?.message;
  return typeof message === 'string' ? message : '';
}

/**
 * The resend button of a code screen: counting down (the button shows the seconds left), ready,
 * or sending. A refusal that names a wait (the server's own cooldown) counts that down instead.
 *
 * checking -> cooling --(1 s ticks to 0)--> ready --otp.resend--> sending --done--> cooling
 *                                                                    \--error--> checking
 */
export const otpResendMachine = setup({
  types: {
    input: {} as { secondsLeft: number },
    context: {} as OtpResendContext,
    events: {} as OtpResendEvent,
  },
  actors: {
    resendCode: fromPromise<void>(async () => {
      throw new Error('resendCode not provided');
    }),
  },
  actions: {
    countDown: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
  },
  guards: {
    isCooling: ({ context }) => context.secondsLeft > 0,
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'otpResend',
  context: ({ input }) => ({
    secondsLeft: Math.max(0, Math.min(OTP_RESEND_COOLDOWN_S, Math.ceil(input.secondsLeft))),
    notice: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isCooling', target: 'cooling' }, { target: 'ready' }],
    },
    cooling: {
      after: {
        tick: [
          { guard: 'isLastSecond', target: 'ready', actions: 'countDown' },
          { target: 'cooling', reenter: true, actions: 'countDown' },
        ],
      },
    },
    ready: {
      on: { 'otp.resend': 'sending' },
    },
    sending: {
      invoke: {
        src: 'resendCode',
        onDone: { target: 'cooling', actions: assign({ secondsLeft: OTP_RESEND_COOLDOWN_S, notice: { ok: true } }) },
        onError: {
          target: 'checking',
          actions: assign({
            secondsLeft: ({ event }) => retryAfterOf(event.error),
            notice: ({ event }) => ({ ok: false, message: messageOf(event.error) }),
          }),
        },
      },
    },
  },
});
