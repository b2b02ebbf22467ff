import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SocialSignupValues } from '../domain/validation.ts';

/** Spec section 9: the sign-up success message stays up for 1 second before the user goes on. */
export const SIGNUP_SUCCESS_DIALOG_MS = 1000;

export type SocialSignupEvent =
  { type: 'signup.submit'; values: SocialSignupValues } | { type: 'failure.dismiss' } | { type: 'success.continue' };

export interface SocialSignupContext {
  /** The server's message on success. */
  message: string;
  /** The sign-up code's request the server answered with, for /otp. */
  otpToken: string;
  /** What the submit failed with; the screen turns it into the spec's message order. */
  error: unknown;
}

/**
 * The social sign-up submit (spec sections 2 and 8): editing, submitting ('Loading...'),
 * succeeded (the server's message for 1 second, then the draft is cleared and the user goes on
 * to the code sent to their phone, /otp, which logs them in and lands on /), or failed ('Social
 * Signup Failed' until OK). The code is the one step the spec does not show: Google proves the
 * e-mail, not the phone number (social.service.ts).
 */
export const socialSignupMachine = setup({
  types: {
    context: {} as SocialSignupContext,
    events: {} as SocialSignupEvent,
  },
  actors: {
    submitSignup: fromPromise<{ message: string; otpToken: string }, SocialSignupValues>(async () => {
      throw new Error('submitSignup not provided');
    }),
  },
  actions: {
    clearDraft: () => {},
    goToCode: (_, _params: { otpToken: string }) => {},
  },
  delays: { successShown: SIGNUP_SUCCESS_DIALOG_MS },
}).createMachine({
  id: 'socialSignup',
  context: { message: '', otpToken: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'signup.submit': 'submitting' },
    },
    submitting: {
      invoke: {
        src: 'submitSignup',
        input: ({ event }) => {
          assertEvent(event, 'signup.submit');
          return event.values;
        },
        onDone: {
          target: 'succeeded',
          actions: assign({
            message: ({ event }) => event.output.message,
            otpToken: ({ event }) => event.output.otpToken,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    succeeded: {
      after: { successShown: 'done' },
      on: { 'success.continue': 'done' },
    },
    failed: {
      on: { 'failure.dismiss': 'editing' },
    },
    done: {
      type: 'final',
      entry: ['clearDraft', { type: 'goToCode', params: ({ context }) => ({ otpToken: context.otpToken }) }],
    },
  },
});
