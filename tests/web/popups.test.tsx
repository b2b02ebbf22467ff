import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../src/api/http.ts';
import { CONSENT_EVENT, CONSENT_VERSION, readConsent } from '../../src/shared/consent.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { CookieNotice } from '../../src/app/watchers/CookieNotice.tsx';
import { NotifyOffer } from '../../src/app/watchers/NotifyOffer.tsx';
import { POPUP_ORDER, popupNow, Popups } from '../../src/app/watchers/Popups.tsx';
import { currentAnswer } from './contest-fixtures.ts';
import { ok, stubApi } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';

const original = http.defaults.adapter;
beforeEach(() => localStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the cookie notice', () => {
  it('says in one sentence what is kept and why, links the cookie policy, and remembers the answer', async () => {
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
    const first = await renderWithApp(<Popups />, { path: '/' });
    const notice = screen.getByRole('region', { name: "Cookies and your browser's storage" });
    expect(notice).toHaveTextContent('a login cookie, your language and your drafts');
    expect(notice).toHaveTextContent('No ads, no tracking.');
    expect(screen.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookies');
    fireEvent.click(screen.getByRole('button', { name: 'Only necessary' }));
    expect(screen.queryByRole('region', { name: "Cookies and your browser's storage" })).not.toBeInTheDocument();
    expect(readConsent()).toMatchObject({ choice: 'necessary', version: CONSENT_VERSION });
    first.unmount();
    await renderWithApp(<Popups />, { path: '/rules' });
    expect(screen.queryByRole('region', { name: "Cookies and your browser's storage" })).not.toBeInTheDocument();
  });

  it('is in Hindi too, and an answer of an older notice asks again', async () => {
    localStorage.setItem(
      STORAGE_KEYS.cookieConsent,
      JSON.stringify({ choice: 'all', at: '2026-01-01T00:00:00.000Z', version: CONSENT_VERSION - 1 }),
    );
    await renderWithApp(<CookieNotice />, { path: '/', lng: 'hi' });
    expect(screen.getByRole('region', { name: 'कुकीज़ और आपके ब्राउज़र का स्टोरेज' })).toHaveTextContent(
      'कोई विज्ञापन या ट्रैकिंग नहीं।',
    );
    fireEvent.click(screen.getByRole('button', { name: 'सभी स्वीकार करें' }));
    expect(readConsent()?.choice).toBe('all');
  });

  it("answered on the first paint's bar after the app rendered but before it listened, stays answered", async () => {
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
    let clicked = false;
    // The first paint's bar (first-paint-script.ts) answers as the app renders: it stores the
    // answer and tells the page, after Popups has read the storage and before its effects run.
    function FirstPaintBarAnswers() {
      if (!clicked) {
        clicked = true;
        localStorage.setItem(
          STORAGE_KEYS.cookieConsent,
          JSON.stringify({ choice: 'all', at: new Date().toISOString(), version: CONSENT_VERSION }),
        );
        window.dispatchEvent(new Event(CONSENT_EVENT));
      }
      return null;
    }
    await renderWithApp(
      <>
        <Popups />
        <FirstPaintBarAnswers />
      </>,
      { path: '/' },
    );
    expect(clicked).toBe(true);
    expect(screen.queryByRole('region', { name: "Cookies and your browser's storage" })).not.toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--popup-bar-height')).toBe('');
  });

  it('keeps its height free at the bottom of the page while it shows', async () => {
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
    await renderWithApp(<Popups />, { path: '/' });
    expect(document.documentElement.style.getPropertyValue('--popup-bar-height')).toMatch(/^\d+px$/);
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--popup-bar-height')).toBe(''));
  });
});

