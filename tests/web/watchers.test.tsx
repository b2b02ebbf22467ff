import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { INACTIVITY_TIMEOUT_MS } from '../../machines/session.machine.ts';
import { http } from '../../src/api/http.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { LanguageWatcher } from '../../src/app/watchers/LanguageWatcher.tsx';
import { SessionWatcher } from '../../src/app/watchers/SessionWatcher.tsx';
import { ok, stubApi } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';

function Where() {
  const location = useLocation();
  return (
    <output aria-label="where">{`${location.pathname}|${(location.state as { from?: string } | null)?.from ?? ''}`}</output>
  );
}

function Harness() {
  return (
    <>
      <SessionWatcher />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>
  );
}

describe('the 30-minute inactivity rule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.loginMarker, '1');
  });
  afterEach(() => vi.useRealTimers());

  it("logs out after 30 quiet minutes, says why, then goes to '/'", async () => {
    await renderWithApp(<Harness />, { path: '/rules' });
    act(() => vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.loginMarker)).toBe('1');
    act(() => vi.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Session Expired' });
    expect(dialog).toHaveTextContent('You have been logged out due to inactivity.');
    expect(localStorage.getItem(STORAGE_KEYS.loginMarker)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('where')).toHaveTextContent('/|');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts from the last mouse move, key press or click', async () => {
    await renderWithApp(<Harness />, { path: '/' });
    for (const type of ['mouseMove', 'keyDown', 'click'] as const) {
      act(() => vi.advanceTimersByTime(20 * 60_000));
      fireEvent[type](window);
    }
    act(() => vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('dialog', { name: 'Session Expired' })).toBeInTheDocument();
  });

  it('does nothing for a visitor who is not logged in', async () => {
    localStorage.clear();
    await renderWithApp(<Harness />, { path: '/' });
    act(() => vi.advanceTimersByTime(2 * INACTIVITY_TIMEOUT_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the 401 rule', () => {
  const original = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = original;
  });

  it('clears the login marker and sends the user to /login, remembering where they were', async () => {
    localStorage.setItem(STORAGE_KEYS.loginMarker, '1');
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      const response = {
        status: 401,
        statusText: 'Unauthorized',
        data: { message: 'Please log in', code: 'UNAUTHENTICATED' },
        headers: {},
        config,
      } as AxiosResponse;
      throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, response);
    };
    // The app runs in a BrowserRouter: the address bar is where the user was.
    window.history.pushState({}, '', '/cart?x=1');
    await renderWithApp(<Harness />, { path: '/cart?x=1' });
    await act(async () => {
      await expect(http.get('/me')).rejects.toThrow('401');
    });
    expect(localStorage.getItem(STORAGE_KEYS.loginMarker)).toBeNull();
    expect(screen.getByLabelText('where')).toHaveTextContent('/login|/cart?x=1');
  });
});

describe('the language watcher', () => {
  const original = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = original;
    localStorage.clear();
  });

  it("tells the server a logged-in player's new language, for the messages sent later (issue 25)", async () => {
    const calls = stubApi({ 'PUT /account/language': () => ok({}) });
    localStorage.setItem(STORAGE_KEYS.loginMarker, '1');
    const { i18n } = await renderWithApp(<LanguageWatcher />, { path: '/' });
    await act(() => i18n.changeLanguage('hi'));
    await waitFor(() => expect(calls).toEqual([expect.objectContaining({ method: 'PUT', body: { language: 'hi' } })]));
  });

  it('says nothing for a visitor who is not logged in', async () => {
    const calls = stubApi({ 'PUT /account/language': () => ok({}) });
    const { i18n } = await renderWithApp(<LanguageWatcher />, { path: '/' });
    await act(() => i18n.changeLanguage('hi'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});
