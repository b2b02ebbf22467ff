import { assign, fromPromise, setup } from 'xstate';

export interface BuildMeta {
  version: string;
}

export type VersionCheckEvent = { type: 'version.check' };

/**
 * Compares the deployed build's version (from /meta.json) with the one this browser stored.
 * A first visit only stores it; a different one means this tab runs stale code, so the app
 * drops service workers and caches, stores the new version and reloads (spec section 4).
 */
export const versionCheckMachine = setup({
  types: {
    input: {} as { storedVersion: string | null },
    context: {} as { storedVersion: string | null; latestVersion: string | null; failures: number },
    events: {} as VersionCheckEvent,
  },
  actors: {
    fetchMeta: fromPromise<BuildMeta>(async () => {
      throw new Error('fetchMeta not provided');
    }),
    applyUpdate: fromPromise<void, { version: string }>(async () => {
      throw new Error('applyUpdate not provided');
    }),
  },
  actions: {
    storeVersion: (_, _params: { version: string }) => {},
    reloadPage: () => {},
  },
  guards: {
    isFirstVisit: ({ context }) => context.storedVersion === null,
    isNewVersion: ({ context }) => context.latestVersion !== null && context.latestVersion !== context.storedVersion,
  },
}).createMachine({
  id: 'versionCheck',
  context: ({ input }) => ({ storedVersion: input.storedVersion, latestVersion: null, failures: 0 }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'fetchMeta',
        onDone: {
          target: 'comparing',
          actions: assign({ latestVersion: ({ event }) => event.output.version }),
        },
        onError: {
          target: 'failed',
          actions: assign({ failures: ({ context }) => context.failures + 1 }),
        },
      },
    },
    comparing: {
      always: [
        {
          guard: 'isFirstVisit',
          target: 'upToDate',
          actions: [
            { type: 'storeVersion', params: ({ context }) => ({ version: context.latestVersion ?? '' }) },
            assign({ storedVersion: ({ context }) => context.latestVersion }),
          ],
        },
        { guard: 'isNewVersion', target: 'updating' },
        { target: 'upToDate' },
      ],
    },
    updating: {
      invoke: {
        src: 'applyUpdate',
        input: ({ context }) => ({ version: context.latestVersion ?? '' }),
        onDone: {
          target: 'reloading',
          actions: { type: 'storeVersion', params: ({ context }) => ({ version: context.latestVersion ?? '' }) },
        },
        onError: { target: 'failed', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
      },
    },
    reloading: {
      type: 'final',
      entry: 'reloadPage',
    },
    upToDate: {
      on: { 'version.check': 'checking' },
    },
    failed: {
      on: { 'version.check': 'checking' },
    },
  },
});
