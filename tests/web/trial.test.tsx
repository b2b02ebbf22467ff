import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import QuickGamePage from '../../src/screens/trial/QuickGamePage.tsx';
import QuickGameScreenPage from '../../src/screens/trial/QuickGameScreenPage.tsx';
import { renderScreen } from '../support/api-stub.tsx';
import { api, button, markAndSubmit, openGame, place, stage, stubPracticeApi } from './trial-fixtures.tsx';

vi.mock('../../src/stage/PictureStage.tsx', async () => ({
  PictureStage: (await import('./trial-fixtures.tsx')).FakeStage,
}));

stubPracticeApi();

describe('/quick_game', () => {
  it('explains practice and starts it', async () => {
    await renderScreen(<QuickGamePage />, { path: '/quick_game' });
    expect(screen.getByRole('heading', { level: 1, name: 'Free practice' })).toBeInTheDocument();
    expect(screen.getByText('Free to play, with no prize to win.')).toBeInTheDocument();
    expect(screen.getByText('Mark up to 10 tickets on each picture.')).toBeInTheDocument();
    expect(screen.getByText('Play up to 4 practice games a day, each on a new picture.')).toBeInTheDocument();
    expect(screen.getByText(/the real ball is revealed/)).toBeInTheDocument();
    expect(screen.getByText(/arrow keys move the mark/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /CricSpot: Back to the home page/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    fireEvent.click(screen.getByRole('link', { name: 'Start practice' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/quick_game_screen');
  });

  it('reads in Hindi', async () => {
    await renderScreen(<QuickGamePage />, { path: '/quick_game', lng: 'hi' });
    expect(screen.getByRole('heading', { level: 1, name: 'मुफ़्त अभ्यास' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'अभ्यास शुरू करें' })).toHaveAttribute('href', '/quick_game_screen');
  });
});

describe('/quick_game_screen', () => {
  it('shows the first picture by the address the page preloaded while the game loads, then the stage with one unmarked ticket selected and the game count', async () => {
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the picture...');
    expect(screen.getByRole('status').querySelector('img')).toHaveAttribute(
      'src',
      '/api/v1/practice/pairs/first/picture',
    );
    expect(await screen.findByTestId('stage')).toHaveAttribute('data-width', '1600');
    expect(api.calls[0]).toMatchObject({ method: 'GET', url: '/practice/pairs/next', params: {} });
    expect(screen.getByText('Practice game 1 of 4')).toBeInTheDocument();
    expect(button('Ticket 1: not marked')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Remove ticket 1')).toBeDisabled();
    expect(screen.getByTestId('readout')).toHaveTextContent('Ticket 1 selected, not marked yet');
    expect(screen.getByRole('region', { name: 'How to play' })).toHaveTextContent('Tap where you think the ball is');
  });

  it('places a new ticket with each tap on an empty spot; Add ticket waits for the next tap; a drag moves, delete removes', async () => {
    await openGame();
    place(120, 340);
    expect(button('Ticket 1, marked 120 pixels from the left and 340 from the top')).toBeInTheDocument();
    expect(screen.getByTestId('readout')).toHaveTextContent(
      'Ticket 1 selected, marked 120 from the left and 340 from the top of the picture',
    );
    // Three taps on three empty spots: three tickets, the newest selected (issue 25: no more one ticket that moves).
    place(500, 600);
    place(700, 100);
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ticket 1, marked 120 pixels from the left and 340 from the top',
      'Ticket 2, marked 500 pixels from the left and 600 from the top',
      'Ticket 3, marked 700 pixels from the left and 100 from the top',
    ]);
    expect(button('Ticket 3, marked 700 pixels from the left and 100 from the top')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Add ticket (keyboard and screen readers): an unmarked ticket that the next tap places.
    fireEvent.click(button('Add ticket'));
    expect(button('Ticket 4: not marked')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Tap or click the picture where you think the ball is/)).toBeInTheDocument();
    place(300, 300);
    expect(button('Ticket 4, marked 300 pixels from the left and 300 from the top')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ })).toHaveLength(4);
    // Selecting ticket 1 and dragging its mark moves it; a tap after that is a new ticket again.
    fireEvent.click(button('Ticket 1, marked 120 pixels from the left and 340 from the top'));
    stage.next = { x: 121, y: 340 };
    fireEvent.click(screen.getByRole('button', { name: 'fake-drag' }));
    expect(button('Ticket 1, marked 121 pixels from the left and 340 from the top')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The selected mark's delete control, and the chip's remove button, both remove.
    fireEvent.click(screen.getByRole('button', { name: 'fake-delete' }));
    fireEvent.click(button('Remove ticket 1'));
    // Numbers follow the order: what was ticket 3 is now number 1.
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ticket 1, marked 700 pixels from the left and 100 from the top',
      'Ticket 2, marked 300 pixels from the left and 300 from the top',
    ]);
    fireEvent.click(button('Remove ticket 2'));
    // The last ticket cannot be deleted: no delete control by its mark, its chip's button disabled.
    expect(button('Remove ticket 1')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'fake-delete' })).not.toBeInTheDocument();
  });

  it("rejects the same coordinates twice with 'Duplicate Coordinates' and what to do, as an alert", async () => {
    await openGame();
    place(10, 20);
    place(10, 20);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Duplicate Coordinates You have already played this exact spot. Tap somewhere else.',
    );
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ })).toHaveLength(1);
    fireEvent.click(button('Dismiss'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(button('Add ticket'));
    place(10, 20);
    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate Coordinates');
    expect(button('Ticket 2: not marked')).toBeInTheDocument();
    place(11, 20);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(button('Ticket 2, marked 11 pixels from the left and 20 from the top')).toBeInTheDocument();
  });

  it("stops at 10 tickets with 'No More Tickets' and what to do", async () => {
    await openGame();
    expect(screen.queryByText(/No More Tickets/)).not.toBeInTheDocument();
    for (let i = 0; i < 9; i += 1) fireEvent.click(button('Add ticket'));
    expect(screen.getAllByRole('button', { name: /^Ticket \d+: not marked$/ })).toHaveLength(10);
    expect(button('Add ticket')).toBeDisabled();
    expect(screen.getByText(/No More Tickets/)).toBeInTheDocument();
    expect(screen.getByText(/A practice game takes up to 10 tickets/)).toBeInTheDocument();
  });

  it('taps past ten tickets are refused with No More Tickets', async () => {
    await openGame();
    for (let i = 0; i < 10; i += 1) place(10 + i, 10);
    expect(screen.getAllByRole('button', { name: /^Ticket \d+, marked/ })).toHaveLength(10);
    place(50, 50);
    expect(screen.getByRole('alert')).toHaveTextContent('No More Tickets A practice game takes up to 10 tickets.');
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ })).toHaveLength(10);
  });

  it("says 'Mark all tickets before submitting' only after an attempt, with what to do", async () => {
    await openGame();
    expect(screen.queryByText(/Mark all tickets before submitting/)).not.toBeInTheDocument();
    expect(screen.getByText(/Tap or click the picture where you think the ball is/)).toBeInTheDocument();
    place(1, 1);
    fireEvent.click(button('Add ticket'));
    expect(screen.queryByText(/Mark all tickets before submitting/)).not.toBeInTheDocument();
    fireEvent.click(button('Submit'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Mark all tickets before submitting Tap the picture to place each ticket, or delete the ones you do not need.',
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    place(2, 2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('All tickets marked. Submit to see where the ball was.')).toBeInTheDocument();
  });

  it('submits the marks in order and shows the reveal, each distance and the best ticket', async () => {
    await openGame();
    await markAndSubmit([
      [100, 100],
      [790, 505],
    ]);
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/practice/pairs/pair-1/submit',
      body: {
        tickets: [
          { x: 100, y: 100 },
          { x: 790, y: 505 },
        ],
      },
    });
    expect(screen.getByTestId('reveal')).toHaveTextContent('ball 800,500 best t2 width 1600 t1=100.5 t2=90.5');
    expect(screen.getByTestId('stage')).toHaveAttribute('data-disabled', 'true');
    expect(screen.getByText('Where it was, in pixels of the original photo: X 800, Y 500.')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Distance from the ball' })).getAllByRole('listitem');
    // No ball width for this pair: pixels are the words, with no details line.
    expect(rows.map((r) => r.textContent)).toEqual(['Ticket 1100.5 px', 'Ticket 290.5 pxClosest']);
    expect(rows[1]).toHaveClass('trial-result__row--best');
    expect(screen.getByRole('status')).toHaveTextContent('Ticket 2 was your closest: 90.5 px from the ball.');
    // No ball width for this pair: the picture's words are pixels too.
    expect(screen.getByTestId('reveal')).toHaveTextContent('width 1600 t1=100.5 t2=90.5');
    expect(screen.getByTestId('reveal-words')).toHaveTextContent('100.5 px | 90.5 px');
    expect(button('Play again')).toBeInTheDocument();
    expect(button('Play the real contest')).toBeInTheDocument();
    // The solved picture is not offered again.
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
  });

  it('shows the result only once the count on the picture has landed', async () => {
    stage.holdReveal = true;
    await openGame();
    place(100, 100);
    fireEvent.click(button('Submit'));
    await screen.findByTestId('reveal');
    // The moment plays on the picture; the ticket bar stays, disabled, meanwhile.
    expect(screen.queryByRole('heading', { name: 'Where the ball was' })).not.toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();
    fireEvent.click(button('fake-land'));
    expect(screen.getByRole('heading', { name: 'Where the ball was' })).toBeInTheDocument();
  });

  it('tells distances in ball widths, with pixels in the details, on the picture and in the list', async () => {
    api.ballWidth = 25;
    await openGame();
    expect(screen.getByTestId('zoom-hint')).toHaveTextContent('Zoom in to place your mark precisely');
    await markAndSubmit([
      [100, 100],
      [790, 505],
    ]);
    // 100.5 / 25 = 4.02 and 90.5 / 25 = 3.62 ball widths.
    expect(screen.getByTestId('reveal-words')).toHaveTextContent('4 ball widths | 3.6 ball widths');
    const rows = within(screen.getByRole('list', { name: 'Distance from the ball' })).getAllByRole('listitem');
    // Ball widths first; the pixels only in each ticket's details line.
    expect(rows.map((r) => r.querySelector('.trial-result__distance')?.textContent)).toEqual([
      '4 ball widths',
      '3.6 ball widths',
    ]);
    expect(rows.map((r) => r.querySelector('.trial-result__details')?.textContent)).toEqual([
      "100.5 px from the ball's centre",
      "90.5 px from the ball's centre",
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Ticket 2 was your closest: 3.6 ball widths from the ball.');
    expect(screen.getByRole('status')).not.toHaveTextContent('px');
  });

  it('tells a mark on the ball and one nearer than a ball width in words', async () => {
    api.ballWidth = 200; // 100.5 px: under a ball width; 90.5 px: within the radius, on the ball.
    await openGame();
    await markAndSubmit([
      [100, 100],
      [790, 505],
    ]);
    expect(screen.getByTestId('reveal-words')).toHaveTextContent('Less than a ball width | On the ball!');
    const rows = within(screen.getByRole('list', { name: 'Distance from the ball' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      "Ticket 1Less than a ball width100.5 px from the ball's centre",
      "Ticket 2On the ball!Closest90.5 px from the ball's centre",
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Ticket 2 was right on the ball!');
  });

  it('tells ball widths in Hindi', async () => {
    api.ballWidth = 90;
    await openGame('hi');
    place(100, 100);
    fireEvent.click(button('सबमिट करें'));
    await screen.findByRole('heading', { name: 'गेंद यहाँ थी' });
    // One ticket: 100.5 px / 90 = 1.1 ball widths.
    expect(screen.getByTestId('reveal-words')).toHaveTextContent('1.1 गेंद दूर');
    const rows = within(screen.getByRole('list', { name: 'गेंद से दूरी' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('1.1 गेंद दूर');
    expect(rows[0]!.querySelector('.trial-result__details')).toHaveTextContent('गेंद के बीच से 100.5 पिक्सेल');
    expect(screen.getByRole('status')).toHaveTextContent('टिकट 1 सबसे नज़दीक था: 1.1 गेंद दूर।');
  });

  it('plays again on the next pair up to 4 games, then says 4 is the limit', async () => {
    await openGame();
    for (let game = 1; game <= 4; game += 1) {
      expect(screen.getByText(`Practice game ${game} of 4`)).toBeInTheDocument();
      await markAndSubmit([[game, game]]);
      if (game < 4) {
        fireEvent.click(button('Play again'));
        await screen.findByRole('button', { name: 'Ticket 1: not marked' });
        expect(api.calls.at(-1)).toMatchObject({
          method: 'GET',
          url: '/practice/pairs/next',
          params: { after: `pair-${game}` },
        });
      }
    }
    expect(screen.queryByRole('button', { name: 'Play again' })).not.toBeInTheDocument();
    expect(screen.getByText(/4 practice games a day is the limit/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(4);
  });

  it('resets all tickets while marking; after the reveal only a new picture is offered', async () => {
    await openGame();
    place(5, 5);
    fireEvent.click(button('Add ticket'));
    place(6, 6);
    // Reset asks first; keeping on leaves the marks.
    fireEvent.click(button('Reset'));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all marks?' });
    expect(dialog).toHaveTextContent('This removes every mark you have made on this picture.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep marking' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ })).toHaveLength(2);
    fireEvent.click(button('Reset'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear marks' }));
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ticket 1: not marked',
    ]);
    expect(button('Reset')).toBeDisabled();
    await markAndSubmit([
      [5, 5],
      [6, 6],
    ]);
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    fireEvent.click(button('Play again'));
    await screen.findByRole('button', { name: 'Ticket 1: not marked' });
    expect(api.calls.at(-1)).toMatchObject({ method: 'GET', url: '/practice/pairs/next', params: { after: 'pair-1' } });
    expect(screen.queryByTestId('reveal')).not.toBeInTheDocument();
    expect(screen.getByText('Practice game 2 of 4')).toBeInTheDocument();
  });
});
