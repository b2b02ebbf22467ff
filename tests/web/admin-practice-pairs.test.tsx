import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPicture, AdminPracticePair } from '../../domain/admin-pictures.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ADMIN_USER, renderConsole } from '../support/render-console.tsx';

// The Pixi stage cannot run in jsdom: a stand-in marks the ball where the test says.
vi.mock('../../src/stage/PictureStage.tsx', () => ({
  PictureStage: (props: { onPlace(point: { x: number; y: number }): void }) => (
    <button type="button" onClick={() => props.onPlace({ x: 1500, y: 900 })}>
      fake-mark-ball
    </button>
  ),
}));

const picture = (id: string, kind: AdminPicture['kind']): AdminPicture => ({
  id,
  kind,
  width: 3000,
  height: 2000,
  bytes: 2_400_000,
  mime: 'image/jpeg',
  createdAt: '2026-11-24T08:30:00.000Z',
  smallUrl: `/api/v1/pictures/${id}/small`,
  largeUrl: `/api/v1/pictures/${id}/large`,
  usedBy: [],
});
const removed = picture('removed-1', 'practice_removed');
const original = picture('original-1', 'practice_original');
const ref = (p: AdminPicture) => ({ id: p.id, width: p.width, height: p.height, smallUrl: p.smallUrl });
const pair = (n: number, ballWidth: number | null): AdminPracticePair => ({
  id: `pair-${n}`,
  removed: ref(removed),
  original: ref(original),
  ball: { x: 1500, y: 900 },
  ballWidth,
  active: true,
  position: n,
  createdAt: '2026-11-24T08:30:00.000Z',
});

interface Call {
  key: string;
  body: unknown;
}

/** The console's API: pictures by kind, one picture's detail, pairs, and what a save answers. */
function stubConsole(
  options: { pairs?: AdminPracticePair[]; save?: (body: unknown) => { status: number; data: unknown } } = {},
) {
  const calls: Call[] = [];
  let pairs = options.pairs ?? [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ key, body });
    const respond = (status: number, data: unknown) => {
      const response = { status, statusText: String(status), data, headers: {}, config } as AxiosResponse;
      if (status >= 400)
        throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
      return response;
    };
    if (key === 'GET /account/me') {
      return respond(200, {
        data: {
          user: ADMIN_USER,
        },
      });
    }
    if (key === 'GET /admin/pictures') {
      const kind = (config.params as { kind?: string } | undefined)?.kind;
      return respond(200, { data: { items: [removed, original].filter((p) => p.kind === kind), nextCursor: null } });
    }
    if (key === `GET /admin/pictures/${original.id}`)
      return respond(200, {
        data: { picture: original, stage: { width: 3000, height: 2000, variants: [] }, ball: null, ballWidth: null },
      });
    if (key === 'POST /admin/practice-pairs')
      return options.save
        ? respond(options.save(body).status, options.save(body).data)
        : respond(201, { data: pair(1, 24) });
    if (key === 'GET /admin/practice-pairs') return respond(200, { data: { pairs } });
    const width = /^PUT \/admin\/practice-pairs\/([^/]+)\/ball-width$/.exec(key);
    if (width) {
      const { ballWidth } = body as { ballWidth: number };
      pairs = pairs.map((p) => (p.id === width[1] ? { ...p, ballWidth } : p));
      return respond(200, { data: { pair: pairs.find((p) => p.id === width[1]), changed: true } });
    }
    return respond(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  return calls;
}

const original$ = http.defaults.adapter;
beforeEach(() => loginMarker.set());
afterEach(() => {
  loginMarker.clear();
  http.defaults.adapter = original$;
});

async function choosePicturesAndBall(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Choose Practice: ball removed/ }));
  await user.click(await screen.findByRole('button', { name: /^Choose Practice: original/ }));
  await user.click(await screen.findByRole('button', { name: 'fake-mark-ball' }));
}

