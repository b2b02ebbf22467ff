import type { LocationClaimBody } from '../../domain/location.ts';
import { GeolocationFailure, type GeoPermission } from '../../machines/location-gate.machine.ts';

/** The browser's own limits for one reading: a coarse fix is enough to tell a state. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 15_000,
  maximumAge: 5 * 60_000,
};

/** Whether the browser will prompt for the position; 'unsupported' where it cannot be asked. */
export async function inspectGeoPermission(): Promise<GeoPermission> {
  if (typeof navigator === 'undefined' || !navigator.permissions?.query) return 'unsupported';
  // Some browsers never settle the query for geolocation; then the explaining screen comes.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<GeoPermission>((resolve) => (timer = setTimeout(() => resolve('unsupported'), 3000)));
  const query = navigator.permissions.query({ name: 'geolocation' }).then((status) => status.state as GeoPermission);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One reading of the device's position, or a GeolocationFailure saying why there is none. */
export function locateDevice(): Promise<LocationClaimBody> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new GeolocationFailure('unavailable', 'no Geolocation API'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      (error) =>
        reject(
          new GeolocationFailure(
            error.code === 1 /* PERMISSION_DENIED */ ? 'denied' : 'unavailable',
            error.message || undefined,
          ),
        ),
      GEOLOCATION_OPTIONS,
    );
  });
}
