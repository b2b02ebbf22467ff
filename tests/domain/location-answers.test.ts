import { describe, expect, it } from 'vitest';
import { itAgreesWithSchema } from '../support/schema-agreement.ts';
import { locationRestrictionSchema, locationStatusSchema } from '../../domain/location.ts';
import { isLocationRestriction, isLocationStatus } from '../../domain/location-answers.ts';

// The country gate's check without zod (issue 29) accepts exactly what the schema accepts.
const telangana = { code: 'IN-TG', nameEn: 'Telangana', nameHi: 'तेलंगाना' };
const valid = { enforced: true, country: { code: 'IN', allowed: true }, check: null, ttlMinutes: 30 };
const samples: unknown[] = [
  valid,
  { ...valid, enforced: false, country: { code: null, allowed: false } },
  { ...valid, check: { state: telangana, allowed: false, until: 1_790_000_000_000 } },
  { ...valid, extra: 'kept out by neither' },
  null,
  'IN',
  [],
  {},
  { ...valid, enforced: 'yes' },
  { ...valid, country: null },
  { ...valid, country: { code: 91, allowed: true } },
  { ...valid, country: { code: 'IN' } },
  { ...valid, check: undefined },
  { ...valid, check: { state: telangana, allowed: true } },
  { ...valid, check: { state: { code: 'IN-TG' }, allowed: true, until: 1 } },
  { ...valid, check: { state: null, allowed: true, until: 1 } },
  { ...valid, ttlMinutes: 1.5 },
  { ...valid, ttlMinutes: '30' },
  { ...valid, ttlMinutes: undefined },
];

describe('isLocationStatus', () => {
  itAgreesWithSchema(isLocationStatus, locationStatusSchema, 'locationStatusSchema', samples);

  it('accepts the valid answers', () => {
    expect(samples.slice(0, 4).every(isLocationStatus)).toBe(true);
  });
});

// A 403 AREA_RESTRICTED's details, read by the play screen's location gate without zod.
const restricted = { scope: 'state', countryCode: 'IN', state: telangana };
const restrictionSamples: unknown[] = [
  restricted,
  { scope: 'country', countryCode: null, state: null },
  { scope: 'country', countryCode: 'NP', state: null },
  { ...restricted, extra: 'kept out by neither' },
  null,
  'state',
  {},
  { ...restricted, scope: 'city' },
  { ...restricted, scope: undefined },
  { ...restricted, countryCode: undefined },
  { ...restricted, countryCode: 91 },
  { ...restricted, state: undefined },
  { ...restricted, state: { code: 'IN-TG', nameEn: 'Telangana' } },
  { ...restricted, state: 'IN-TG' },
];

describe('isLocationRestriction', () => {
  itAgreesWithSchema(isLocationRestriction, locationRestrictionSchema, 'locationRestrictionSchema', restrictionSamples);

  it('accepts the valid details', () => {
    expect(restrictionSamples.slice(0, 4).every(isLocationRestriction)).toBe(true);
  });
});
