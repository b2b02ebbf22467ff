import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettings } from '../../domain/site.ts';
import { http } from '../../src/api/http.ts';
import InfoPage from '../../src/screens/info/InfoPage.tsx';
import { fail, ok, renderScreen, type StubAnswer, stubApi } from '../support/api-stub.tsx';

// The rules, terms, FAQ and how-to-play pages say what the site does under its current settings:
// never 'paid play is suspended' while checkout takes money, and the GST rates of the bill.

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

const settings = (paidPlay: boolean, paidPlayReason?: 'noGateway'): SiteSettings => ({
  paidPlay,
  ...(paidPlayReason ? { paidPlayReason } : {}),
  billing: {
    entryGstBasisPoints: 4000,
    entryGstSince: '2025-09-22',
    feeGstBasisPoints: 1800,
    platformFeePaisePerTicket: 200,
    examplePricePaise: 4900,
    exampleAllInPaise: 5136,
  },
  location: {
    restrictedStates: [
      { code: 'IN-AP', nameEn: 'Andhra Pradesh', nameHi: 'आन्ध्र प्रदेश' },
      { code: 'IN-TG', nameEn: 'Telangana', nameHi: 'तेलंगाना' },
    ],
    checkMinutes: 60,
  },
});

describe('information pages follow the site settings', () => {
  it('with paid play on, the rules speak of paid entries at 40% GST and never of a suspension', async () => {
    stubApi({ 'GET /site': () => ok(settings(true)) });
    await renderScreen(<InfoPage page="rules" />, { path: '/rules' });
    expect(await screen.findByRole('heading', { name: 'Paid entries' })).toBeInTheDocument();
    // The all-in price per ticket, from the site's own figures (issue 25), and the 100% promo rule (issue 26).
    expect(
      screen.getByText(
        'Paid entries are open. Every price shown before the cart is the all-in price per ticket: the entry price, which includes GST at 40%, plus a platform fee of ₹2 and GST at 18% on that fee. For a ₹49 ticket that is ₹51.36. The bill shows each part before you pay.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /covers the whole entry price \(100%\) also waives the platform fee and its GST: the bill is then ₹0/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/suspended/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paid play is suspended' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Yes\. Contests with a ticket price take paid entries/)).toBeInTheDocument();
  });

  it('with paid play off, they say it is suspended and say nothing of paid entries being open', async () => {
    stubApi({ 'GET /site': () => ok(settings(false)) });
    await renderScreen(<InfoPage page="rules" />, { path: '/rules' });
    expect(await screen.findByRole('heading', { name: 'Paid play is suspended' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paid entries' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Paid entries are open/)).not.toBeInTheDocument();
    expect(screen.getByText(/^No\. Because of the Promotion and Regulation of Online Gaming Act/)).toBeInTheDocument();
    // Every contest is free to enter meanwhile, with one button (issue 26); no price is quoted.
    expect(screen.getByText(/^While the suspension lasts every contest is free to enter/)).toHaveTextContent(
      "confirm them with one button, 'Enter free'",
    );
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
  });

  it('with no payment gateway, the rules say paid entries open soon, never that they are open nor that the law suspended them', async () => {
    stubApi({ 'GET /site': () => ok(settings(false, 'noGateway')) });
    const { unmount } = await renderScreen(<InfoPage page="rules" />, { path: '/rules' });
    expect(await screen.findByRole('heading', { name: 'Paid entries open soon' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paid entries' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paid play is suspended' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Online Gaming Act/)).not.toBeInTheDocument();
    unmount();
    stubApi({ 'GET /site': () => ok(settings(false, 'noGateway')) });
    await renderScreen(<InfoPage page="rules" />, { path: '/rules', lng: 'hi' });
    expect(await screen.findByRole('heading', { name: 'सशुल्क प्रविष्टियाँ जल्द खुलेंगी' })).toBeInTheDocument();
  });

  it('with no payment gateway, how to play says no payment is taken yet', async () => {
    stubApi({ 'GET /site': () => ok(settings(false, 'noGateway')) });
    await renderScreen(<InfoPage page="tht" />, { path: '/tht' });
    expect(await screen.findByText(/^Paid entries are not open yet: no payment is taken/)).toBeInTheDocument();
    expect(screen.queryByText(/For a paid contest/)).not.toBeInTheDocument();
    expect(screen.queryByText(/While paid play is suspended/)).not.toBeInTheDocument();
  });

  it('the terms state the entry GST with the day it took effect, in English and Hindi', async () => {
    stubApi({ 'GET /site': () => ok(settings(true)) });
    const { unmount } = await renderScreen(<InfoPage page="terms" />, { path: '/terms' });
    expect(
      await screen.findByText(
        'The GST included in the entry price is 40%, the rate on online money gaming since 22 September 2025.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^A platform fee of ₹2 per ticket, plus GST at 18% on that fee, is included/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Paid play' })).toBeInTheDocument();
    unmount();
    await renderScreen(<InfoPage page="terms" />, { path: '/terms', lng: 'hi' });
    expect(await screen.findByText(/प्रवेश मूल्य में शामिल GST 40% है, जो 22 सितंबर 2025 से/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'सशुल्क खेल निलंबित है' })).not.toBeInTheDocument();
  });

  it('the rules and terms name the restricted states of now, in English and Hindi, and say when there are none', async () => {
    stubApi({ 'GET /site': () => ok(settings(true)) });
    const { unmount } = await renderScreen(<InfoPage page="rules" />, { path: '/rules' });
    expect(
      await screen.findByText('Contests are currently not offered in: Andhra Pradesh and Telangana.'),
    ).toBeInTheDocument();
    unmount();
    const terms = await renderScreen(<InfoPage page="terms" />, { path: '/terms', lng: 'hi' });
    expect(
      await screen.findByText(
        /इन राज्यों में फ़िलहाल प्रतियोगिताएँ उपलब्ध नहीं हैं: आन्ध्र प्रदेश और तेलंगाना। लोकेशन की जाँच 60 मिनट तक/,
      ),
    ).toBeInTheDocument();
    terms.unmount();
    stubApi({ 'GET /site': () => ok({ ...settings(true), location: { restrictedStates: [], checkMinutes: 60 } }) });
    await renderScreen(<InfoPage page="rules" />, { path: '/rules' });
    expect(await screen.findByText('Contests are currently not offered in: none at present.')).toBeInTheDocument();
  });

  it('how to play follows the switch inside a section', async () => {
    stubApi({ 'GET /site': () => ok(settings(false)) });
    await renderScreen(<InfoPage page="tht" />, { path: '/tht' });
    expect(
      await screen.findByText(
        "While paid play is suspended every contest is free to enter: mark your tickets and tap 'Enter free'; no payment is taken and your tickets are confirmed at once.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/For a paid contest/)).not.toBeInTheDocument();
  });

  it('when the settings cannot be had, states neither side, and no figures', async () => {
    stubApi({ 'GET /site': () => fail(503, 'Service unavailable') });
    await renderScreen(<InfoPage page="rules" />, { path: '/rules' });
    expect(await screen.findByRole('heading', { name: 'How the winner is decided' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paid play is suspended' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paid entries' })).not.toBeInTheDocument();
    expect(screen.queryByText(/\{\{|GST at %/)).not.toBeInTheDocument();
  });

  it('keeps a line for the paid-play section in the list while the settings load, and moves no other line when they come', async () => {
    let answer: (settled: StubAnswer) => void = () => undefined;
    stubApi({ 'GET /site': () => new Promise<StubAnswer>((resolve) => (answer = resolve)) });
    await renderScreen(<InfoPage page="rules" />, { path: '/rules' });
    const list = await screen.findByRole('navigation', { name: 'On this page' });
    const lines = () => [...list.querySelectorAll('li')];
    // Loading: the fifth line is kept for the section still to come, with no words but a loading
    // bar (its number stays, so the list reads 1 to 9), and screen readers skip it.
    expect(lines()).toHaveLength(9);
    expect(lines()[4]).toHaveAttribute('aria-hidden', 'true');
    expect(lines()[4]!.textContent!.trim()).toBe('');
    expect(lines()[4]!.querySelector('.skeleton')).not.toBeNull();
    expect(within(list).getAllByRole('link')).toHaveLength(8);
    const winner = within(list).getByRole('link', { name: 'How the winner is decided' }).closest('li');

    answer(ok(settings(false)));
    expect(await within(list).findByRole('link', { name: 'Paid play is suspended' })).toBeInTheDocument();
    expect(lines()).toHaveLength(9);
    expect(lines()[4]).toHaveTextContent('Paid play is suspended');
    expect(lines()[4]).not.toHaveAttribute('aria-hidden');
    // The lines after it are the same elements as before, in the same places.
    expect(lines()[5]).toBe(winner);
  });

  it('drops the kept line when the settings cannot be had', async () => {
    stubApi({ 'GET /site': () => fail(503, 'Service unavailable') });
    await renderScreen(<InfoPage page="rules" />, { path: '/rules' });
    const list = await screen.findByRole('navigation', { name: 'On this page' });
    await vi.waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(8));
    expect(list.querySelector('[aria-hidden="true"]')).toBeNull();
  });
});
