import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContestSeal, Publication, SealedEntry } from '../../domain/verification.ts';
import { http } from '../../src/api/http.ts';
import { AppRoutes } from '../../src/app/routes.tsx';
import { fail, ok, stubApi } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';
import { entry, publication, receiptsFor, sealedNodesOf } from '../support/verification-fixtures.ts';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

const entries = Array.from({ length: 45 }, (_, i) => entry(i));
const marks = [
  { x: 500, y: 300 },
  { x: 503, y: 301 },
  { x: 499, y: 305 },
];
const published = publication(entries, marks);
const sealOf = (p: Publication): ContestSeal => ({
  contestId: 'c9',
  state: 'published',
  seal: p.seal,
  commitment: null,
});

const open = (
  p: Publication | null,
  seal: ContestSeal | null = p ? sealOf(p) : null,
  lng = 'en',
  sealedEntries: SealedEntry[] = published.entries,
) => {
  const nodes = sealedNodesOf('c9', sealedEntries);
  stubApi({
    'GET /contests/c9/seal/nodes': async (_body, params) => {
      const { depth, index } = params as { depth: number; index: string };
      return ok(await nodes(depth, index.split(',').map(Number)));
    },
    'GET /contests/c9/seal': () => (seal ? ok(seal) : fail(404, 'Not found', 'NOT_FOUND')),
    'GET /contests/c9/publication': () =>
      p ? ok(p) : fail(404, 'The result of this contest is not published yet.', 'NOT_FOUND'),
  });
  return renderWithApp(<AppRoutes />, { path: '/the_winners_circle/c9/verify', lng });
};