describe('one popup at a time', () => {
  it('goes cookies, then the announcement, then the alerts offer', () => {
    expect(popupNow({ cookies: true, announcement: true })).toBe('cookies');
    expect(popupNow({ cookies: true, announcement: 'checking' })).toBe('cookies');
    expect(popupNow({ cookies: false, announcement: 'checking' })).toBeNull();
    expect(popupNow({ cookies: false, announcement: true })).toBe('announcement');
    expect(popupNow({ cookies: false, announcement: false })).toBe('alerts');
    expect(POPUP_ORDER).toEqual(['cookies', 'announcement', 'alerts']);
  });

  it('shows the announcement only once the cookie notice is answered, never both', async () => {
    stubApi({
      'GET /contests/current': () =>
        ok(currentAnswer(null, { enabled: false, message: 'Real-money play and new cash deposits are suspended.' })),
    });
    await renderWithApp(<Popups />, { path: '/' });
    expect(screen.getByRole('region', { name: "Cookies and your browser's storage" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.announcementSeen)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Only necessary' }));
    expect(await screen.findByRole('region', { name: 'Announcement' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Cookies and your browser's storage" })).not.toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });
});

/** A browser with Web Push: Notification, PushManager and a service worker that subscribes. */
function fakePushBrowser(answer: NotificationPermission) {
  const permission = { value: 'default' as NotificationPermission };
  const requestPermission = vi.fn(async () => (permission.value = answer));
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      get permission() {
        return permission.value;
      },
      requestPermission,
    }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  const subscription = {
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    }),
    unsubscribe: vi.fn(),
  };
  const registration = {
    pushManager: { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) },
  };
  const register = vi.fn(async () => registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration) },
  });
  return { requestPermission, register, registration };
}

describe('the notifications offer', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.loginMarker, String(Date.now()));
    localStorage.setItem(
      STORAGE_KEYS.cookieConsent,
      JSON.stringify({ choice: 'necessary', at: new Date().toISOString(), version: CONSENT_VERSION }),
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('offers the three alerts in one line, then asks the browser, subscribes and tells the server', async () => {
    const browser = fakePushBrowser('granted');
    const calls = stubApi({
      'GET /push/key': () => ok({ publicKey: 'BP'.padEnd(87, 'x') }),
      'POST /push/subscriptions': () => ok({ subscriptions: 1 }, 'Notifications are on.'),
    });
    await renderWithApp(<NotifyOffer />, { path: '/', lng: 'hi' });
    const offer = await screen.findByRole('region', { name: 'प्रतियोगिता अलर्ट पाएँ' });
    expect(offer).toHaveTextContent('जब कोई प्रतियोगिता खुले, बंद होने से एक घंटा पहले, और जब नतीजे आएँ');
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'अलर्ट चालू करें' }));
    expect(await screen.findByText(/अलर्ट चालू हैं/)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.register).toHaveBeenCalledWith('/push-sw.js', { scope: '/' });
    expect(browser.registration.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      lang: 'hi',
    });
    expect(localStorage.getItem(STORAGE_KEYS.deviceToken)).toBe('https://fcm.googleapis.com/fcm/send/device-1');
  });

  it('remembers Not now (and a no in the browser prompt) and does not ask again soon', async () => {
    fakePushBrowser('denied');
    stubApi({});
    const first = await renderWithApp(<NotifyOffer />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on alerts' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get contest alerts' })).not.toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.notificationsDeclined)).toBeTruthy();
    first.unmount();
    fakePushBrowser('granted');
    await renderWithApp(<NotifyOffer />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Get contest alerts' })).not.toBeInTheDocument();
  });

  it('does not begin over a game; begun on another page, it stays as the player goes to one', async () => {
    fakePushBrowser('granted');
    stubApi({});
    // Coming on a game screen, the bar would make the stage smaller under the finger: it waits.
    for (const path of ['/quick_game_screen', '/play_screen']) {
      const game = await renderWithApp(<NotifyOffer />, { path });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('region', { name: 'Get contest alerts' }), path).not.toBeInTheDocument();
      game.unmount();
    }
    // Shown on the home page, it stays on the way to the practice game (its room is kept already).
    function GoToGame() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/quick_game_screen')}>
          Practice
        </button>
      );
    }
    await renderWithApp(
      <>
        <NotifyOffer />
        <GoToGame />
      </>,
      { path: '/' },
    );
    expect(await screen.findByRole('region', { name: 'Get contest alerts' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Practice' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('region', { name: 'Get contest alerts' })).toBeInTheDocument();
  });

  it('waits for a login, and stays away without Web Push', async () => {
    localStorage.removeItem(STORAGE_KEYS.loginMarker);
    fakePushBrowser('granted');
    const first = await renderWithApp(<NotifyOffer />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Get contest alerts' })).not.toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    localStorage.setItem(STORAGE_KEYS.loginMarker, String(Date.now()));
    await renderWithApp(<NotifyOffer />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Get contest alerts' })).not.toBeInTheDocument();
  });
});
