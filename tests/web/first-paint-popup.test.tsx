import { screen, waitFor } from '@testing-library/react';
import { JSDOM } from 'jsdom';
import { minifySync } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import {
  FIRST_POPUP_ATTRIBUTE,
  FIRST_POPUP_CLASS,
  FIRST_POPUP_END_ID,
  POPUP_BAR_HEIGHT_VAR,
} from '../../src/app/watchers/first-paint-popup.ts';
import { firstPopupScriptText } from '../../src/app/watchers/first-paint-script.ts';
import { Popups } from '../../src/app/watchers/Popups.tsx';
import { CONSENT_VERSION, readConsent, saveConsent } from '../../src/shared/consent.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { ok, stubApi } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';
import { currentAnswer } from './contest-fixtures.ts';

// The head script as the build writes it into each pre-rendered page (scripts/prerender.ts).
const SCRIPT = minifySync('first-popup.js', firstPopupScriptText()).code;

/** The two bars as the build writes them after the app's root (markup trimmed to what the script reads). */
const BARS = `
<section class="popup-bar ${FIRST_POPUP_CLASS}" data-popup="cookies" aria-label="Cookies">
  <div class="popup-bar__inner"><p>We keep only what the site needs. <a href="/cookies">Cookie policy</a></p>
  <button type="button" data-first-answer="all">Accept all</button>
  <button type="button" data-first-answer="necessary">Only necessary</button></div>
</section>
<section class="popup-bar ${FIRST_POPUP_CLASS}" data-popup="announcement" aria-label="Announcement">
  <div class="popup-bar__inner"><p>Paid play is suspended.</p><button type="button" data-first-answer="ok">OK</button></div>
</section>
<template id="${FIRST_POPUP_END_ID}"></template>`;

interface Page {
  window: JSDOM['window'];
  html: HTMLElement;
  popup: () => string | null;
  room: () => string;
  stored: (key: string) => string | null;
  /** The first-paint bars still in the page. */
  bars: () => Array<string | null>;
  /** The page is drawn once this element is parsed (a `rel=expect` link blocking the render), if any. */
  drawnAfter: () => string | null;
  consentEvents: number;
}

/**
 * A pre-rendered page parsed from the start, its script in the head, with what this browser kept
 * before (`kept`, local storage) and the server's `suspended` on <html>; each bar 120 px tall
 * (jsdom lays nothing out) and a ResizeObserver that reports an element when observed.
 */
async function loadPage({
  kept = {},
  suspended = false,
}: {
  kept?: Record<string, string>;
  suspended?: boolean;
}): Promise<Page> {
  const events = { consent: 0 };
  const dom = new JSDOM(
    `<!doctype html><html lang="en"${suspended ? ' data-paid-play="suspended"' : ''}><head><script>${SCRIPT}</script></head>` +
      `<body><div id="root"><main id="main" tabindex="-1">The page</main></div>${BARS}</body></html>`,
    {
      runScripts: 'dangerously',
      url: 'https://cricspot.example/quick_game_screen',
      beforeParse(window) {
        for (const [key, value] of Object.entries(kept)) window.localStorage.setItem(key, value);
        Object.defineProperty(window.HTMLElement.prototype, 'offsetHeight', {
          get(this: HTMLElement) {
            return this.classList.contains('popup-bar') ? 119.5 : 0;
          },
        });
        window.ResizeObserver = class {
          private readonly report: () => void;
          constructor(report: () => void) {
            this.report = report;
          }
          observe() {
            this.report();
          }
          unobserve() {}
          disconnect() {}
        } as unknown as typeof ResizeObserver;
        window.addEventListener('cricspot:consent', () => events.consent++);
      },
    },
  );
  const html = dom.window.document.documentElement;
  // The mutation observer's records, delivered as the browser does after the parser's task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return {
    window: dom.window,
    html,
    popup: () => html.getAttribute(FIRST_POPUP_ATTRIBUTE),
    room: () => html.style.getPropertyValue(POPUP_BAR_HEIGHT_VAR),
    stored: (key) => dom.window.localStorage.getItem(key),
    drawnAfter: () =>
      dom.window.document.querySelector('head link[rel="expect"][blocking="render"]')?.getAttribute('href') ?? null,
    bars: () =>
      [...dom.window.document.querySelectorAll(`.${FIRST_POPUP_CLASS}`)].map((bar) => bar.getAttribute('data-popup')),
    get consentEvents() {
      return events.consent;
    },
  };
}

