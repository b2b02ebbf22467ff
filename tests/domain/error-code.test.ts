import { describe, expect, it } from 'vitest';
import { errorCodeOf, refusalOf } from '../../domain/error-code.ts';

describe('errorCodeOf', () => {
  it("reads the API's code of a failed call", () => {
    expect(errorCodeOf({ code: 'TICKETS_SOLD_OUT' })).toBe('TICKETS_SOLD_OUT');
    expect(errorCodeOf(Object.assign(new Error('refused'), { code: 'INVALID_PROMO', status: 400 }))).toBe(
      'INVALID_PROMO',
    );
  });

  it('is null without a code, and for the failures of the page itself', () => {
    expect(errorCodeOf(new Error('x'))).toBeNull();
    expect(errorCodeOf(null)).toBeNull();
    expect(errorCodeOf(undefined)).toBeNull();
    expect(errorCodeOf('CART_EMPTY')).toBeNull();
    expect(errorCodeOf({ code: '' })).toBeNull();
    expect(errorCodeOf({ code: 42 })).toBeNull();
    for (const code of ['NETWORK', 'INVALID_RESPONSE', 'UNKNOWN']) expect(errorCodeOf({ code })).toBeNull();
  });
});

describe('refusalOf', () => {
  it("keeps an answer's code, words, status and counts", () => {
    expect(refusalOf({ code: 'GAME_PLAY_CLOSED', message: 'Closed', status: 409 })).toEqual({
      code: 'GAME_PLAY_CLOSED',
      message: 'Closed',
      status: 409,
    });
    expect(
      refusalOf({ code: 'RATE_LIMITED', message: 'Too many', status: 429, details: { retryAfterSeconds: 5 } }),
    ).toEqual({ code: 'RATE_LIMITED', message: 'Too many', status: 429, details: { retryAfterSeconds: 5 } });
  });

  it('is null when no answer came or it said nothing', () => {
    expect(refusalOf({ code: 'NETWORK', message: 'Network Error', status: null })).toBeNull();
    expect(refusalOf({ code: 'PAID_PLAY_SUSPENDED', message: 'Suspended' })).toBeNull();
    expect(refusalOf({ code: 'PAID_PLAY_SUSPENDED', message: '', status: 403 })).toBeNull();
    expect(refusalOf({ code: 'UNKNOWN', message: 'Request failed with status code 500', status: 500 })).toBeNull();
    expect(refusalOf(new Error('offline'))).toBeNull();
  });
});
