import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * Login with a code by SMS: the mobile number, a code sent to it, the code checked. The resend
 * button of the code step is otpResendMachine's; this machine knows nothing of the countdown.
 */
export type LoginCodeEvent =
  | { type: 'code.send'; phone: string }
  | { type: 'code.verify'; code: string }
  | { type: 'phone.change' }
  | { type: 'error.dismiss' };

export interface LoginCodeContext {
  /** The 10-digit number the code went to (or is going to). */
  phone: string;
  /** Names the code request for a resend; null before a code went out. */
  otpToken: string | null;
  /** What the last send or check failed with; the screen turns it into words. */
  error: unknown;
}

/**
 * enteringPhone --code.send--> sending --done--> enteringCode --code.verify--> verifying --done--> loggedIn
 *        ^                        \--error--> enteringPhone        ^  \--phone.change--> enteringPhone
 *        |                                                         \------error------- verifying
 */
export const loginCodeMachine = setup({
  types: {
    context: {} as LoginCodeContext,
    events: {} as LoginCodeEvent,
  },
  actors: {
    sendCode: fromPromise<{ otpToken: string }, { phone: string }>(async () => {
      throw new Error('sendCode not provided');
    }),
    verifyCode: fromPromise<void, { phone: string; code: string }>(async () => {
      throw new Error('verifyCode not provided');
    }),
  },
  actions: {
    setLoginMarker: () => {},
    goOn: () => {},
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'loginCode',
  context: { phone: '', otpToken: null, error: null },
  initial: 'enteringPhone',
  states: {
    enteringPhone: {
      on: {
        'code.send': {
          target: 'sending',
          actions: assign({
            phone: ({ event }) => event.phone,
            error: null,
          }),
        },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    sending: {
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: {
          target: 'enteringCode',
          actions: assign({ otpToken: ({ event }) => event.output.otpToken, error: null }),
        },
        onError: { target: 'enteringPhone', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    enteringCode: {
      on: {
        'code.verify': { target: 'verifying', actions: 'clearError' },
        'phone.change': { target: 'enteringPhone', actions: assign({ otpToken: null, error: null }) },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    verifying: {
      invoke: {
        src: 'verifyCode',
        input: ({ context, event }) => {
          assertEvent(event, 'code.verify');
          return { phone: context.phone, code: event.code };
        },
        onDone: 'loggedIn',
        onError: { target: 'enteringCode', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loggedIn: {
      type: 'final',
      entry: ['setLoginMarker', 'goOn'],
    },
  },
});
