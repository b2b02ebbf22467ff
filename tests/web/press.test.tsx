import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PressArticle, PressListItem } from '../../domain/press.ts';
import { http } from '../../src/api/http.ts';
import { AppRoutes } from '../../src/app/routes.tsx';
import PressDetailPage from '../../src/screens/press/PressDetailPage.tsx';
import PressListPage from '../../src/screens/press/PressListPage.tsx';
import { renderWithApp } from '../support/render.tsx';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

interface Call {
  url: string;
  params: Record<string, unknown>;
}

type Answer = { status: number; data: unknown } | 'network-error';

/** Stubs the API: `answer` decides each response and every call is recorded. */
function stubApi(answer: (call: Call, index: number) => Answer): Call[] {
  const calls: Call[] = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const call = { url: config.url ?? '', params: (config.params ?? {}) as Record<string, unknown> };
    calls.push(call);
    const result = answer(call, calls.length - 1);
    if (result === 'network-error') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = {
      status: result.status,
      statusText: String(result.status),
      data: result.data,
      headers: {},
      config,
    } as AxiosResponse;
    if (result.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${result.status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    return response;
  };
  return calls;
}

const item = (n: number, overrides: Partial<PressListItem> = {}): PressListItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  slug: `story-${n}`,
  outlet: `Outlet ${n}`,
  title: `Headline ${n}`,
  summary: `Summary ${n}`,
  // 20:00 UTC on 1 Nov 2026 is already 2 Nov in India.
  publishedAt: Date.UTC(2026, 10, n, 20, 0),
  sourceUrl: null,
  ...overrides,
});

const list = (items: PressListItem[], total = items.length, page = 1) => ({
  status: 200,
  data: { data: { items, page, pageSize: 10, total } },
});

const article: PressArticle = {
  ...item(1, { sourceUrl: 'https://www.thehindu.com/sport/cricket/story-1' }),
  body: ['The first paragraph.', 'The second paragraph.', 'The third paragraph.'],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderDetail(path: string, lng = 'en') {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/press-details/:id/:slug" element={<PressDetailPage />} />
      </Routes>
      <Where />
    </>,
    { path, lng },
  );
}

