import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/routes.tsx';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { renderWithApp } from '../support/render.tsx';

const footerPaths = [
  '/tht',
  '/terms',
  '/privacy',
  '/rules',
  '/cookies',
  '/contact_us',
  '/who_we_are',
  '/in_the_press',
  '/my_account_delete',
];
// The country look-up's licence (CC BY 4.0) asks for this credit.
const attribution = 'https://db-ip.com';

describe('the web shell', () => {
  it('shows the home page inside the header and footer', async () => {
    await renderWithApp(<AppRoutes />, { path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find the hidden ball. Win real prizes.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([...footerPaths, attribution]);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the account entry instead of login when the login marker is present', async () => {
    localStorage.setItem(STORAGE_KEYS.loginMarker, '1');
    await renderWithApp(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute('href', '/my_account');
  });

  it('answers any other path with the not-found page and its exact texts', async () => {
    await renderWithApp(<AppRoutes />, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, this page doesn't appear to exist")).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'TAKE ME HOME' });
    expect(home).toHaveAttribute('href', '/');
    fireEvent.click(home);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find the hidden ball. Win real prizes.' }),
    ).toBeInTheDocument();
  });

  it.each(['/my_account', '/my_entries', '/play_screen', '/cart', '/popupCheckout'])(
    'sends a visitor without a login marker from %s to /, and remembers it for the login',
    async (path) => {
      sessionStorage.clear();
      await renderWithApp(<AppRoutes />, { path });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Find the hidden ball. Win real prizes.' }),
      ).toBeInTheDocument();
      expect(sessionStorage.getItem('intendedPath')).toBe(path);
    },
  );

  it('has the menu of issue 25: Play, Practice, My entries, Winners, Live show, Cart', async () => {
    await renderWithApp(<AppRoutes />, { path: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Play', '/login'],
      ['Practice', '/quick_game'],
      ['My entries', '/login'],
      ['Winners', '/the_winners_circle'],
      ['Live show', '/live_weekly_winner'],
      ['Cart', '/login'],
      ['Login', '/login'],
    ]);
  });

  it('leads a logged-in player to the pages themselves, My entries from the header too', async () => {
    localStorage.setItem(STORAGE_KEYS.loginMarker, '1');
    await renderWithApp(<AppRoutes />, { path: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Play' })).toHaveAttribute('href', '/play_screen');
    expect(within(nav).getByRole('link', { name: 'My entries' })).toHaveAttribute('href', '/my_entries');
    expect(within(nav).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    const bar = screen.getByRole('banner');
    expect(
      within(bar)
        .getAllByRole('link', { name: 'My entries' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/my_entries', '/my_entries']);
  });

  it('switches the whole page to Hindi, then offers English back', async () => {
    const { i18n } = await renderWithApp(<AppRoutes />, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'हिं – हिन्दी' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'छिपी हुई गेंद खोजिए। असली इनाम जीतिए।' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN – English' })).toHaveAttribute('lang', 'en');
    expect(screen.queryByRole('button', { name: /हिन्दी/ })).not.toBeInTheDocument();
    expect(i18n.language).toBe('hi');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'संपर्क करें' })).toHaveAttribute(
      'href',
      '/contact_us',
    );
  });

  it('opens and closes the phone menu', async () => {
    await renderWithApp(<AppRoutes />, { path: '/' });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menu);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});
