import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { http } from '../../src/api/http.ts';
import { STORAGE_KEYS } from '../../src/app/storage-keys.ts';
import { AnnouncementWatcher } from '../../src/app/watchers/AnnouncementWatcher.tsx';
import { fail, ok, stubApi, type StubAnswer } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';
import { currentAnswer } from './contest-fixtures.ts';

const original = http.defaults.adapter;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
  sessionStorage.clear();
});

const suspended = () => ok(currentAnswer(null, { enabled: false, message: PAID_PLAY_SUSPENDED_MESSAGE }));

describe('the paid-play announcement', () => {
  it('tells a visitor once per session that paid play is suspended', async () => {
    const calls = stubApi({ 'GET /contests/current': suspended });
    const first = await renderWithApp(<AnnouncementWatcher />, { path: '/rules' });
    const dialog = await screen.findByRole('dialog', { name: 'Announcement' });
    expect(dialog).toHaveTextContent(PAID_PLAY_SUSPENDED_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionStorage.getItem(STORAGE_KEYS.announcementSeen)).toBe('1');
    first.unmount();

    await renderWithApp(<AnnouncementWatcher />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says nothing while paid play is on', async () => {
    const calls = stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
    await renderWithApp(<AnnouncementWatcher />, { path: '/' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.announcementSeen)).toBeNull();
  });

  it('appears for a browser whose language is a regional tag (en-IN, hi-IN, en-US)', async () => {
    for (const [lng, lang] of [
      ['en-IN', 'en'],
      ['hi-IN', 'hi'],
      ['en-US', 'en'],
    ] as const) {
      sessionStorage.clear();
      const calls = stubApi({
        'GET /contests/current': (): StubAnswer =>
          (calls.at(-1)?.params as { lang?: string } | undefined)?.lang === lang
            ? suspended()
            : fail(400, 'lang must be en or hi', 'VALIDATION_FAILED'),
      });
      const view = await renderWithApp(<AnnouncementWatcher />, { path: '/', lng });
      expect(await screen.findByRole('dialog')).toHaveTextContent(PAID_PLAY_SUSPENDED_MESSAGE);
      expect(calls.map((call) => call.params)).toEqual([{ lang }]);
      view.unmount();
    }
  });

  it('has a Hindi title and button', async () => {
    stubApi({ 'GET /contests/current': suspended });
    await renderWithApp(<AnnouncementWatcher />, { path: '/', lng: 'hi' });
    expect(await screen.findByRole('dialog', { name: 'घोषणा' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ठीक है' })).toBeInTheDocument();
  });
});
