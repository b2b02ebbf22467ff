import { afterEach, describe, expect, it } from 'vitest';
import { NO_SESSION_META } from '../../domain/html.ts';
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
