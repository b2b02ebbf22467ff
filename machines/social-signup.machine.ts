import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SocialSignupValues } from '../domain/validation.ts';

/** Spec section 9: the sign-up success message stays up for 1 second before the user goes to /. */
export const SIGNUP_SUCCESS_DIALOG_MS = 1000;

export type SocialSignupEvent =
  { type: 'signup.submit'; values: SocialSignupValues } | { type: 'failure.dismiss' } | { type: 'success.continue' };

export interface SocialSignupContext {
  /** The server's message on success. */
  message: string;
  /** What the submit failed with; the screen turns it into the spec's message order. */
  error: unknown;
}

/**
 * The social sign-up submit (spec sections 2 and 8): editing, submitting ('Loading...'),
 * succeeded (the server's message for 1 second, then the draft is cleared, the login marker
 * set and the user sent to /), or failed ('Social Signup Failed' until OK).
 */
export const socialSignupMachine = setup({
  types: {
    context: {} as SocialSignupContext,
    events: {} as SocialSignupEvent,
  },
  actors: {
    submitSignup: fromPromise<{ message: string }, SocialSignupValues>(async () => {
      throw new Error('submitSignup not provided');
    }),
  },
  actions: {
    clearDraft: () => {},
    setLoginMarker: () => {},
    goHome: () => {},
  },
  delays: { successShown: SIGNUP_SUCCESS_DIALOG_MS },
}).createMachine({
  id: 'socialSignup',
  context: { message: '', error: null },
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
        onDone: { target: 'succeeded', actions: assign({ message: ({ event }) => event.output.message, error: null }) },
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
      entry: ['clearDraft', 'setLoginMarker', 'goHome'],
    },
  },
});
