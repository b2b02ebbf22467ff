import { assign, setup } from 'xstate';

/** 30 minutes without mouse move, key press or click ends the session (spec section 4). */
export const INACTIVITY_TIMEOUT_MS = 1_800_000;
/** After this long without activity the session is idle: still logged in, expiry running. */
export const IDLE_AFTER_MS = 60_000;

export type SessionEvent =
  | { type: 'session.login' }
  | { type: 'session.activity' }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' }
  | { type: 'session.acknowledge' };

/**
 * The browser side of the session: whether the login marker is present, when inactivity
 * ends it, and what a 401 does. The server enforces the same rules on its own; this machine
 * keeps the screen honest about them.
 *
 * active --(60 s quiet)--> idle --(rest of 30 min)--> expired --(OK)--> loggedOut
 * Activity in active restarts the short timer; activity in idle goes back to active, so the
 * expiry always falls exactly 30 minutes after the last activity.
 *
 * `quietForMs`: how long the page had been quiet when the machine started (the browser starts
 * it some seconds after the page loaded, src/app/watchers). Those seconds count: the expiry is
 * 30 minutes after the last activity the page saw, not after the machine's start.
 */
export const sessionMachine = setup({
  types: {
    input: {} as { loggedIn: boolean; quietForMs?: number },
    context: {} as { startedLoggedIn: boolean; quietForMs: number },
    events: {} as SessionEvent,
  },
  guards: {
    isLoggedInAtStart: ({ context }) => context.startedLoggedIn,
  },
  actions: {
    clearLoginMarker: () => {},
    redirectToLogin: () => {},
    redirectHome: () => {},
    noteActivity: assign({ quietForMs: 0 }),
  },
  delays: {
    idleAfter: ({ context }) => Math.max(0, IDLE_AFTER_MS - context.quietForMs),
    expireAfterIdle: ({ context }) => Math.max(0, INACTIVITY_TIMEOUT_MS - Math.max(IDLE_AFTER_MS, context.quietForMs)),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ startedLoggedIn: input.loggedIn, quietForMs: Math.max(0, input.quietForMs ?? 0) }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isLoggedInAtStart', target: 'active' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        'session.login': { target: 'active', actions: 'noteActivity' },
        'session.unauthorized': { target: 'loggedOut', actions: ['clearLoginMarker', 'redirectToLogin'] },
      },
    },
    active: {
      after: { idleAfter: 'idle' },
      on: {
        'session.activity': { target: 'active', reenter: true, actions: 'noteActivity' },
        'session.logout': { target: 'loggedOut', actions: 'clearLoginMarker' },
      },
    },
    idle: {
      after: { expireAfterIdle: { target: 'expired', actions: 'clearLoginMarker' } },
      on: {
        'session.activity': { target: 'active', actions: 'noteActivity' },
        'session.logout': { target: 'loggedOut', actions: 'clearLoginMarker' },
      },
    },
    expired: {
      on: {
        'session.acknowledge': { target: 'loggedOut', actions: 'redirectHome' },
        'session.login': { target: 'active', actions: 'noteActivity' },
      },
    },
  },
  on: {
    'session.unauthorized': { target: '.loggedOut', actions: ['clearLoginMarker', 'redirectToLogin'] },
  },
});
