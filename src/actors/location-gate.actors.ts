import { fromPromise } from 'xstate';
import type { LocationClaimBody, LocationStatus } from '../../domain/location.ts';
import { type GeoPermission, locationGateMachine, type VerifyOutcome } from '../../machines/location-gate.machine.ts';
import { getLocationStatus, sendLocation } from '../api/location.ts';
import { inspectGeoPermission, locateDevice } from '../shared/geolocation.ts';

/** The location gate with the real status call, the browser's geolocation and the claim call. */
export function locationGateMachineFor() {
  return locationGateMachine.provide({
    actors: {
      loadStatus: fromPromise<LocationStatus>(() => getLocationStatus()),
      inspectPermission: fromPromise<GeoPermission>(() => inspectGeoPermission()),
      locate: fromPromise<LocationClaimBody>(() => locateDevice()),
      verify: fromPromise<VerifyOutcome, LocationClaimBody>(({ input }) => sendLocation(input)),
    },
  });
}
