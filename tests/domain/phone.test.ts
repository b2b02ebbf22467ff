import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INDIA_CALLING_CODE,
  PHONE_DIGITS,
  isValidIndianMobile,
  normalizePhoneInput,
  stripPhonePrefix,
  toIndianE164,
} from '../../domain/phone.ts';

describe('normalizePhoneInput', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['(987) 654-3210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['+ 91 98765 43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    ['98765432101234', '9876543210'], // cut to 10 digits
    ['98765432109', '9876543210'], // 11 digits without a 0 prefix: cut
    ['abc', ''],
    ['', ''],
    ['+91', ''],
    ['+91 987', '987'], // '+91' is dropped even while the rest is being typed
    ['91987', '91987'], // bare 91 is kept until the number is complete: it may be the start of a mobile
    ['9123456789', '9123456789'], // a mobile starting with 91 is not a prefix
    ['0987', '0987'],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizePhoneInput(raw)).toBe(expected);
  });

  it('always yields at most 10 digits, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = normalizePhoneInput(raw);
        expect(once).toMatch(/^\d{0,10}$/);
        expect(normalizePhoneInput(once)).toBe(once);
      }),
    );
  });

  it('keeps any valid mobile as it is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[6-9]\d{9}$/), (mobile) => {
        expect(normalizePhoneInput(mobile)).toBe(mobile);
        expect(normalizePhoneInput(`+91 ${mobile}`)).toBe(mobile);
        expect(normalizePhoneInput(`0${mobile}`)).toBe(mobile);
        expect(normalizePhoneInput(`91${mobile}`)).toBe(mobile);
      }),
    );
  });
});

describe('stripPhonePrefix', () => {
  it('drops a prefix but cuts nothing', () => {
    expect(stripPhonePrefix('+91 98765 43210')).toBe('9876543210');
    expect(stripPhonePrefix('98765432109')).toBe('98765432109');
    expect(stripPhonePrefix('0091 9876543210')).toBe('9876543210');
  });
});

describe('toIndianE164', () => {
  it('prefixes +91 when absent, once', () => {
    expect(INDIA_CALLING_CODE).toBe('+91');
    expect(PHONE_DIGITS).toBe(10);
    expect(toIndianE164('9876543210')).toBe('+919876543210');
    expect(toIndianE164('+919876543210')).toBe('+919876543210');
    expect(toIndianE164('+91 98765 43210')).toBe('+919876543210');
    expect(toIndianE164('9123456789')).toBe('+919123456789');
  });
});

describe('isValidIndianMobile', () => {
  it.each([
    ['9876543210', true],
    ['6000000000', true],
    ['7999999999', true],
    ['8123456789', true],
    ['5876543210', false],
    ['0876543210', false],
    ['987654321', false],
    ['98765432100', false],
    ['98765 4321', false],
    ['+919876543210', false],
    ['', false],
  ])('%j -> %s', (digits, valid) => {
    expect(isValidIndianMobile(digits)).toBe(valid);
  });
});
