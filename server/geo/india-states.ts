import { readFileSync } from 'node:fs';
import path from 'node:path';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { stateByIsoCode } from '../../domain/india-states.ts';
import type { IndianState } from '../../domain/location.ts';

/**
 * The Indian state or union territory of a point, offline: the boundaries in india-states.json
 * (Natural Earth 1:10m admin-1, public domain; rebuilt with scripts/build-india-states.ts) and
 * Turf's point-in-polygon. The file holds each boundary's ISO 3166-2 code only; the names are
 * domain/india-states.ts's, the site's one list.
 */

type Position = [number, number];
type Geometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
interface StateFeature {
  type: 'Feature';
  properties: { code: string };
  geometry: Geometry;
}
interface Indexed {
  feature: StateFeature;
  state: IndianState;
  /** [minLon, minLat, maxLon, maxLat]. */
  box: [number, number, number, number];
}

/**
 * A point just off the mapped coast or border (reclaimed land, a GPS fix a few hundred metres
 * out, the simplified 1:10m lines) is placed in the nearest state within this distance.
 */
export const BORDER_TOLERANCE_KM = 15;
const EARTH_RADIUS_KM = 6371;

let indexed: Indexed[] | undefined;

function load(): Indexed[] {
  if (indexed) return indexed;
  const file = path.join(import.meta.dirname, 'india-states.json');
  const collection = JSON.parse(readFileSync(file, 'utf8')) as { features: StateFeature[] };
  indexed = collection.features.map((feature) => {
    const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    const polygons =
      feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    for (const polygon of polygons)
      for (const [lon, lat] of polygon[0]!) {
        box[0] = Math.min(box[0], lon);
        box[1] = Math.min(box[1], lat);
        box[2] = Math.max(box[2], lon);
        box[3] = Math.max(box[3], lat);
      }
    const named = stateByIsoCode(feature.properties.code);
    if (!named) throw new Error(`india-states.json: ${feature.properties.code} is not in domain/india-states.ts`);
    return { feature, box, state: { code: named.iso, nameEn: named.nameEn, nameHi: named.nameHi } };
  });
  return indexed;
}

/** Every state and union territory, by code. */
export function indianStates(): IndianState[] {
  return load().map(({ state }) => ({ ...state }));
}

export function indianStateByCode(code: string): IndianState | null {
  const found = load().find(({ state }) => state.code === code);
  return found ? { ...found.state } : null;
}

/** Distance in km from a point to a segment, on a local flat projection (fine at these distances). */
function segmentDistanceKm(lon: number, lat: number, a: Position, b: Position): number {
  const k = Math.cos((lat * Math.PI) / 180);
  const px = lon * k;
  const ax = a[0] * k;
  const bx = b[0] * k;
  const dx = bx - ax;
  const dy = b[1] - a[1];
  const t =
    dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (lat - a[1]) * dy) / (dx * dx + dy * dy)));
  const ex = px - (ax + t * dx);
  const ey = lat - (a[1] + t * dy);
  return (Math.sqrt(ex * ex + ey * ey) * Math.PI * EARTH_RADIUS_KM) / 180;
}

function distanceToFeatureKm(lon: number, lat: number, geometry: Geometry): number {
  let best = Infinity;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (let i = 1; i < ring.length; i += 1)
        best = Math.min(best, segmentDistanceKm(lon, lat, ring[i - 1]!, ring[i]!));
  return best;
}

/**
 * The state containing the point, or the nearest one within BORDER_TOLERANCE_KM; null when the
 * point is not in India.
 */
export function stateAt(latitude: number, longitude: number): IndianState | null {
  const all = load();
  const margin = BORDER_TOLERANCE_KM / 100; // degrees, generous at India's latitudes
  for (const { feature, box, state } of all) {
    if (longitude < box[0] || longitude > box[2] || latitude < box[1] || latitude > box[3]) continue;
    if (booleanPointInPolygon([longitude, latitude], feature.geometry)) return { ...state };
  }
  let nearest: { state: IndianState; km: number } | null = null;
  for (const { feature, box, state } of all) {
    if (
      longitude < box[0] - margin * 2 ||
      longitude > box[2] + margin * 2 ||
      latitude < box[1] - margin ||
      latitude > box[3] + margin
    )
      continue;
    const km = distanceToFeatureKm(longitude, latitude, feature.geometry);
    if (km <= BORDER_TOLERANCE_KM && (!nearest || km < nearest.km)) nearest = { state: { ...state }, km };
  }
  return nearest?.state ?? null;
}
