import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosResponse, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPicture } from '../../domain/admin-pictures.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import AdminSection from '../../src/screens/admin/AdminSection.tsx';
import { createTestI18n } from '../support/i18n.ts';
import { ADMIN_USER } from '../support/render-console.tsx';

const picture = (n: number, extra: Partial<AdminPicture> = {}): AdminPicture => ({
  id: `0000000${n}-1111-4222-8333-444444444444`,
  kind: 'contest',
  width: 3000,
  height: 2000,
  bytes: 2_400_000,
  mime: 'image/jpeg',
  createdAt: '2026-11-24T08:30:00.000Z',
  smallUrl: `/api/v1/pictures/p${n}/small`,
  largeUrl: `/api/v1/pictures/p${n}/large`,
  usedBy: [],
  ...extra,
});

interface Upload {
  config: InternalAxiosRequestConfig;
  progress(loaded: number, total: number): void;
  answer(status: number, data: unknown): void;
  dropConnection(): void;
  aborted: boolean;
}

/**
 * An axios adapter for the console: /account/me and the library answer at once; each upload is
 * held open so the test drives its progress events and its answer, and sees it aborted.
 */
function stubConsole(library: () => AdminPicture[]) {
  const uploads: Upload[] = [];
  const calls: string[] = [];
  http.defaults.adapter = (config: InternalAxiosRequestConfig) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
    calls.push(key);
    const respond = (status: number, data: unknown) => {
      const response = { status, statusText: String(status), data, headers: {}, config } as AxiosResponse;
      if (status >= 400)
        throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
      return response;
    };
    if (key === 'GET /account/me') {
      return Promise.resolve(
        respond(200, {
          data: {
            user: ADMIN_USER,
          },
        }),
      );
    }
    if (key === 'GET /admin/pictures')
      return Promise.resolve(respond(200, { data: { items: library(), nextCursor: null } }));
    if (key === 'POST /admin/pictures') {
      return new Promise((resolve, reject) => {
        const upload: Upload = {
          config,
          aborted: false,
          progress: (loaded, total) =>
            config.onUploadProgress?.({ loaded, total, bytes: loaded, lengthComputable: true } as never),
          answer: (status, data) => {
            try {
              resolve(respond(status, data));
            } catch (error) {
              reject(error as Error);
            }
          },
          dropConnection: () => reject(new AxiosError('Network Error', 'ERR_NETWORK', config, {})),
        };
        (config.signal as AbortSignal | undefined)?.addEventListener('abort', () => {
          upload.aborted = true;
          reject(new CanceledError(undefined, undefined, config));
        });
        uploads.push(upload);
      });
    }
    return Promise.reject(
      new AxiosError('Not found', 'ERR_BAD_REQUEST', config, null, {
        status: 404,
        statusText: '404',
        data: { message: 'Not found', code: 'NOT_FOUND' },
        headers: {},
        config,
      } as AxiosResponse),
    );
  };
  return { uploads, calls };
}