describe('the public check of a result', () => {
  it('recomputes a published result in the browser and says it is verified', async () => {
    await open(published);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check this result' })).toBeInTheDocument();
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Every published figure matches the entries sealed at close.')).toBeInTheDocument();
    const checks = screen.getByRole('list', { name: 'Check this result' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expect.arrayContaining([expect.stringContaining('The entries match the seal made at close')]));
    expect(
      within(checks)
        .getAllByRole('listitem')
        .every((li) => li.textContent?.startsWith('✓')),
    ).toBe(true);
    // The seal, the judges' marks and their mean, the winner, the ranking a page at a time.
    expect(screen.getByText(published.seal.root)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Judge 1' })).toBeInTheDocument();
    expect(
      screen.getByText(`Player ${published.winner!.pseudonym}, ticket ${published.winner!.ticketId}`),
    ).toBeInTheDocument();
    const ranking = screen.getByRole('region', { name: 'Ranking' });
    expect(within(ranking).getAllByRole('row')).toHaveLength(21);
    fireEvent.click(within(ranking).getByRole('button', { name: 'Show 25 more' }));
    expect(within(ranking).getAllByRole('row')).toHaveLength(46);
    expect(within(ranking).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the result (JSON)' })).toHaveAttribute(
      'href',
      '/api/v1/contests/c9/publication/file',
    );
    expect(screen.getByRole('link', { name: 'Download the entries (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/contests/c9/publication/entries.csv',
    );
  });

  it('names the check that fails when one entry was moved, or a judge mark changed', async () => {
    const moved = { ...published, entries: published.entries.map((e, i) => (i === 3 ? { ...e, x: e.x + 1 } : e)) };
    const first = await open(moved, sealOf(published));
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(
      within(status).getByText('The entries match the seal made at close', { selector: 'strong' }),
    ).toBeInTheDocument();
    expect(within(status).getByText(`Published: ${published.seal.root}`)).toBeInTheDocument();
    // The sealed tree, walked through the site's nodes, names the moved ticket and what changed.
    const moved3 = moved.entries[3]!;
    expect(await within(status).findByText(`Entry 4, ticket ${moved3.ticketId}`, { exact: false })).toBeInTheDocument();
    expect(
      within(status).getByText(`position: sealed (${moved3.x - 1}, ${moved3.y}), published (${moved3.x}, ${moved3.y})`),
    ).toBeInTheDocument();
    expect(within(status).getByText('Where: the entries do not hash to the sealed root')).toBeInTheDocument();
    first.unmount();

    const judged = { ...published, judges: published.judges.map((j, i) => (i === 0 ? { ...j, x: j.x + 40 } : j)) };
    await open(judged);
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    expect(
      within(screen.getByRole('status')).getByText("The judged position follows from the judges' marks", {
        selector: 'strong',
      }),
    ).toBeInTheDocument();
  });

  it('checks a pasted receipt against the sealed root, and refuses a forged one', async () => {
    await open(published);
    await screen.findByText('Verified');
    const sorted = published.entries;
    const receipt = receiptsFor('c9', sorted)[7]!;
    const box = screen.getByLabelText('Receipt');
    fireEvent.click(screen.getByRole('button', { name: 'Check my receipt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Paste a receipt first.');
    fireEvent.change(box, { target: { value: JSON.stringify(receipt) } });
    fireEvent.click(screen.getByRole('button', { name: 'Check my receipt' }));
    expect(screen.getByText("Your ticket is in: its receipt leads to this contest's sealed root.")).toBeInTheDocument();
    fireEvent.change(box, {
      target: { value: JSON.stringify({ ...receipt, entry: { ...receipt.entry, y: receipt.entry.y + 1 } }) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check my receipt' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This receipt does not verify: its proof does not lead to its root.',
    );
    const elsewhere = receiptsFor('c9', [...sorted, entry(99)])[7]!;
    fireEvent.change(box, { target: { value: JSON.stringify(elsewhere) } });
    fireEvent.click(screen.getByRole('button', { name: 'Check my receipt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This receipt belongs to another contest or another seal.');
    fireEvent.change(box, { target: { value: 'not json' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check my receipt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This is not a ticket receipt of our site.');
  });

  it('before publication shows the seal and says when the full check opens; an unknown contest is not found', async () => {
    const view = await open(null, {
      contestId: 'c9',
      state: 'judging',
      seal: published.seal,
      commitment: { hash: 'a'.repeat(64), committedAt: '2026-11-23T06:30:00.000Z' },
    });
    expect(
      await screen.findByText('The entries are sealed. The full check opens when the result is published.'),
    ).toBeInTheDocument();
    expect(screen.getByText(published.seal.root)).toBeInTheDocument();
    expect(screen.getByText('a'.repeat(64))).toBeInTheDocument();
    view.unmount();
    await open(null, null);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this contest.');
    expect(screen.getByRole('link', { name: 'See all results' })).toHaveAttribute('href', '/the_winners_circle');
  });

  it('speaks Hindi', async () => {
    await open(published, sealOf(published), 'hi');
    expect(await screen.findByRole('heading', { level: 1, name: 'इस नतीजे की जाँच करें' })).toBeInTheDocument();
    expect(await screen.findByText('सत्यापित')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'क्या मेरा टिकट शामिल है?' })).toBeInTheDocument();
  });

  it('says in Hindi what does not match, down to the moved entry', async () => {
    const moved = { ...published, entries: published.entries.map((e, i) => (i === 3 ? { ...e, y: e.y + 2 } : e)) };
    await open(moved, sealOf(published), 'hi');
    expect(await screen.findByText('सत्यापित नहीं')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(within(status).getByText('कहाँ: एंट्री का हैश सील किए गए रूट से मेल नहीं खाता')).toBeInTheDocument();
    const e = moved.entries[3]!;
    expect(await within(status).findByText(`एंट्री 4, टिकट ${e.ticketId}`, { exact: false })).toBeInTheDocument();
    expect(
      within(status).getByText(`जगह: सील किया गया (${e.x}, ${e.y - 2}), प्रकाशित (${e.x}, ${e.y})`),
    ).toBeInTheDocument();
  });
});
