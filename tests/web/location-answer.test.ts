import { describe, expect, it } from 'vitest';
import { getCountryStatus } from '../../src/api/country.ts';
import { getLocationStatus } from '../../src/api/location.ts';
import { fail, ok, stubApi } from '../support/api-stub.tsx';

const status = (verified: boolean) => ({
  enforced: true,
  country: { code: 'IN', allowed: true },
  check: verified
    ? { state: { code: 'MH', nameEn: 'Maharashtra', nameHi: 'महाराष्ट्र' }, allowed: true, until: 1_900_000_000_000 }
    : null,
  ttlMinutes: 60,
});

describe("GET /location's answer (issue 29)", () => {
  it('serves the country gate and the location gate asking in the same moment with one request', async () => {
    const calls = stubApi({ 'GET /location': () => ok(status(true)) });
    const [gate, country] = await Promise.all([getLocationStatus(), getCountryStatus()]);
    expect(gate).toEqual(status(true));
    expect(country).toEqual(status(true));
    expect(calls.filter((call) => call.url === '/location')).toHaveLength(1);
  });

  it('asks the server again once it has answered: a check run again sees the answer of that moment', async () => {
    let verified = false;
    const calls = stubApi({ 'GET /location': () => ok(status(verified)) });
    expect((await getCountryStatus()).check).toBeNull();
    verified = true;
    expect((await getLocationStatus()).check).not.toBeNull();
    expect(calls.filter((call) => call.url === '/location')).toHaveLength(2);
  });

  it('asks again after a failure', async () => {
    let answers = 0;
    const calls = stubApi({
      'GET /location': () => (answers++ === 0 ? fail(500, 'down') : ok(status(true))),
    });
    await expect(getCountryStatus()).rejects.toThrow();
    expect((await getLocationStatus()).enforced).toBe(true);
    expect(calls.filter((call) => call.url === '/location')).toHaveLength(2);
  });
});