async function renderPictures(lng = 'en') {
  const i18n = await createTestI18n(lng);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/admin/pictures']}>
        <Suspense fallback={<p>loading chunk</p>}>
          <Routes>
            <Route path="/admin/*" element={<AdminSection />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const photo = (name = 'final-over.jpg', type = 'image/jpeg', size?: number) => {
  const file = new File([new Uint8Array(2048)], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('Admin > Pictures: uploading', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('shows a real progress bar, then the uploaded picture, and refreshes the library', async () => {
    let items = [picture(1)];
    const { uploads, calls } = stubConsole(() => items);
    const user = userEvent.setup();
    await renderPictures();
    const nav = await screen.findByRole('navigation', { name: 'Console areas' });
    expect(within(nav).getByRole('link', { name: 'Pictures' })).toHaveAttribute('href', '/admin/pictures');
    expect(
      await screen.findByRole('link', { name: /^Preview: Contest \(ball removed\), 3000 × 2000 px/ }),
    ).toHaveAttribute('href', `/admin/pictures/${picture(1).id}`);

    await user.selectOptions(screen.getByLabelText('What is it for?'), 'Practice: original');
    await user.upload(screen.getByLabelText('Photo'), photo());
    await waitFor(() => expect(uploads).toHaveLength(1));
    const upload = uploads[0]!;
    expect(upload.config.params).toEqual({ kind: 'practice_original' });
    expect(upload.config.headers['Content-Type']).toBe('image/jpeg');
    expect(upload.config.timeout).toBe(0);
    expect(upload.config.data).toBeInstanceOf(File);

    const bar = screen.getByRole('progressbar', { name: 'Uploading final-over.jpg' });
    expect(bar).toHaveAttribute('value', '0');
    expect(screen.getByLabelText('Photo')).toBeDisabled();
    act(() => upload.progress(10 * 1024 * 1024, 25 * 1024 * 1024));
    expect(bar).toHaveAttribute('value', '40');
    expect(screen.getByText('40% (10 MB of 25 MB)')).toBeInTheDocument();
    act(() => upload.progress(25 * 1024 * 1024, 25 * 1024 * 1024));
    expect(bar).toHaveAttribute('value', '100');
    expect(screen.getByText('Received. Making the display copies…')).toBeInTheDocument();

    const uploaded = picture(2, { kind: 'practice_original', width: 12000, height: 8000 });
    items = [uploaded, picture(1)];
    act(() => upload.answer(201, { data: uploaded }));
    expect(await screen.findByText('final-over.jpg is uploaded (12000 × 8000 px).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview it on the stage' })).toHaveAttribute(
      'href',
      `/admin/pictures/${uploaded.id}`,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: /^Preview: Practice: original, 12000 × 8000 px/ }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c === 'GET /admin/pictures')).toHaveLength(2);
    expect(screen.queryByText(/small for a game/)).not.toBeInTheDocument();
  });

  it('warns when a game picture is too small to mark to the pixel (the upload still stands)', async () => {
    const { uploads } = stubConsole(() => [picture(1)]);
    const user = userEvent.setup();
    await renderPictures();
    await screen.findByRole('link', { name: /^Preview: Contest \(ball removed\)/ });
    await user.selectOptions(screen.getByLabelText('What is it for?'), 'Contest (ball removed)');
    await user.upload(screen.getByLabelText('Photo'), photo());
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.answer(201, { data: picture(3, { kind: 'contest', width: 100, height: 100 }) }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This photo is small for a game: players zoom in to mark the ball to the pixel, and it will look blurred. Use a photo at least 1,280 px on its long side.',
    );
  });

  it('cancels an upload under way: the request is aborted and nothing is said to be saved', async () => {
    const { uploads } = stubConsole(() => []);
    const user = userEvent.setup();
    await renderPictures();
    expect(await screen.findByText('No pictures of this kind yet. Upload the first one above.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Photo'), photo('six.png', 'image/png'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.progress(1024 * 1024, 4 * 1024 * 1024));
    await user.click(screen.getByRole('button', { name: 'Cancel the upload' }));
    expect(uploads[0]!.aborted).toBe(true);
    expect(await screen.findByText('The upload of six.png was cancelled. Nothing was saved.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The same file again starts a new upload.
    await user.upload(screen.getByLabelText('Photo'), photo('six.png', 'image/png'));
    await waitFor(() => expect(uploads).toHaveLength(2));
  });

  it("says why the server refused a file, in the admin's language", async () => {
    const { uploads } = stubConsole(() => []);
    const user = userEvent.setup();
    await renderPictures();
    await user.upload(await screen.findByLabelText('Photo'), photo('broken.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() =>
      uploads[0]!.answer(400, {
        code: 'INVALID_PICTURE',
        message: 'This file could not be read as a photo: it is damaged or not a picture.',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('broken.jpg was not uploaded.');
    expect(alert).toHaveTextContent(
      'This file could not be read as a photo: it is damaged or not a picture. Export the photo again and upload the new file.',
    );
    expect(screen.getByLabelText('Photo')).toBeEnabled();

    await user.upload(screen.getByLabelText('Photo'), photo('huge.png', 'image/png'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() =>
      uploads[1]!.answer(400, {
        code: 'PICTURE_TOO_MANY_PIXELS',
        message: 'The photo is 12000 x 12000 pixels (144 megapixels); at most 100 megapixels can be used.',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The photo has more than 100 megapixels. Scale it down and upload it again.',
    );

    await user.upload(screen.getByLabelText('Photo'), photo('lost.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => uploads[2]!.dropConnection());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The connection was lost during the upload. Check it and try again.',
    );
  });

  it('refuses a wrong type or a file over 30 MB before sending a byte', async () => {
    const { uploads } = stubConsole(() => []);
    const user = userEvent.setup({ applyAccept: false });
    await renderPictures();
    await user.upload(await screen.findByLabelText('Photo'), photo('clip.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'clip.gif was not uploaded.Only JPEG, PNG and WebP photos can be uploaded here.',
    );
    await user.upload(screen.getByLabelText('Photo'), photo('raw.jpg', 'image/jpeg', 31 * 1024 * 1024));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('raw.jpg was not uploaded.The file is larger than 30 MB.'),
    );
    expect(uploads).toHaveLength(0);
  });

  it('reads in Hindi', async () => {
    const { uploads } = stubConsole(() => []);
    const user = userEvent.setup();
    await renderPictures('hi');
    expect(await screen.findByRole('heading', { name: 'तस्वीरें', level: 1 })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('तस्वीर'), photo('chhakka.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.progress(512 * 1024, 1024 * 1024));
    expect(screen.getByRole('progressbar', { name: 'chhakka.jpg अपलोड हो रही है' })).toHaveAttribute('value', '50');
    act(() => uploads[0]!.answer(413, { code: 'PICTURE_TOO_LARGE', message: 'The file is larger than 30 MB.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('फ़ाइल 30 MB से बड़ी है।');
  });
});
