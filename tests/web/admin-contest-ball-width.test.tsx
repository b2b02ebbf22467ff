import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPicture } from '../../domain/admin-pictures.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ADMIN_USER, renderConsole } from '../support/render-console.tsx';

// The Pixi stage cannot run in jsdom.
vi.mock('../../src/stage/PictureStage.tsx', () => ({ PictureStage: () => <div>stage</div> }));

const contest: AdminPicture = {
  id: 'contest-1',
  kind: 'contest',
  width: 1600,
  height: 1000,
  bytes: 900_000,
  mime: 'image/jpeg',
  createdAt: '2026-11-24T08:30:00.000Z',
  smallUrl: '/api/v1/pictures/contest-1/small',
  largeUrl: '/api/v1/pictures/contest-1/large',
  usedBy: [],
};

/** The console's API for one contest picture: its detail and its ball width (set or default). */
function stubConsole() {
  const calls: Array<{ key: string; body: unknown }> = [];
  let set: number | null = null;
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
    const width = () => ({ set, default: 16, used: set ?? 16 });
    if (key === 'GET /account/me') return respond(200, { data: { user: ADMIN_USER } });
    if (key === `GET /admin/pictures/${contest.id}`)
      return respond(200, {
        data: { picture: contest, stage: { width: 1600, height: 1000, variants: [] }, ball: null, ballWidth: null },
      });
    if (key === `GET /admin/pictures/${contest.id}/ball-width`) return respond(200, { data: width() });
    if (key === `PUT /admin/pictures/${contest.id}/ball-width`) {
      set = (body as { ballWidth: number | null }).ballWidth;
      return respond(200, { data: { ...width(), changed: true } });
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

describe("Admin > Pictures > a contest picture's ball width", () => {
  it('says the default in use, checks the width, saves it, and clears it back to the default', async () => {
    const calls = stubConsole();
    const user = userEvent.setup();
    await renderConsole(`/admin/pictures/${contest.id}`);
    const field = await screen.findByLabelText('Ball width (px)', undefined, { timeout: 10_000 });
    expect(field).toHaveAccessibleDescription(/\(4 to 400\).*default: 16 px.*Distances use the default width: 16 px\./);

    await user.type(field, '401');
    await user.click(screen.getByRole('button', { name: 'Save width' }));
    expect(
      await screen.findByText(
        "The ball's width must be from 4 to 400 pixels (at most a quarter of the picture's width).",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toEqual([]);

    await user.clear(field);
    await user.type(field, '22');
    await user.click(screen.getByRole('button', { name: 'Save width' }));
    expect(await screen.findByText(/Distances use the width set here: 22 px\. Saved\./)).toBeInTheDocument();

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save width' }));
    expect(await screen.findByText(/Distances use the default width: 16 px\. Saved\./)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('PUT')).map((c) => c.body)).toEqual([
        { ballWidth: 22 },
        { ballWidth: null },
      ]),
    );
  });
});
