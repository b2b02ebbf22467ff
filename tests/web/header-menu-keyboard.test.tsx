import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/routes.tsx';
import { renderWithApp } from '../support/render.tsx';

async function openMenu(lng = 'en') {
  const user = userEvent.setup();
  await renderWithApp(<AppRoutes />, { path: '/rules', lng });
  const menu = await screen.findByRole('button', { name: lng === 'hi' ? 'मेन्यू' : 'Menu' });
  await user.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  const nav = screen.getByRole('navigation', { name: lng === 'hi' ? 'मुख्य मेन्यू' : 'Main' });
  return { user, menu, nav };
}

describe('the phone menu and the keyboard', () => {
  it('closes on Escape from a link inside it and gives the focus back to the menu button', async () => {
    const { user, menu, nav } = await openMenu();
    within(nav).getAllByRole('link')[1]!.focus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes on Escape from the menu button itself', async () => {
    const { user, menu } = await openMenu();
    expect(menu).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes when the focus tabs out of it, and stays open while it moves inside or back to the button', async () => {
    const { user, menu, nav } = await openMenu();
    const links = within(nav).getAllByRole('link');
    links[0]!.focus();
    await user.tab();
    expect(links[1]).toHaveFocus();
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    links[0]!.focus();
    await user.tab({ shift: true });
    expect(menu).toHaveFocus();
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    links.at(-1)!.focus();
    await user.tab();
    expect(nav.contains(document.activeElement)).toBe(false);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
