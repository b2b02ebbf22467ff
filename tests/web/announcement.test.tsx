import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { http } from '../../src/api/http.ts';
import { CONSENT_VERSION } from '../../src/shared/consent.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { Popups } from '../../src/app/watchers/Popups.tsx';
import { fail, ok, stubApi, type StubAnswer } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';
import { currentAnswer } from './contest-fixtures.ts';

// The paid-play announcement (spec sections 1 and 2) as the popups show it: a slim bar, once per
// visitor, in the visitor's language, only while the server says paid play is suspended.

const original = http.defaults.adapter;
const answered = () =>
  localStorage.setItem(
    STORAGE_KEYS.cookieConsent,
    JSON.stringify({ choice: 'necessary', at: new Date().toISOString(), version: CONSENT_VERSION }),
  );
beforeEach(() => {
  localStorage.clear();
  answered();
});
afterEach(() => {
  http.defaults.adapter = original;
  localStorage.clear();
});

const suspended = () => ok(currentAnswer(null, { enabled: false, message: PAID_PLAY_SUSPENDED_MESSAGE }));
const ENGLISH =
  'Real-money play and new cash deposits are suspended with immediate effect because of the new online-gaming law.';

describe('the paid-play announcement', () => {
  it('tells a visitor once, in a bar, that paid play is suspended', async () => {
    const calls = stubApi({ 'GET /contests/current': suspended });
    const first = await renderWithApp(<Popups />, { path: '/rules' });
    const bar = await screen.findByRole('region', { name: 'Announcement' });
    expect(bar).toHaveTextContent(ENGLISH);
    expect(bar).toHaveTextContent('Every contest is free to enter, and free practice games carry on.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.announcementSeen)).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument());
    first.unmount();

    // Another day, another tab: not again.
    await renderWithApp(<Popups />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says nothing while paid play is on, or only waits for a payment gateway', async () => {
    for (const paidPlay of [{ enabled: true }, { enabled: false, reason: 'noGateway' as const }]) {
      const calls = stubApi({ 'GET /contests/current': () => ok(currentAnswer(null, paidPlay)) });
      const view = await renderWithApp(<Popups />, { path: '/' });
      await waitFor(() => expect(calls).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
      expect(localStorage.getItem(STORAGE_KEYS.announcementSeen)).toBeNull();
      view.unmount();
    }
  });

  it('asks in the language of a browser with a regional tag (en-IN, hi-IN, en-US)', async () => {
    for (const [lng, lang] of [
      ['en-IN', 'en'],
      ['hi-IN', 'hi'],
      ['en-US', 'en'],
    ] as const) {
      localStorage.removeItem(STORAGE_KEYS.announcementSeen);
      const calls = stubApi({
        'GET /contests/current': (): StubAnswer =>
          (calls.at(-1)?.params as { lang?: string } | undefined)?.lang === lang
            ? suspended()
            : fail(400, 'lang must be en or hi', 'VALIDATION_FAILED'),
      });
      const view = await renderWithApp(<Popups />, { path: '/', lng });
      expect(await screen.findByRole('region', { name: lang === 'hi' ? 'घोषणा' : 'Announcement' })).toBeVisible();
      expect(calls.map((call) => call.params)).toEqual([{ lang }]);
      view.unmount();
    }
  });

  it('is in Hindi for a Hindi visitor, the body too', async () => {
    stubApi({ 'GET /contests/current': suspended });
    await renderWithApp(<Popups />, { path: '/', lng: 'hi' });
    const bar = await screen.findByRole('region', { name: 'घोषणा' });
    expect(bar).toHaveTextContent('नए ऑनलाइन-गेमिंग कानून के कारण रियल-मनी खेल और नई नकद जमा तुरंत प्रभाव से निलंबित हैं।');
    expect(bar).not.toHaveTextContent('suspended');
    expect(screen.getByRole('button', { name: 'ठीक है' })).toBeInTheDocument();
  });
});
