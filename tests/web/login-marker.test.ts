import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_SESSION_META, NO_SESSION_META } from '../../domain/html.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
});

/** A pre-rendered page the server sent without a live session says so in its head. */
const sentWithoutSession = () => document.head.insertAdjacentHTML('beforeend', NO_SESSION_META);

describe('the login marker on a page the server sent without a live session', () => {
  it('is forgotten when it was set before the page was asked for: the session has ended', () => {
    sentWithoutSession();
    localStorage.setItem(STORAGE_KEYS.loginMarker, String(performance.timeOrigin - 2 * 60 * 60 * 1000));
    loginMarker.forgetEnded();
    expect(loginMarker.isSet()).toBe(false);
    // A marker of another form is no newer.
    localStorage.setItem(STORAGE_KEYS.loginMarker, 'yes');
    loginMarker.forgetEnded();
    expect(loginMarker.isSet()).toBe(false);
  });

  it('stays when it was set since (a login in another tab while the page came)', () => {
    sentWithoutSession();
    localStorage.setItem(STORAGE_KEYS.loginMarker, String(Date.now()));
    loginMarker.forgetEnded();
    expect(loginMarker.isSet()).toBe(true);
  });

  it('stays on a page sent with a live session, or not pre-rendered (no word from the server)', () => {
    localStorage.setItem(STORAGE_KEYS.loginMarker, String(performance.timeOrigin - 2 * 60 * 60 * 1000));
    loginMarker.forgetEnded();
    expect(loginMarker.isSet()).toBe(true);
  });
});

describe('the login marker on a page the server sent with a live session', () => {
  const sentWithSession = () => document.head.insertAdjacentHTML('beforeend', LIVE_SESSION_META);

  it("is set when the browser had none (its storage cleared while the session's cookie stayed)", () => {
    sentWithSession();
    const heard: number[] = [];
    const stop = loginMarker.subscribe(() => heard.push(1));
    loginMarker.adoptLive();
    stop();
    expect(loginMarker.isSet()).toBe(true);
    expect(Number(localStorage.getItem(STORAGE_KEYS.loginMarker))).toBeGreaterThanOrEqual(performance.timeOrigin);
    // Those listening (none yet before the first render) hear of it as of any login.
    expect(heard).toEqual([1]);
  });

  it('is kept as it was when the browser has one', () => {
    sentWithSession();
    localStorage.setItem(STORAGE_KEYS.loginMarker, '12345');
    loginMarker.adoptLive();
    expect(localStorage.getItem(STORAGE_KEYS.loginMarker)).toBe('12345');
  });

  it('is not set on a page sent without a session, or with no word from the server', () => {
    loginMarker.adoptLive();
    expect(loginMarker.isSet()).toBe(false);
    sentWithoutSession();
    loginMarker.adoptLive();
    expect(loginMarker.isSet()).toBe(false);
  });
});
