import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { loginMarker } from '../../src/shared/login-marker.ts';
import QuickGameScreenPage from '../../src/screens/trial/QuickGameScreenPage.tsx';
import { renderScreen } from '../support/api-stub.tsx';
import { createTestI18n } from '../support/i18n.ts';
import { api, button, failAnswer, markAndSubmit, openGame, place, stubPracticeApi, stage } from './trial-fixtures.tsx';

vi.mock('../../src/stage/PictureStage.tsx', async () => ({
  PictureStage: (await import('./trial-fixtures.tsx')).FakeStage,
}));

stubPracticeApi();

describe('/quick_game_screen', () => {
  it("says 'No image pairs available' and retries", async () => {
    api.nextAnswers = [failAnswer(404, 'NO_IMAGE_PAIRS', 'No image pairs available')];
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No image pairs available');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    fireEvent.click(button('Try again'));
    expect(await screen.findByTestId('stage')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'No game image available' and retries", async () => {
    api.nextAnswers = [failAnswer(404, 'NO_GAME_IMAGE', 'No game image available')];
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No game image available');
    fireEvent.click(button('Try again'));
    expect(await screen.findByTestId('stage')).toBeInTheDocument();
  });

  it('shows a generic failure for a network error, and a failed submit can be retried', async () => {
    api.nextAnswers = [failAnswer(500, 'INTERNAL', 'Something went wrong on our side.')];
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The practice picture could not be loaded.');
    fireEvent.click(button('Try again'));
    await screen.findByTestId('stage');
    place(3, 4);
    api.nextAnswers = [failAnswer(503, 'UNAVAILABLE', 'Down')];
    fireEvent.click(button('Submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your marks could not be checked.');
    fireEvent.click(button('Try again'));
    expect(await screen.findByRole('heading', { name: 'Where the ball was' })).toBeInTheDocument();
  });

  it('after a failed submit, Back to marking keeps the marks and lets the player change them', async () => {
    await openGame();
    place(3, 4);
    api.nextAnswers = [failAnswer(503, 'UNAVAILABLE', 'Down')];
    fireEvent.click(button('Submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your marks could not be checked.');
    expect(screen.getByTestId('stage')).toHaveAttribute('data-disabled', 'true');
    fireEvent.click(button('Back to marking'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('stage')).toHaveAttribute('data-disabled', 'false');
    // Back on the board: a tap adds a ticket, a drag moves the kept one.
    place(5, 6);
    expect(button('Ticket 2, marked 5 pixels from the left and 6 from the top')).toBeInTheDocument();
    fireEvent.click(button('Ticket 1, marked 3 pixels from the left and 4 from the top'));
    stage.next = { x: 7, y: 8 };
    fireEvent.click(button('fake-drag'));
    expect(button('Ticket 1, marked 7 pixels from the left and 8 from the top')).toBeInTheDocument();
  });

  it('sends a guest to log in for the real contest, saying why and coming back to the play screen', async () => {
    const i18n = await createTestI18n('en');
    function Probe() {
      const location = useLocation();
      return <p data-testid="login-state">{JSON.stringify(location.state)}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/quick_game_screen']}>
          <Routes>
            <Route path="/quick_game_screen" element={<QuickGameScreenPage />} />
            <Route path="/login" element={<Probe />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    );
    await screen.findByTestId('stage');
    await markAndSubmit([[1, 2]]);
    fireEvent.click(button('Play the real contest'));
    expect(JSON.parse((await screen.findByTestId('login-state')).textContent ?? '')).toEqual({
      from: '/play_screen',
      notice: 'Please login to participate in this contest!',
    });
  });

  it('a logged-in player goes straight to the play screen', async () => {
    loginMarker.set();
    await openGame();
    await markAndSubmit([[1, 2]]);
    fireEvent.click(button('Play the real contest'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/play_screen');
  });

  it('speaks Hindi', async () => {
    await openGame('hi');
    expect(screen.getByText('अभ्यास गेम 1 / 4')).toBeInTheDocument();
    expect(button('टिकट जोड़ें')).toBeInTheDocument();
    expect(screen.getByText(/तस्वीर पर वहाँ टैप या क्लिक करें/)).toBeInTheDocument();
    fireEvent.click(button('सबमिट करें'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'सबमिट करने से पहले सभी टिकटों पर निशान लगाएँ हर टिकट के लिए तस्वीर पर टैप करें',
    );
    place(9, 9);
    place(9, 9);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'ये निर्देशांक पहले ही चुने जा चुके हैं आप ठीक यही जगह पहले ही चुन चुके हैं। कहीं और टैप करें।',
    );
    place(8, 9);
    fireEvent.click(button('सबमिट करें'));
    expect(await screen.findByRole('heading', { name: 'गेंद यहाँ थी' })).toBeInTheDocument();
    expect(screen.getByText('90.5 पिक्सेल')).toBeInTheDocument();
    expect(button('फिर से खेलें')).toBeInTheDocument();
    expect(button('असली प्रतियोगिता खेलें')).toBeInTheDocument();
  });

  it("shows 'No image pairs available' in Hindi", async () => {
    api.nextAnswers = [failAnswer(404, 'NO_IMAGE_PAIRS', 'No image pairs available')];
    await act(async () => {
      await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen', lng: 'hi' });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('कोई तस्वीर जोड़ी उपलब्ध नहीं है');
    expect(button('फिर से कोशिश करें')).toBeInTheDocument();
  });
});

describe('trial texts', () => {
  it('say the rule messages exactly as domain/tickets.ts and the spec do', async () => {
    const { ONE_AVAILABLE_MESSAGE, TICKET_REASON_MESSAGES } = await import('../../domain/tickets.ts');
    const { PRACTICE_ERROR_MESSAGES } = await import('../../domain/practice-answers.ts');
    const { readLocales } = await import('../support/i18n.ts');
    const en = readLocales().en!.trial as { reasons: Record<string, string>; errors: Record<string, string> };
    // onlyNAvailable in its two plural forms: the spec's sentence, and one ticket in the singular.
    const { onlyNAvailable, ...others } = TICKET_REASON_MESSAGES;
    expect(en.reasons).toEqual({
      ...others,
      onlyNAvailable_one: ONE_AVAILABLE_MESSAGE.replace('1', '{{count}}'),
      onlyNAvailable_other: onlyNAvailable,
    });
    expect(en.errors.noImagePairs).toBe(PRACTICE_ERROR_MESSAGES.noImagePairs);
    expect(en.errors.noGameImage).toBe(PRACTICE_ERROR_MESSAGES.noGameImage);
  });
});