describe('the press list', () => {
  it('shows each article with outlet, IST date, summary and a link to its page', async () => {
    const calls = stubApi(() => list([item(1, { outlet: 'The Hindu' }), item(2)]));
    await renderWithApp(<PressListPage />, { path: '/in_the_press' });
    expect(screen.getByRole('heading', { level: 1, name: 'In the press' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Headline 1' });
    expect(link).toHaveAttribute('href', '/press-details/00000000-0000-4000-8000-000000000001/story-1');
    const card = link.closest('article')!;
    expect(within(card).getByText('The Hindu')).toBeInTheDocument();
    expect(within(card).getByText('2 November 2026')).toHaveAttribute('datetime', '2026-11-01T20:00:00.000Z');
    expect(within(card).getByText('Summary 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(calls).toEqual([{ url: '/press', params: { lang: 'en', page: 1 } }]);
  });

  it('shows a spinner while the list loads', async () => {
    stubApi(() => list([item(1)]));
    await renderWithApp(<PressListPage />, { path: '/in_the_press' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByRole('link', { name: 'Headline 1' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('pages through the coverage with previous and next', async () => {
    const calls = stubApi((call) => {
      const page = Number(call.params.page);
      return page === 1
        ? list(
            Array.from({ length: 10 }, (_, i) => item(i + 1)),
            12,
            1,
          )
        : list([item(11), item(12)], 12, 2);
    });
    await renderWithApp(
      <>
        <PressListPage />
        <Where />
      </>,
      { path: '/in_the_press' },
    );
    await screen.findByRole('link', { name: 'Headline 1' });
    const pages = screen.getByRole('navigation', { name: 'Pages of press coverage' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    fireEvent.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Headline 12' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/in_the_press?page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/in_the_press');
    expect(calls.map((c) => c.params.page)).toEqual([1, 2]);
  });

  it('says honestly that there is no coverage yet', async () => {
    stubApi(() => list([]));
    await renderWithApp(<PressListPage />, { path: '/in_the_press' });
    expect(await screen.findByText('No press coverage yet. News about CricSpot will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers the first page when the address asks for a page past the end', async () => {
    stubApi(() => list([], 3, 4));
    await renderWithApp(<PressListPage />, { path: '/in_the_press?page=4' });
    expect(await screen.findByText('There are no articles on this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/in_the_press');
  });

  it('shows an error with a retry that loads the list again', async () => {
    const calls = stubApi((_call, index) => (index === 0 ? 'network-error' : list([item(1)])));
    await renderWithApp(<PressListPage />, { path: '/in_the_press' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Press coverage could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Headline 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('asks again in the new language when the language changes', async () => {
    const calls = stubApi((call) =>
      list([item(1, { title: call.params.lang === 'hi' ? 'हिंदी शीर्षक' : 'English headline' })]),
    );
    const { i18n } = await renderWithApp(<PressListPage />, { path: '/in_the_press' });
    await screen.findByRole('link', { name: 'English headline' });
    await act(async () => {
      await i18n.changeLanguage('hi');
    });
    expect(await screen.findByRole('link', { name: 'हिंदी शीर्षक' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'मीडिया में' })).toBeInTheDocument();
    expect(screen.getByText('2 नवंबर 2026')).toBeInTheDocument();
    expect(calls.map((c) => c.params.lang)).toEqual(['en', 'hi']);
  });
});

describe('one press article', () => {
  it('shows title, outlet, date, every paragraph, the original and a way back', async () => {
    const calls = stubApi(() => ({ status: 200, data: { data: article } }));
    await renderDetail(`/press-details/${article.id}/story-1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Headline 1' })).toBeInTheDocument();
    expect(screen.getByText('Outlet 1')).toBeInTheDocument();
    expect(screen.getByText('2 November 2026')).toBeInTheDocument();
    for (const paragraph of article.body) expect(screen.getByText(paragraph).tagName).toBe('P');
    const original = screen.getByRole('link', { name: 'Read the original article at Outlet 1 (opens in a new tab)' });
    expect(original).toHaveAttribute('href', 'https://www.thehindu.com/sport/cricket/story-1');
    expect(original).toHaveAttribute('target', '_blank');
    expect(original).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Back to In the press' })).toHaveAttribute('href', '/in_the_press');
    expect(calls).toEqual([{ url: `/press/${article.id}`, params: { lang: 'en' } }]);
  });

  it('has no link to an original that is not there', async () => {
    stubApi(() => ({ status: 200, data: { data: { ...article, sourceUrl: null } } }));
    await renderDetail(`/press-details/${article.id}/story-1`);
    await screen.findByRole('heading', { level: 1, name: 'Headline 1' });
    expect(screen.queryByRole('link', { name: /original article/ })).not.toBeInTheDocument();
  });

  it('puts the right slug in the address when the one given is wrong', async () => {
    stubApi(() => ({ status: 200, data: { data: article } }));
    await renderDetail(`/press-details/${article.id}/old-slug`);
    await screen.findByRole('heading', { level: 1, name: 'Headline 1' });
    // The address is corrected after the article arrives: wait for it, not for the element.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/press-details/${article.id}/story-1`));
  });

  it('shows the not-found page for an unknown article', async () => {
    stubApi(() => ({ status: 404, data: { message: 'Article not found', code: 'NOT_FOUND' } }));
    await renderDetail('/press-details/nope/some-slug');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, this page doesn't appear to exist")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'TAKE ME HOME' })).toHaveAttribute('href', '/');
  });

  it('shows an error with a retry when the article cannot be loaded', async () => {
    stubApi((_call, index) =>
      index === 0
        ? { status: 503, data: { message: 'down', code: 'INTERNAL' } }
        : { status: 200, data: { data: article } },
    );
    await renderDetail(`/press-details/${article.id}/story-1`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This article could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Headline 1' })).toBeInTheDocument();
  });

  it('is in Hindi when Hindi is chosen', async () => {
    const calls = stubApi(() => ({ status: 200, data: { data: { ...article, title: 'हिंदी शीर्षक' } } }));
    await renderDetail(`/press-details/${article.id}/story-1`, 'hi');
    expect(await screen.findByRole('heading', { level: 1, name: 'हिंदी शीर्षक' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "'मीडिया में' पर वापस जाएँ" })).toBeInTheDocument();
    expect(calls[0]!.params).toEqual({ lang: 'hi' });
  });
});

describe('the press routes', () => {
  it('serve the list and the article inside the site layout', async () => {
    stubApi((call) => (call.url === '/press' ? list([item(1)]) : { status: 200, data: { data: article } }));
    await renderWithApp(<AppRoutes />, { path: '/in_the_press' });
    fireEvent.click(await screen.findByRole('link', { name: 'Headline 1' }));
    expect(await screen.findByText('The second paragraph.')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
