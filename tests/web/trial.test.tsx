import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/app/login-marker.ts';
import QuickGamePage from '../../src/screens/trial/QuickGamePage.tsx';
import QuickGameScreenPage from '../../src/screens/trial/QuickGameScreenPage.tsx';
import { renderScreen } from '../support/api-stub.tsx';
import { createTestI18n } from '../support/i18n.ts';

interface FakeStageProps {
  marks: Array<{ id: string; label: string; point: { x: number; y: number } | null }>;
  selectedId: string | null;
  onPlace(point: { x: number; y: number }): void;
  reveal?: {
    ball: { x: number; y: number };
    distances: Record<string, number>;
    bestId: string | null;
    picture: { width: number };
    ballWidth?: number | null;
  } | null;
  disabled?: boolean;
  picture: { width: number; height: number };
  labels: {
    selected(label: string, x: number | null, y: number | null): string;
    revealDistance?: (pixels: number, ballWidth: number | null) => string;
    zoomHint?: string;
  };
}

// The Pixi stage cannot run in jsdom: a stand-in places the next point on a click and shows
// what the screen fed it.
const stage = vi.hoisted(() => ({ next: { x: 0, y: 0 } }));
vi.mock('../../src/stage/PictureStage.tsx', () => ({
  PictureStage: (props: FakeStageProps) => {
    const selected = props.marks.find((m) => m.id === props.selectedId);
    return (
      <div data-testid="stage" data-disabled={String(Boolean(props.disabled))} data-width={props.picture.width}>
        <button type="button" onClick={() => props.onPlace(stage.next)}>
          fake-place
        </button>
        <p data-testid="readout">
          {selected ? props.labels.selected(selected.label, selected.point?.x ?? null, selected.point?.y ?? null) : ''}
        </p>
        {props.reveal && (
          <p data-testid="reveal">
            {`ball ${props.reveal.ball.x},${props.reveal.ball.y} best ${props.reveal.bestId} width ${props.reveal.picture.width} ` +
              Object.entries(props.reveal.distances)
                .map(([id, d]) => `${id}=${d}`)
                .join(' ')}
          </p>
        )}
        {props.reveal && (
          <p data-testid="reveal-words">
            {Object.values(props.reveal.distances)
              .map((d) => props.labels.revealDistance?.(d, props.reveal?.ballWidth ?? null) ?? 'no words')
              .join(' | ')}
          </p>
        )}
        <p data-testid="zoom-hint">{props.labels.zoomHint}</p>
      </div>
    );
  },
}));

interface Call {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
}
type Answer = { status: number; data: unknown };

const picture = (id: string) => ({
  width: 1600,
  height: 1000,
  variants: [{ name: 'large', url: `/pictures/${id}.jpg`, width: 1600, height: 1000 }],
});
const revealPicture = {
  width: 1600,
  height: 1000,
  variants: [{ name: 'large', url: '/pictures/original.jpg', width: 1600, height: 1000 }],
};
const pairAnswer = (n: number): Answer => ({
  status: 200,
  data: { data: { pairId: `pair-${n}`, picture: picture(`p${n}`) } },
});
const failAnswer = (status: number, code: string, message: string): Answer => ({ status, data: { message, code } });
/** The practice pair's ball width in the answers (null: a pair made before it was asked for). */
let answerBallWidth: number | null = null;

function submitAnswer(body: unknown): Answer {
  const tickets = (body as { tickets: Array<{ x: number; y: number }> }).tickets;
  const distances = tickets.map((_, i) => 100.5 - i * 10);
  return {
    status: 200,
    data: {
      data: {
        ball: { x: 800, y: 500 },
        distances,
        bestIndex: distances.length - 1,
        ballWidth: answerBallWidth,
        reveal: revealPicture,
      },
    },
  };
}

let calls: Call[] = [];
let nextAnswers: Answer[] = [];
let pairsServed = 0;
const original = http.defaults.adapter;

