import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import { AppRoutes } from '../../src/app/routes.tsx';
import { Popups } from '../../src/app/watchers/Popups.tsx';
import { ok, stubApi } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';
import { currentAnswer } from './contest-fixtures.ts';

const original = http.defaults.adapter;
beforeEach(() => {
  localStorage.clear();
  stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
});
afterEach(() => {
  http.defaults.adapter = original;
});

/** The app's order: the watchers (and their popups) render before the routes. */
async function openSite(lng = 'en') {
  const result = await renderWithApp(
    <>
      <Popups />
      <AppRoutes />
    </>,
    { path: '/rules', lng },
  );
  await screen.findByRole('link', { name: lng === 'hi' ? 'मुख्य सामग्री पर जाएँ' : 'Skip to main content' });
  return result;
}

const cookieBar = (lng: string) =>
  screen.queryByRole('region', {
    name: lng === 'hi' ? 'कुकीज़ और आपके ब्राउज़र का स्टोरेज' : "Cookies and your browser's storage",
  });

describe('the cookie notice and the keyboard', () => {
  it('leaves the skip link the first stop of the tab order', async () => {
    const user = userEvent.setup();
    await openSite();
    expect(cookieBar('en')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
  });

  it.each([
    ['en', 'Accept all'],
    ['en', 'Only necessary'],
    ['hi', 'सभी स्वीकार करें'],
  ])(
    '%s: answering with "%s" from the keyboard moves the focus to the main content, not <body>',
    async (lng, answer) => {
      const user = userEvent.setup();
      await openSite(lng);
      screen.getByRole('button', { name: answer }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(cookieBar(lng)).not.toBeInTheDocument());
      expect(screen.getByRole('main')).toHaveFocus();
    },
  );
});
