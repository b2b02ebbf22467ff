import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ContestCard } from '../../src/screens/home/ContestCard.tsx';
import { useCurrentContests } from '../../src/shared/use-current-contests.ts';
import { fail, ok, stubApi, type StubAnswer } from '../support/api-stub.tsx';
import { contestView, currentAnswer } from './contest-fixtures.ts';
import { createTestI18n } from '../support/i18n.ts';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

function Where() {
  const location = useLocation();
  const state = location.state as { from?: string; notice?: string } | null;
  return <p data-testid="where">{`${location.pathname} from=${state?.from ?? ''} notice=${state?.notice ?? ''}`}</p>;
}

/** The card as the home page feeds it. */
function Card() {
  const { load, retry } = useCurrentContests();
  return <ContestCard load={load} retry={retry} />;
}

async function renderCard(answers: StubAnswer[], lng = 'en') {
  const calls = stubApi({ 'GET /contests/current': () => answers.shift() ?? fail(500, 'down') });
  const i18n = await createTestI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Card />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return calls;
}

describe('home contest card', () => {
  it('shows the open contest: picture, prize, price, limits, countdown to close, next show', async () => {
    await renderCard([ok(currentAnswer(contestView({ myTickets: 3 })))]);
    expect(screen.getByLabelText('Loading the contest...')).toHaveAttribute('aria-busy', 'true');
    const img = await screen.findByRole('img', { name: 'The contest picture: find where the ball is' });
    // The current contest's picture by its stable address (a redirect to its small variant), the
    // one the pre-rendered page shows and the server preloads: the same <img> from the first paint.
    expect(img).toHaveAttribute('src', '/api/v1/contests/current/picture');
    // The largest picture of the home page: fetched at once, never lazily.
    expect(img).not.toHaveAttribute('loading');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('Weekly jackpot')).toBeInTheDocument();
    expect(screen.getByText(/Cash prize · Worth ₹1,00,000$/)).toBeInTheDocument();
    // The all-in price per ticket (issue 25): ₹49 + ₹2 fee + 18% GST on it; no "+ fee" without an amount.
    expect(screen.getByTestId('contest-card-price')).toHaveTextContent(
      '₹51.36all in: entry with GST, platform fee and GST on the fee',
    );
    expect(screen.queryByText(/\+ fee/)).not.toBeInTheDocument();
    expect(screen.getByText('Max 75 tickets per person')).toBeInTheDocument();
    expect(screen.getByText('Tickets left: 9,000')).toBeInTheDocument();
    expect(screen.getByText('Your tickets: 3')).toBeInTheDocument();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Closes in: 1 Day, 0 Hours, (5|4) Minutes/);
    // The card's own contest's show (an earlier contest's may come first: the schedule card names that one).
    expect(screen.getByText(/^Winner revealed live: /)).toBeInTheDocument();
    expect(screen.queryByText('Game Play Closed!')).not.toBeInTheDocument();
  });

  it('says Free entry for a free contest and counts down to the opening of an upcoming one', async () => {
    const opensAt = new Date(Date.now() + 2 * 3_600_000 + 30_000).toISOString();
    await renderCard([ok(currentAnswer(contestView({ state: 'upcoming', opensAt, ticketPricePaise: 0 })))]);
    expect(await screen.findByText('Free entry')).toBeInTheDocument();
    expect(screen.getByText('Opening soon')).toBeInTheDocument();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Opens in: 0 Days, 2 Hours, 0 Minutes/);
  });

  it("says 'Game Play Closed!' for a closed contest, without the Play button", async () => {
    await renderCard([ok(currentAnswer(contestView({ state: 'closed' })))]);
    expect(await screen.findByText('Game Play Closed!')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play now' })).not.toBeInTheDocument();
  });

  it('sends a logged-out visitor to /login with the spec message, a logged-in one to /play_screen', async () => {
    await renderCard([ok(currentAnswer(contestView()))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Play now' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/login from=/play_screen notice=Please login to participate in this contest!',
    );
  });

  it('goes straight to /play_screen when logged in', async () => {
    loginMarker.set();
    await renderCard([ok(currentAnswer(contestView()))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Play now' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/play_screen from= notice=');
  });

  it('while paid play is suspended: Free entry with no price, and why, in English and Hindi (issue 26)', async () => {
    // The server sends no price then: every contest is free to enter.
    const off = { enabled: false, message: PAID_PLAY_SUSPENDED_MESSAGE };
    const free = contestView({ ticketPricePaise: 0, allInPricePaise: 0 });
    await renderCard([ok(currentAnswer(free, off))]);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Real-money play is suspended under the new online-gaming law, so every contest is free to enter.',
    );
    const price = screen.getByTestId('contest-card-price');
    expect(price).toHaveTextContent(/^Free entry/);
    expect(price).not.toHaveTextContent('₹');
    expect(screen.getByRole('button', { name: 'Play now' })).toBeInTheDocument();
    cleanup();
    await renderCard([ok(currentAnswer(free, off))], 'hi');
    expect(await screen.findByRole('note')).toHaveTextContent('हर प्रतियोगिता में प्रवेश मुफ़्त है');
    expect(screen.getByTestId('contest-card-price')).toHaveTextContent(/^मुफ़्त प्रवेश/);
  });

  it("while it loads, holds the suspended notice's room for a page sent with paid play suspended, then follows the answer", async () => {
    let answer!: (value: StubAnswer) => void;
    stubApi({ 'GET /contests/current': () => new Promise<StubAnswer>((resolve) => (answer = resolve)) });
    const i18n = await createTestI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/']}>
          <Card />
        </MemoryRouter>
      </I18nextProvider>,
    );
    // Shown only under <html data-paid-play="suspended"> (contest.css): the same words, so the
    // answer's notice takes its place without a move. The title's room: its words, hidden.
    const awaited = document.querySelector('.contest-notice--awaited');
    expect(awaited).toHaveTextContent('Notice: Real-money play is suspended under the new online-gaming law');
    expect(document.querySelector('.contest-card__title.skeleton')).toHaveAttribute('aria-hidden', 'true');
    answer(ok(currentAnswer(contestView())));
    expect(await screen.findByRole('button', { name: 'Play now' })).toBeInTheDocument();
    // Paid play on: no notice at all once the answer is in.
    expect(document.querySelector('.contest-notice')).toBeNull();
  });

  it('with no payment gateway, says paid entries open soon and offers a practice game instead of the price and Play now, in English and Hindi', async () => {
    await renderCard([ok(currentAnswer(contestView(), { enabled: false, reason: 'noGateway' }))]);
    expect(await screen.findByText('Paid entries open soon')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Paid entries open soon. Try a free practice game meanwhile.');
    expect(screen.queryByText(/\+ fee/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a free practice game' })).toHaveAttribute('href', '/quick_game');
  });

  it('with no payment gateway, a free contest still plays as usual', async () => {
    await renderCard([
      ok(currentAnswer(contestView({ ticketPricePaise: 0 }), { enabled: false, reason: 'noGateway' })),
    ]);
    expect(await screen.findByRole('button', { name: 'Play now' })).toBeInTheDocument();
    expect(screen.queryByText('Paid entries open soon')).not.toBeInTheDocument();
  });

  it('says paid entries open soon in Hindi', async () => {
    await renderCard([ok(currentAnswer(contestView(), { enabled: false, reason: 'noGateway' }))], 'hi');
    expect(await screen.findByText('सशुल्क प्रविष्टियाँ जल्द खुलेंगी')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मुफ़्त अभ्यास गेम खेलें' })).toBeInTheDocument();
  });

  it('shows an error with a retry that loads again', async () => {
    const calls = await renderCard([fail(500, 'down'), ok(currentAnswer(contestView()))]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The contest could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Weekly jackpot')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.url).toBe('/contests/current');
  });

  it('says when no contest is scheduled, and reads in Hindi', async () => {
    await renderCard([ok(currentAnswer(null))], 'hi');
    expect(await screen.findByText('अभी कोई प्रतियोगिता निर्धारित नहीं है। कृपया जल्द ही फिर देखें।')).toBeInTheDocument();
  });

  it('reads the open contest in Hindi', async () => {
    await renderCard([ok(currentAnswer(contestView()))], 'hi');
    expect(await screen.findByText('प्रति व्यक्ति अधिकतम 75 टिकट')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अभी खेलें' })).toBeInTheDocument();
    // The first price a player sees is all in.
    expect(screen.getByText('₹51.36')).toBeInTheDocument();
    expect(screen.getByText('सब मिलाकर: जीएसटी सहित प्रवेश, प्लेटफ़ॉर्म शुल्क और उस पर जीएसटी')).toBeInTheDocument();
  });

  it('shows the prize photo (small, lazy, with alt text) when the admin set one', async () => {
    await renderCard([
      ok(
        currentAnswer(
          contestView({
            prize: {
              kind: 'merchandise',
              title: 'Signed bat',
              valuePaise: 500_000,
              pictureUrl: '/api/v1/pictures/pz/small',
            },
          }),
        ),
      ),
    ]);
    const photo = await screen.findByRole('img', { name: 'Photo of the prize: Signed bat' });
    expect(photo).toHaveAttribute('src', '/api/v1/pictures/pz/small');
    expect(photo).toHaveAttribute('loading', 'lazy');
  });

  it('says a cancelled contest is cancelled, why, and that paid tickets are refunded; no Play button, no countdown', async () => {
    await renderCard([ok(currentAnswer(contestView({ state: 'cancelled', cancelReason: 'Rain stopped play.' })))]);
    expect(await screen.findByText('This contest has been cancelled')).toBeInTheDocument();
    expect(screen.getByText('Reason: Rain stopped play.')).toBeInTheDocument();
    expect(screen.getByText(/refunded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByText('Game Play Closed!')).not.toBeInTheDocument();
  });

  it("ends the operator's reason for a recent cancellation as a sentence, keeping their own full stop", async () => {
    for (const [reason, lng, expected] of [
      [
        'Picture leaked before the close',
        'en',
        'Contest A was cancelled: Picture leaked before the close. Paid tickets are refunded; players with tickets have been told.',
      ],
      [
        'Picture leaked before the close. ',
        'en',
        'Contest A was cancelled: Picture leaked before the close. Paid tickets are refunded; players with tickets have been told.',
      ],
      [
        'तस्वीर पहले ही लीक हो गई',
        'hi',
        'प्रतियोगिता A रद्द कर दी गई: तस्वीर पहले ही लीक हो गई। पैसे देकर लिए गए टिकटों का पैसा लौटाया जा रहा है; जिनके टिकट थे उन्हें बता दिया गया है।',
      ],
    ] as const) {
      const answer = {
        ...currentAnswer(contestView({})),
        cancelled: { slot: 'A' as const, reason, cancelledAt: '2026-11-22T04:30:00.000Z' },
      };
      await renderCard([ok(answer)], lng);
      expect(await screen.findByText(expected)).toBeInTheDocument();
      cleanup();
    }
  });
});