/** GET next answers from nextAnswers first, else a fresh pair; POST submit judges by order. */
function stub() {
  calls = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method, url, params: config.params, body });
    let answer: Answer;
    if (method === 'GET' && url === '/practice/pairs/next') answer = nextAnswers.shift() ?? pairAnswer(++pairsServed);
    else if (method === 'POST' && /^\/practice\/pairs\/[^/]+\/submit$/.test(url))
      answer = nextAnswers.shift() ?? submitAnswer(body);
    else answer = failAnswer(404, 'NOT_FOUND', 'Not found');
    const response = {
      status: answer.status,
      statusText: String(answer.status),
      data: answer.data,
      headers: {},
      config,
    } as AxiosResponse;
    if (answer.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    return response;
  };
}

beforeEach(() => {
  answerBallWidth = null;
  pairsServed = 0;
  nextAnswers = [];
  stub();
});
afterEach(() => {
  http.defaults.adapter = original;
});

async function openGame(lng = 'en') {
  const result = await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen', lng });
  await screen.findByTestId('stage');
  return result;
}

function place(x: number, y: number) {
  stage.next = { x, y };
  fireEvent.click(screen.getByRole('button', { name: 'fake-place' }));
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

async function markAndSubmit(points: Array<[number, number]>) {
  points.forEach(([x, y], index) => {
    if (index > 0) fireEvent.click(button('Add ticket'));
    place(x, y);
  });
  fireEvent.click(button('Submit'));
  return screen.findByRole('heading', { name: 'Where the ball was' });
}

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
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/practice/pairs/next', params: {} });
    expect(screen.getByText('Practice game 1 of 4')).toBeInTheDocument();
    expect(button('Ticket 1: not marked')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Remove ticket 1')).toBeDisabled();
    expect(screen.getByTestId('readout')).toHaveTextContent('Ticket 1 selected, not marked yet');
    expect(screen.getByRole('region', { name: 'How to play' })).toHaveTextContent('Tap where you think the ball is');
  });

  it('marks, adds, selects and removes tickets', async () => {
    await openGame();
    place(120, 340);
    expect(button('Ticket 1, marked 120 pixels from the left and 340 from the top')).toBeInTheDocument();
    expect(screen.getByTestId('readout')).toHaveTextContent(
      'Ticket 1 selected, marked 120 from the left and 340 from the top of the picture',
    );
    fireEvent.click(button('Add ticket'));
    expect(button('Ticket 2: not marked')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Ticket 1, marked 120 pixels from the left and 340 from the top')).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    place(500, 600);
    fireEvent.click(button('Add ticket'));
    place(700, 100);
    fireEvent.click(button('Ticket 1, marked 120 pixels from the left and 340 from the top'));
    expect(button('Ticket 1, marked 120 pixels from the left and 340 from the top')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    place(121, 340);
    expect(button('Ticket 1, marked 121 pixels from the left and 340 from the top')).toBeInTheDocument();
    fireEvent.click(button('Remove ticket 2'));
    // Numbers follow the order: the third ticket is now number 2.
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ticket 1, marked 121 pixels from the left and 340 from the top',
      'Ticket 2, marked 700 pixels from the left and 100 from the top',
    ]);
    fireEvent.click(button('Remove ticket 2'));
    expect(button('Remove ticket 1')).toBeDisabled();
  });

  it("rejects the same coordinates twice with 'Duplicate Coordinates' as an alert", async () => {
    await openGame();
    place(10, 20);
    fireEvent.click(button('Add ticket'));
    place(10, 20);
    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate Coordinates');
    expect(button('Ticket 2: not marked')).toBeInTheDocument();
    fireEvent.click(button('Dismiss'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    place(10, 20);
    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate Coordinates');
    place(11, 20);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("stops at 10 tickets with 'No More Tickets'", async () => {
    await openGame();
    expect(screen.queryByText(/No More Tickets/)).not.toBeInTheDocument();
    for (let i = 0; i < 9; i += 1) fireEvent.click(button('Add ticket'));
    expect(screen.getAllByRole('button', { name: /^Ticket \d+: not marked$/ })).toHaveLength(10);
    expect(button('Add ticket')).toBeDisabled();
    expect(screen.getByText(/No More Tickets/)).toBeInTheDocument();
  });

  it('keeps Submit disabled until every ticket is marked', async () => {
    await openGame();
    expect(button('Submit')).toBeDisabled();
    expect(button('Submit')).toHaveAccessibleDescription('Mark all tickets before submitting');
    place(1, 1);
    expect(button('Submit')).toBeEnabled();
    fireEvent.click(button('Add ticket'));
    expect(button('Submit')).toBeDisabled();
    place(2, 2);
    expect(button('Submit')).toBeEnabled();
    expect(screen.queryByText('Mark all tickets before submitting')).not.toBeInTheDocument();
    expect(screen.getByText('All tickets marked. Submit to see where the ball was.')).toBeInTheDocument();
  });

  it('submits the marks in order and shows the reveal, each distance and the best ticket', async () => {
    await openGame();
    await markAndSubmit([
      [100, 100],
      [790, 505],
    ]);
    expect(calls.at(-1)).toMatchObject({
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
    expect(screen.getByText('The ball was at X 800, Y 500.')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Distance from the ball' })).getAllByRole('listitem');
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

  it('tells distances in ball widths, with pixels in the details, on the picture and in the list', async () => {
    answerBallWidth = 25;
    await openGame();
    expect(screen.getByTestId('zoom-hint')).toHaveTextContent('Zoom in to place your mark precisely');
    await markAndSubmit([
      [100, 100],
      [790, 505],
    ]);
    // 100.5 / 25 = 4.02 and 90.5 / 25 = 3.62 ball widths.
    expect(screen.getByTestId('reveal-words')).toHaveTextContent('4 ball widths | 3.6 ball widths');
    const rows = within(screen.getByRole('list', { name: 'Distance from the ball' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Ticket 14 ball widths · 100.5 px',
      'Ticket 23.6 ball widths · 90.5 pxClosest',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ticket 2 was your closest: 3.6 ball widths from the ball (90.5 px).',
    );
  });

  it('tells a mark on the ball and one nearer than a ball width in words', async () => {
    answerBallWidth = 200; // 100.5 px: under a ball width; 90.5 px: within the radius, on the ball.
    await openGame();
    await markAndSubmit([
      [100, 100],
      [790, 505],
    ]);
    expect(screen.getByTestId('reveal-words')).toHaveTextContent('Less than a ball width | On the ball!');
    const rows = within(screen.getByRole('list', { name: 'Distance from the ball' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Ticket 1Less than a ball width · 100.5 px',
      'Ticket 2On the ball! · 90.5 pxClosest',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Ticket 2 was right on the ball: 90.5 px from its centre!');
  });

  it('tells ball widths in Hindi', async () => {
    answerBallWidth = 90;
    await openGame('hi');
    place(100, 100);
    fireEvent.click(button('सबमिट करें'));
    await screen.findByRole('heading', { name: 'गेंद यहाँ थी' });
    // One ticket: 100.5 px / 90 = 1.1 ball widths.
    expect(screen.getByTestId('reveal-words')).toHaveTextContent('1.1 गेंद दूर');
    const rows = within(screen.getByRole('list', { name: 'गेंद से दूरी' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('1.1 गेंद दूर · 100.5 पिक्सेल');
    expect(screen.getByRole('status')).toHaveTextContent('टिकट 1 सबसे नज़दीक था: 1.1 गेंद दूर (100.5 पिक्सेल)।');
  });

  it('plays again on the next pair up to 4 games, then says 4 is the limit', async () => {
    await openGame();
    for (let game = 1; game <= 4; game += 1) {
      expect(screen.getByText(`Practice game ${game} of 4`)).toBeInTheDocument();
      await markAndSubmit([[game, game]]);
      if (game < 4) {
        fireEvent.click(button('Play again'));
        await screen.findByRole('button', { name: 'Ticket 1: not marked' });
        expect(calls.at(-1)).toMatchObject({
          method: 'GET',
          url: '/practice/pairs/next',
          params: { after: `pair-${game}` },
        });
      }
    }
    expect(screen.queryByRole('button', { name: 'Play again' })).not.toBeInTheDocument();
    expect(screen.getByText(/4 practice games a day is the limit/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(4);
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
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/practice/pairs/next', params: { after: 'pair-1' } });
    expect(screen.queryByTestId('reveal')).not.toBeInTheDocument();
    expect(screen.getByText('Practice game 2 of 4')).toBeInTheDocument();
  });

  it("says 'No image pairs available' and retries", async () => {
    nextAnswers = [failAnswer(404, 'NO_IMAGE_PAIRS', 'No image pairs available')];
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No image pairs available');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    fireEvent.click(button('Try again'));
    expect(await screen.findByTestId('stage')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'No game image available' and retries", async () => {
    nextAnswers = [failAnswer(404, 'NO_GAME_IMAGE', 'No game image available')];
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No game image available');
    fireEvent.click(button('Try again'));
    expect(await screen.findByTestId('stage')).toBeInTheDocument();
  });

  it('shows a generic failure for a network error, and a failed submit can be retried', async () => {
    nextAnswers = [failAnswer(500, 'INTERNAL', 'Something went wrong on our side.')];
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The practice picture could not be loaded.');
    fireEvent.click(button('Try again'));
    await screen.findByTestId('stage');
    place(3, 4);
    nextAnswers = [failAnswer(503, 'UNAVAILABLE', 'Down')];
    fireEvent.click(button('Submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your marks could not be checked.');
    fireEvent.click(button('Try again'));
    expect(await screen.findByRole('heading', { name: 'Where the ball was' })).toBeInTheDocument();
  });

  it('after a failed submit, Back to marking keeps the marks and lets the player change them', async () => {
    await openGame();
    place(3, 4);
    nextAnswers = [failAnswer(503, 'UNAVAILABLE', 'Down')];
    fireEvent.click(button('Submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your marks could not be checked.');
    expect(screen.getByTestId('stage')).toHaveAttribute('data-disabled', 'true');
    fireEvent.click(button('Back to marking'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('stage')).toHaveAttribute('data-disabled', 'false');
    place(5, 6);
    expect(button('Ticket 1, marked 5 pixels from the left and 6 from the top')).toBeInTheDocument();
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
    expect(button('सबमिट करें')).toBeDisabled();
    expect(screen.getByText('सबमिट करने से पहले सभी टिकटों पर निशान लगाएँ')).toBeInTheDocument();
    place(9, 9);
    fireEvent.click(button('टिकट जोड़ें'));
    place(9, 9);
    expect(screen.getByRole('alert')).toHaveTextContent('ये निर्देशांक पहले ही चुने जा चुके हैं');
    place(8, 9);
    fireEvent.click(button('सबमिट करें'));
    expect(await screen.findByRole('heading', { name: 'गेंद यहाँ थी' })).toBeInTheDocument();
    expect(screen.getByText('90.5 पिक्सेल')).toBeInTheDocument();
    expect(button('फिर से खेलें')).toBeInTheDocument();
    expect(button('असली प्रतियोगिता खेलें')).toBeInTheDocument();
  });

  it("shows 'No image pairs available' in Hindi", async () => {
    nextAnswers = [failAnswer(404, 'NO_IMAGE_PAIRS', 'No image pairs available')];
    await act(async () => {
      await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen', lng: 'hi' });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('कोई तस्वीर जोड़ी उपलब्ध नहीं है');
    expect(button('फिर से कोशिश करें')).toBeInTheDocument();
  });
});

describe('trial texts', () => {
  it('say the rule messages exactly as domain/tickets.ts and the spec do', async () => {
    const { TICKET_REASON_MESSAGES } = await import('../../domain/tickets.ts');
    const { PRACTICE_ERROR_MESSAGES } = await import('../../domain/practice.ts');
    const { readLocales } = await import('../support/i18n.ts');
    const en = readLocales().en!.trial as { reasons: Record<string, string>; errors: Record<string, string> };
    expect(en.reasons).toEqual(TICKET_REASON_MESSAGES);
    expect(en.errors.noImagePairs).toBe(PRACTICE_ERROR_MESSAGES.noImagePairs);
    expect(en.errors.noGameImage).toBe(PRACTICE_ERROR_MESSAGES.noGameImage);
  });
});