const answered = (choice: 'all' | 'necessary' = 'necessary') =>
  JSON.stringify({ choice, at: '2026-12-01T10:00:00.000Z', version: CONSENT_VERSION });

const click = (page: Page, answer: string) =>
  page.window.document.querySelector<HTMLButtonElement>(`[data-first-answer="${answer}"]`)!.click();

describe("the first paint's popup bar, picked by the page's head script", () => {
  it('shows a new visitor the cookie notice and keeps its height free, from the first paint', async () => {
    const page = await loadPage({});
    expect(page.popup()).toBe('cookies');
    expect(page.room()).toBe('120px');
    expect(page.stored(STORAGE_KEYS.announcementSeen)).toBeNull();
    // Not drawn before the bars are parsed, so the first paint has the bar and its room.
    expect(page.drawnAfter()).toBe(`#${FIRST_POPUP_END_ID}`);
    // Paid play is on: the announcement will not follow, and its bar leaves the page.
    expect(page.bars()).toEqual(['cookies']);
    // Suspended: it stays, hidden, to follow the notice's answer.
    expect((await loadPage({ suspended: true })).bars()).toEqual(['cookies', 'announcement']);
  });

  it('shows the paid-play announcement once the cookies are answered, only while the server says suspended', async () => {
    const due = await loadPage({ kept: { [STORAGE_KEYS.cookieConsent]: answered() }, suspended: true });
    expect(due.popup()).toBe('announcement');
    expect(due.room()).toBe('120px');
    // Seen is seen once it is on screen, as the app marks it.
    expect(due.stored(STORAGE_KEYS.announcementSeen)).toBe('1');
    expect(due.bars()).toEqual(['announcement']);

    const seen = await loadPage({
      kept: { [STORAGE_KEYS.cookieConsent]: answered(), [STORAGE_KEYS.announcementSeen]: '1' },
      suspended: true,
    });
    expect(seen.popup()).toBeNull();
    expect(seen.room()).toBe('');

    const on = await loadPage({ kept: { [STORAGE_KEYS.cookieConsent]: answered() } });
    expect(on.popup()).toBeNull();
    expect(on.room()).toBe('');
    expect(on.bars()).toEqual([]);
    // Nothing due: nothing holds the page's first paint back.
    expect(on.drawnAfter()).toBeNull();
    expect(seen.drawnAfter()).toBeNull();
    expect(due.drawnAfter()).toBe(`#${FIRST_POPUP_END_ID}`);
  });

  it("reads the cookie notice's answer as the app reads it (consent.ts)", async () => {
    const stored = [
      answered('all'),
      answered('necessary'),
      JSON.stringify({ choice: 'all', at: '2026-01-01T00:00:00.000Z', version: CONSENT_VERSION - 1 }),
      JSON.stringify({ choice: 'some', at: '2026-01-01T00:00:00.000Z', version: CONSENT_VERSION }),
      JSON.stringify({ choice: 'all', version: CONSENT_VERSION }),
      'null',
      '{not json',
      '"all"',
    ];
    for (const value of stored) {
      localStorage.setItem(STORAGE_KEYS.cookieConsent, value);
      const page = await loadPage({ kept: { [STORAGE_KEYS.cookieConsent]: value } });
      expect(page.popup() === 'cookies', value).toBe(readConsent() === null);
    }
  });

  it("answers the bar's buttons before the app has started: the answer kept as the app keeps it, then the next bar", async () => {
    const page = await loadPage({ suspended: true });
    const main = page.window.document.getElementById('main')!;
    page.window.document.querySelector<HTMLButtonElement>('[data-first-answer="necessary"]')!.focus();
    click(page, 'necessary');
    const kept = page.stored(STORAGE_KEYS.cookieConsent)!;
    expect(JSON.parse(kept)).toMatchObject({ choice: 'necessary', version: CONSENT_VERSION });
    localStorage.setItem(STORAGE_KEYS.cookieConsent, kept);
    expect(readConsent()).toMatchObject({ choice: 'necessary' });
    expect(page.consentEvents).toBe(1);
    // The focus does not fall to <body> as the bar goes.
    expect(page.window.document.activeElement).toBe(main);
    expect(page.popup()).toBe('announcement');
    expect(page.room()).toBe('120px');
    expect(page.bars()).toEqual(['announcement']);
    click(page, 'ok');
    expect(page.popup()).toBeNull();
    expect(page.room()).toBe('');
    expect(page.bars()).toEqual([]);
    expect(page.stored(STORAGE_KEYS.announcementSeen)).toBe('1');
  });

  it('still shows the notice where the browser refuses storage (private mode)', () => {
    const refusing = new JSDOM('', { runScripts: 'dangerously' });
    Object.defineProperty(refusing.window, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
    refusing.window.eval(SCRIPT);
    expect(refusing.window.document.documentElement.getAttribute(FIRST_POPUP_ATTRIBUTE)).toBe('cookies');
  });

  it('is one script with no "</" in it, safe inside <script> (the build refuses one that has)', () => {
    expect(SCRIPT).not.toContain('</');
    expect(firstPopupScriptText()).toMatch(/^\(function/);
  });
});

describe("the app's bar takes the first paint's bar's place", () => {
  const original = http.defaults.adapter;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    http.defaults.adapter = original;
    localStorage.clear();
    document.documentElement.removeAttribute(FIRST_POPUP_ATTRIBUTE);
    document.documentElement.style.removeProperty(POPUP_BAR_HEIGHT_VAR);
    for (const bar of document.querySelectorAll(`.${FIRST_POPUP_CLASS}`)) bar.remove();
  });

  /** The page as its head script left it: the bars at the end of <body>, `shown` named on <html>. */
  function firstPaint(shown: 'cookies' | 'announcement' | null) {
    document.body.insertAdjacentHTML('beforeend', BARS);
    if (shown) {
      document.documentElement.setAttribute(FIRST_POPUP_ATTRIBUTE, shown);
      document.documentElement.style.setProperty(POPUP_BAR_HEIGHT_VAR, '120px');
    }
  }

  it('the cookie notice: one bar, the focus kept on the same button', async () => {
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
    firstPaint('cookies');
    document.querySelector<HTMLButtonElement>('[data-first-answer="necessary"]')!.focus();
    await renderWithApp(<Popups />, { path: '/' });
    const notice = screen.getByRole('region', { name: "Cookies and your browser's storage" });
    expect(document.querySelectorAll(`.${FIRST_POPUP_CLASS}`)).toHaveLength(0);
    expect(document.querySelectorAll('.popup-bar')).toHaveLength(1);
    expect(document.documentElement.hasAttribute(FIRST_POPUP_ATTRIBUTE)).toBe(false);
    // The room the first paint kept stays, not measured again as the app's bar mounts (jsdom lays
    // nothing out: a measure would have read 0; in a browser the bar's observer publishes it).
    expect(document.documentElement.style.getPropertyValue(POPUP_BAR_HEIGHT_VAR)).toBe('120px');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Only necessary' }));
    expect(notice).toContainElement(document.activeElement as HTMLElement);
  });

  it('the announcement shown in the first paint stays, without waiting for the contest answer', async () => {
    saveConsent('necessary');
    localStorage.setItem(STORAGE_KEYS.announcementSeen, '1'); // as the head script marked it
    // The answer never comes: the bar is the app's at once.
    http.defaults.adapter = () => new Promise(() => undefined);
    firstPaint('announcement');
    await renderWithApp(<Popups />, { path: '/' });
    expect(screen.getByRole('region', { name: 'Announcement' })).toHaveTextContent('suspended');
    expect(document.querySelectorAll('.popup-bar')).toHaveLength(1);
    expect(document.documentElement.hasAttribute(FIRST_POPUP_ATTRIBUTE)).toBe(false);
  });

  it('nothing due: the hidden bars leave the page, and no room is kept', async () => {
    saveConsent('all');
    localStorage.setItem(STORAGE_KEYS.announcementSeen, '1');
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
    firstPaint(null);
    await renderWithApp(<Popups />, { path: '/' });
    await waitFor(() => expect(document.querySelectorAll(`.${FIRST_POPUP_CLASS}`)).toHaveLength(0));
    expect(document.querySelectorAll('.popup-bar')).toHaveLength(0);
    expect(document.documentElement.style.getPropertyValue(POPUP_BAR_HEIGHT_VAR)).toBe('');
  });
});
