import { assign, fromPromise, setup } from 'xstate';

/** What the browser allows: no Web Push at all, or Notification.permission. */
export type PushPermission = 'unsupported' | 'default' | 'granted' | 'denied';

export type NotifyOfferEvent =
  { type: 'notify.accept' } | { type: 'notify.decline' } | { type: 'notify.retry' } | { type: 'notify.close' };

/** Thrown by the subscribe actor when the player says no in the browser's own prompt. */
export class PermissionRefusedError extends Error {
  constructor() {
    super('notification permission refused');
    this.name = 'PermissionRefusedError';
  }
}

/**
 * The notifications offer (spec: notification popup). For a logged-in player whose browser can
 * take Web Push: if they already allowed it, the subscription is quietly renewed (it moves with
 * the account and the language); if the browser has not been asked and they did not decline
 * lately, the offer is shown. Accepting asks the browser's permission and subscribes; declining,
 * here or in the browser's prompt, is remembered, so the offer comes back only after a long while.
 */
export const notifyOfferMachine = setup({
  types: {
    input: {} as { declinedRecently: boolean },
    context: {} as { declinedRecently: boolean; error: string | null },
    events: {} as NotifyOfferEvent,
  },
  actors: {
    inspect: fromPromise<PushPermission>(async () => {
      throw new Error('inspect not provided');
    }),
    subscribe: fromPromise<void, { prompt: boolean }>(async () => {
      throw new Error('subscribe not provided');
    }),
  },
  actions: {
    rememberDecline: () => {},
  },
  guards: {
    alreadyAllowed: (_, params: { permission: PushPermission }) => params.permission === 'granted',
    mayOffer: ({ context }, params: { permission: PushPermission }) =>
      params.permission === 'default' && !context.declinedRecently,
    refusedInBrowser: (_, params: { error: unknown }) => params.error instanceof PermissionRefusedError,
  },
  delays: {
    /** How long 'Notifications are on' stays before the bar goes. */
    confirmation: 4000,
  },
}).createMachine({
  id: 'notifyOffer',
  context: ({ input }) => ({ declinedRecently: input.declinedRecently, error: null }),
  initial: 'inspecting',
  states: {
    inspecting: {
      invoke: {
        id: 'inspect',
        src: 'inspect',
        onDone: [
          {
            guard: { type: 'alreadyAllowed', params: ({ event }) => ({ permission: event.output }) },
            target: 'renewing',
          },
          { guard: { type: 'mayOffer', params: ({ event }) => ({ permission: event.output }) }, target: 'offering' },
          { target: 'quiet' },
        ],
        onError: { target: 'quiet' },
      },
    },
    /** Permission was given before: subscribe again without asking (same endpoint, this account). */
    renewing: {
      invoke: {
        id: 'renew',
        src: 'subscribe',
        input: { prompt: false },
        onDone: { target: 'quiet' },
        onError: { target: 'quiet' },
      },
    },
    offering: {
      on: {
        'notify.accept': { target: 'subscribing' },
        'notify.decline': { target: 'declined' },
      },
    },
    subscribing: {
      entry: assign({ error: null }),
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: { prompt: true },
        onDone: { target: 'subscribed' },
        onError: [
          { guard: { type: 'refusedInBrowser', params: ({ event }) => ({ error: event.error }) }, target: 'declined' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
            }),
          },
        ],
      },
    },
    subscribed: {
      after: { confirmation: { target: 'done' } },
      on: { 'notify.close': { target: 'done' } },
    },
    failed: {
      on: {
        'notify.retry': { target: 'subscribing' },
        'notify.decline': { target: 'declined' },
      },
    },
    declined: { type: 'final', entry: 'rememberDecline' },
    quiet: { type: 'final' },
    done: { type: 'final' },
  },
});
