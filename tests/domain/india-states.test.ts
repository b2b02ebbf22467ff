import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  INDIA_STATES,
  isGstStateCode,
  stateByGstCode,
  stateByIsoCode,
  stateLabel,
  statesByName,
  supplyStateBodySchema,
} from '../../domain/india-states.ts';
import { INDIAN_STATES } from '../../domain/results/claims.ts';

const geo = JSON.parse(readFileSync(new URL('../../server/geo/india-states.json', import.meta.url), 'utf8')) as {
  features: Array<{ properties: { code: string } }>;
};

describe("India's states with their GST codes (domain/india-states.ts)", () => {
  it('lists the 28 states and 8 union territories once each, with two-digit GST codes and Hindi names', () => {
    expect(INDIA_STATES).toHaveLength(36);
    expect(new Set(INDIA_STATES.map((s) => s.gst)).size).toBe(36);
    expect(new Set(INDIA_STATES.map((s) => s.iso)).size).toBe(36);
    for (const state of INDIA_STATES) {
      expect(state.gst).toMatch(/^\d{2}$/);
      expect(state.iso).toMatch(/^IN-[A-Z]{2}$/);
      expect(state.nameHi).toMatch(/[\u0900-\u097F]/);
    }
    // Codes no longer given: 25 (merged into 26), 28 (Andhra Pradesh before 2014, now 37).
    expect(isGstStateCode('25')).toBe(false);
    expect(isGstStateCode('28')).toBe(false);
    expect(stateByGstCode('37')?.nameEn).toBe('Andhra Pradesh');
    expect(stateByGstCode('36')?.nameEn).toBe('Telangana');
  });

  it('names every state the location check can answer with, by the same ISO code (the boundaries carry no names)', () => {
    for (const { properties } of geo.features) {
      expect(stateByIsoCode(properties.code), properties.code).not.toBeNull();
      expect(Object.keys(properties)).toEqual(['code']);
    }
    expect(geo.features).toHaveLength(INDIA_STATES.length);
  });

  it("agrees with the prize claim form's list of states", () => {
    expect([...INDIAN_STATES].sort()).toEqual(INDIA_STATES.map((s) => s.nameEn).sort());
  });

  it('names the states as the results namespace translates them (states.<English name>)', () => {
    const statesIn = (lang: 'en' | 'hi') =>
      (
        JSON.parse(readFileSync(new URL(`../../public/locales/${lang}/results.json`, import.meta.url), 'utf8')) as {
          states: Record<string, string>;
        }
      ).states;
    const [en, hi] = [statesIn('en'), statesIn('hi')];
    expect(Object.keys(en).sort()).toEqual([...INDIAN_STATES]);
    for (const state of INDIA_STATES) {
      expect(en[state.nameEn]).toBe(state.nameEn);
      expect(hi[state.nameEn], state.nameEn).toBe(state.nameHi);
    }
  });

  it('sorts by name in the reader’s language and labels a state with its code', () => {
    const en = statesByName('en').map((s) => s.nameEn);
    expect(en[0]).toBe('Andaman and Nicobar Islands');
    expect(en.at(-1)).toBe('West Bengal');
    expect(statesByName('hi')).toHaveLength(36);
    expect(stateLabel('27')).toBe('Maharashtra (27)');
    expect(stateLabel('29', 'hi')).toBe('कर्नाटक (29)');
    expect(stateLabel('99')).toBe('99');
  });

  it('accepts only a GST state code as the player’s state', () => {
    expect(supplyStateBodySchema.safeParse({ stateCode: '27' }).success).toBe(true);
    for (const stateCode of ['25', '7', 'MH', 'IN-MH', '', 27])
      expect(supplyStateBodySchema.safeParse({ stateCode }).success, String(stateCode)).toBe(false);
  });
});
