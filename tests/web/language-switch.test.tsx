import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../../src/ui/LanguageSwitch.tsx';
import { renderWithApp } from '../support/render.tsx';

/** WCAG 2.5.3 (axe label-content-name-mismatch): the accessible name holds the visible text, at its start. */
function expectNameStartsWithVisibleText(button: HTMLElement) {
  const visible = button.textContent?.trim() ?? '';
  expect(visible).not.toBe('');
  expect(button.getAttribute('aria-label')?.startsWith(visible)).toBe(true);
}

describe('the language switch', () => {
  it('in English: shows हिं, is named "हिं – हिन्दी" in Hindi, and switches', async () => {
    const { i18n } = await renderWithApp(<LanguageSwitch />);
    const button = screen.getByRole('button', { name: 'हिं – हिन्दी' });
    expect(button).toHaveTextContent(/^हिं$/);
    expect(button).toHaveAttribute('lang', 'hi');
    expectNameStartsWithVisibleText(button);
    fireEvent.click(button);
    const back = await screen.findByRole('button', { name: 'EN – English' });
    expect(i18n.language).toBe('hi');
    expect(back).toHaveTextContent(/^EN$/);
    expect(back).toHaveAttribute('lang', 'en');
    expectNameStartsWithVisibleText(back);
  });

  it('in Hindi: shows EN and is named "EN – English"', async () => {
    await renderWithApp(<LanguageSwitch />, { lng: 'hi' });
    const button = screen.getByRole('button', { name: 'EN – English' });
    expect(button).toHaveAttribute('lang', 'en');
    expect(button).toHaveAttribute('title', 'Read in English');
    expectNameStartsWithVisibleText(button);
  });
});