describe('Admin > Pictures > a new practice pair: the ball width', () => {
  it('lights the tab of the page it is on: Practice pairs, not Library', async () => {
    stubConsole({ pairs: [pair(1, 24)] });
    await renderConsole('/admin/pictures/pairs');
    const tabs = await screen.findByRole('navigation', { name: 'Pictures sections' });
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'Practice pairs' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(tabs).getByRole('link', { name: 'Library' })).not.toHaveAttribute('aria-current');
  });

  it('asks for the width in whole pixels from 4 to a quarter of the picture, then sends it', async () => {
    const calls = stubConsole();
    const user = userEvent.setup();
    await renderConsole('/admin/pictures/pairs/new');
    await choosePicturesAndBall(user);
    const field = screen.getByLabelText('Ball width (px)');
    expect(field).toHaveAccessibleDescription(/\(4 to 750\)/);

    await user.click(screen.getByRole('button', { name: 'Make the pair' }));
    expect(await screen.findByText("Enter the ball's width in pixels.")).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '751');
    await user.click(screen.getByRole('button', { name: 'Make the pair' }));
    expect(
      await screen.findByText(
        "The ball's width must be from 4 to 750 pixels (at most a quarter of the picture's width).",
      ),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '3');
    await user.click(screen.getByRole('button', { name: 'Make the pair' }));
    expect(await screen.findByText(/must be from 4 to 750 pixels/)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /admin/practice-pairs')).toEqual([]);

    await user.clear(field);
    await user.type(field, '24');
    await user.click(screen.getByRole('button', { name: 'Make the pair' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /admin/practice-pairs')).toHaveLength(1));
    expect(calls.find((c) => c.key === 'POST /admin/practice-pairs')!.body).toEqual({
      removedPictureId: removed.id,
      originalPictureId: original.id,
      ball: { x: 1500, y: 900 },
      ballWidth: 24,
      active: true,
    });
  });

  it("shows the server's refusal of a width under the field", async () => {
    const message =
      "The ball's width must be a whole number of pixels from 4 to 750 (a quarter of the picture's width).";
    stubConsole({
      save: () => ({ status: 400, data: { code: 'PAIR_BALL_WIDTH', message, fields: { ballWidth: message } } }),
    });
    const user = userEvent.setup();
    await renderConsole('/admin/pictures/pairs/new');
    await choosePicturesAndBall(user);
    await user.type(screen.getByLabelText('Ball width (px)'), '30');
    await user.click(screen.getByRole('button', { name: 'Make the pair' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(screen.getByLabelText('Ball width (px)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says what is wrong in Hindi', async () => {
    stubConsole();
    const user = userEvent.setup();
    await renderConsole('/admin/pictures/pairs/new', 'hi');
    // The ball-removed picker first, the original's below it.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^चुनें:/ })).toHaveLength(2));
    for (const choice of screen.getAllByRole('button', { name: /^चुनें:/ })) await user.click(choice);
    await user.click(await screen.findByRole('button', { name: 'fake-mark-ball' }));
    await user.type(screen.getByLabelText('गेंद की चौड़ाई (px)'), '2');
    await user.click(screen.getByRole('button', { name: 'जोड़ा बनाएँ' }));
    expect(
      await screen.findByText('गेंद की चौड़ाई 4 से 750 पिक्सल तक होनी चाहिए (ज़्यादा से ज़्यादा तस्वीर की चौड़ाई का चौथाई)।'),
    ).toBeInTheDocument();
  });
});

describe('Admin > Pictures > practice pairs: the ball width', () => {
  it('lists each pair with its ball width, and sets the width of a pair that has none', async () => {
    const calls = stubConsole({ pairs: [pair(1, 24), pair(2, null)] });
    const user = userEvent.setup();
    await renderConsole('/admin/pictures/pairs');
    await screen.findByText('Ball 24 px wide');
    const items = screen.getAllByRole('listitem');
    const [first, second] = items.filter((li) => li.classList.contains('pair-item'));
    expect(first).toHaveTextContent('Ball 24 px wide');
    expect(second).toHaveTextContent('Ball width not set: players see distances in pixels');

    const field = within(second!).getByLabelText('Ball width of pair 2 (px)');
    await user.type(field, '9999');
    await user.click(within(second!).getByRole('button', { name: 'Save width' }));
    expect(await within(second!).findByRole('alert')).toHaveTextContent(
      "The ball's width must be from 4 to 750 pixels",
    );
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toEqual([]);

    await user.clear(field);
    await user.type(field, '31');
    await user.click(within(second!).getByRole('button', { name: 'Save width' }));
    await waitFor(() => expect(screen.getAllByText('Ball 31 px wide')).toHaveLength(1));
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toEqual([
      { key: 'PUT /admin/practice-pairs/pair-2/ball-width', body: { ballWidth: 31 } },
    ]);
  });
});
