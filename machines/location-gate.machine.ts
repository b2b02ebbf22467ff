import { assign, fromPromise, setup } from 'xstate';
import type { LocationClaimBody, LocationRestriction, LocationStatus } from '../domain/location.ts';

/** What the Permissions API says about geolocation; 'unsupported' where it cannot be asked. */
export type GeoPermission = 'granted' | 'prompt' | 'denied' | 'unsupported';

/** The POST's answer: the state is allowed, or the server refused with its reason. */
export type VerifyOutcome =
  { allowed: true; status: LocationStatus } | { allowed: false; restriction: LocationRestriction };

/**
 * Why the browser gave no position: the player (or the browser's settings) refused, or the
 * device could not tell (no fix, timeout, no Geolocation API at all).
 */
export class GeolocationFailure extends Error {
  readonly reason: 'denied' | 'unavailable';
  constructor(
    reason: 'denied' | 'unavailable',
    message = reason === 'denied' ? 'location permission denied' : 'location unavailable',
  ) {
    super(message);
    this.name = 'GeolocationFailure';
    this.reason = reason;
  }
}

export type LocationGateEvent = { type: 'location.share' } | { type: 'location.retry' } | { type: 'location.needed' };

export interface LocationGateContext {
  /** The last status from the server; null until one arrived. */
  status: LocationStatus | null;
  /** The position the browser gave, sent to the server. */
  coords: LocationClaimBody | null;
  restriction: LocationRestriction | null;
  error: string | null;
  /**
   * The gate let the player in once on this page: when it runs again (the check expired), the
   * page behind it stays mounted, hidden, so the marks made so far are not lost.
   */
  admitted: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The location gate in front of contest play, the cart and checkout (spec: 'Area Restricted',
 * 'Location Access Required', 'Game Unavailable in Your Region'). The server decides; this
 * machine only asks it, and when the session has no check yet, asks the browser for the device's
 * position (explaining why first, unless the browser will not prompt) and sends it.
 */
export const locationGateMachine = setup({
  types: {
    context: {} as LocationGateContext,
    events: {} as LocationGateEvent,
  },
  actors: {
    loadStatus: fromPromise<LocationStatus>(async () => {
      throw new Error('loadStatus not provided');
    }),
    inspectPermission: fromPromise<GeoPermission>(async () => {
      throw new Error('inspectPermission not provided');
    }),
    locate: fromPromise<LocationClaimBody>(async () => {
      throw new Error('locate not provided');
    }),
    verify: fromPromise<VerifyOutcome, LocationClaimBody>(async () => {
      throw new Error('verify not provided');
    }),
  },
  guards: {
    isNotChecked: (_, params: { status: LocationStatus }) => !params.status.enforced,
    isCountryRefused: (_, params: { status: LocationStatus }) => !params.status.country.allowed,
    isStateAllowed: (_, params: { status: LocationStatus }) => params.status.check?.allowed === true,
    isStateRefused: (_, params: { status: LocationStatus }) => params.status.check?.allowed === false,
    isGranted: (_, params: { permission: GeoPermission }) => params.permission === 'granted',
    isDenied: (_, params: { permission: GeoPermission }) => params.permission === 'denied',
    isRefusedByBrowser: (_, params: { error: unknown }) =>
      params.error instanceof GeolocationFailure && params.error.reason === 'denied',
    isAllowedThere: (_, params: { outcome: VerifyOutcome }) => params.outcome.allowed,
    isStatusUnknown: ({ context }) => context.status === null,
  },
  delays: {
    /**
     * A backstop over the browser's own timeout, which does not run while its permission prompt
     * is open: a prompt left unanswered ends in 'unavailable' with a try-again, never an endless wait.
     */
    locateTimeout: 30_000,
  },
}).createMachine({
  id: 'locationGate',
  context: { status: null, coords: null, restriction: null, error: null, admitted: false },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ status: null, coords: null, restriction: null, error: null }),
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isNotChecked', params: ({ event }) => ({ status: event.output }) },
            target: 'allowed',
            actions: assign({ status: ({ event }) => event.output }),
          },
          {
            guard: { type: 'isCountryRefused', params: ({ event }) => ({ status: event.output }) },
            target: 'restricted',
            actions: assign({
              status: ({ event }) => event.output,
              restriction: ({ event }) => ({
                scope: 'country' as const,
                countryCode: event.output.country.code,
                state: null,
              }),
            }),
          },
          {
            guard: { type: 'isStateAllowed', params: ({ event }) => ({ status: event.output }) },
            target: 'allowed',
            actions: assign({ status: ({ event }) => event.output }),
          },
          {
            guard: { type: 'isStateRefused', params: ({ event }) => ({ status: event.output }) },
            target: 'restricted',
            actions: assign({
              status: ({ event }) => event.output,
              restriction: ({ event }) => ({
                scope: 'state' as const,
                countryCode: 'IN',
                state: event.output.check?.state ?? null,
              }),
            }),
          },
          { target: 'permission', actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    /** Whether the browser will prompt: when permission was given already, no explaining first. */
    permission: {
      invoke: {
        id: 'inspectPermission',
        src: 'inspectPermission',
        onDone: [
          { guard: { type: 'isGranted', params: ({ event }) => ({ permission: event.output }) }, target: 'locating' },
          // Refused before: the browser would not prompt, so the help to allow it comes first.
          { guard: { type: 'isDenied', params: ({ event }) => ({ permission: event.output }) }, target: 'denied' },
          { target: 'explaining' },
        ],
        onError: { target: 'explaining' },
      },
    },
    explaining: {
      on: { 'location.share': { target: 'locating' } },
    },
    locating: {
      entry: assign({ error: null }),
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: { target: 'verifying', actions: assign({ coords: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'isRefusedByBrowser', params: ({ event }) => ({ error: event.error }) }, target: 'denied' },
          { target: 'unavailable', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        ],
      },
      after: { locateTimeout: { target: 'unavailable', actions: assign({ error: 'timeout' }) } },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => context.coords ?? { latitude: 0, longitude: 0 },
        onDone: [
          {
            guard: { type: 'isAllowedThere', params: ({ event }) => ({ outcome: event.output }) },
            target: 'allowed',
            actions: assign({
              status: ({ context, event }) => (event.output.allowed ? event.output.status : context.status),
            }),
          },
          {
            target: 'restricted',
            actions: assign({ restriction: ({ event }) => (event.output.allowed ? null : event.output.restriction) }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    /** Play goes on; a call refused for the location (an expired check) runs the gate again. */
    allowed: {
      entry: assign({ admitted: true }),
      on: { 'location.needed': { target: 'loading' } },
    },
    restricted: {},
    denied: {
      on: { 'location.retry': { target: 'locating' } },
    },
    unavailable: {
      on: { 'location.retry': { target: 'locating' } },
    },
    failed: {
      on: {
        'location.retry': [{ guard: 'isStatusUnknown', target: 'loading' }, { target: 'locating' }],
      },
    },
  },
});
