import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { button, openGame, place, stage, stubPracticeApi } from './trial-fixtures.tsx';

vi.mock('../../src/stage/PictureStage.tsx', async () => ({
  PictureStage: (await import('./trial-fixtures.tsx')).FakeStage,
}));

stubPracticeApi();

describe('the practice result and the focus', () => {
  it.each(['en', 'hi'])(
    '%s: Submit goes with the ticket bar, so the focus moves to the result heading',
    async (lng) => {
      stage.holdReveal = true;
      await openGame(lng);
      place(100, 100);
      const submit = button(lng === 'hi' ? 'सबमिट करें' : 'Submit');
      submit.focus();
      fireEvent.click(submit);
      await screen.findByTestId('reveal');
      fireEvent.click(button('fake-land'));
      const heading = screen.getByRole('heading', {
        level: 2,
        name: lng === 'hi' ? 'गेंद यहाँ थी' : 'Where the ball was',
      });
      expect(heading).toHaveFocus();
      expect(heading).toHaveAttribute('tabindex', '-1');
    },
  );

  it('leaves the focus where the player moved it while the reveal played', async () => {
    stage.holdReveal = true;
    await openGame();
    place(100, 100);
    fireEvent.click(button('Submit'));
    await screen.findByTestId('reveal');
    const elsewhere = screen.getByRole('link', { name: /Back to the home page/ });
    elsewhere.focus();
    fireEvent.click(button('fake-land'));
    await screen.findByRole('heading', { name: 'Where the ball was' });
    expect(elsewhere).toHaveFocus();
  });
});
