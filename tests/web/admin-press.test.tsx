import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPress } from '../../domain/admin-press.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ok, stubApi } from '../support/api-stub.tsx';
import { adminMe, renderConsole } from '../support/render-console.tsx';

const me = adminMe;
const draft: AdminPress = {
  id: 'p1',
  slug: 'spot-the-ball-returns',
  outlet: 'The Hindu',
  titleEn: 'Spot the ball returns',
  titleHi: '',
  summaryEn: 'A classic game, online.',
  summaryHi: '',
  bodyEn: 'One.\n\nTwo.',
  bodyHi: '',
  sourceUrl: null,
  publishedAt: Date.UTC(2026, 10, 19, 18, 30),
  isPublished: false,
  createdAt: 1,
  updatedAt: 1,
};

describe('Admin > Press', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('refuses an incomplete article before sending, saves a draft, then publishes after a confirm step', async () => {
    const calls = stubApi({
      'GET /account/me': me,
      'POST /admin/press': () => ok({ article: draft }),
      'GET /admin/press/p1': () => ok({ article: draft }),
      'POST /admin/press/p1/publish': () => ok({ article: { ...draft, isPublished: true }, changed: true }),
    });
    await renderConsole('/admin/press/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Save the draft' }));
    expect(await screen.findByText('Give the outlet (1 to 120 characters)')).toBeInTheDocument();
    expect(screen.getByText('Give an English title (3 to 300 characters)')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText('Outlet'), 'The Hindu');
    await userEvent.type(screen.getByLabelText('Published by the outlet on'), '2026-11-20');
    await userEvent.type(screen.getByLabelText('Title'), 'Spot the ball returns');
    await userEvent.type(screen.getByLabelText('Summary'), 'A classic game, online.');
    await userEvent.type(screen.getByLabelText('Text'), 'One.');
    await userEvent.type(screen.getByLabelText('Title (Hindi)'), 'स्पॉट द बॉल');
    await userEvent.click(screen.getByRole('button', { name: 'Save the draft' }));
    expect(await screen.findByRole('heading', { name: 'Spot the ball returns' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/admin/press')?.body).toMatchObject({
      outlet: 'The Hindu',
      publishedOn: '2026-11-20',
      titleHi: 'स्पॉट द बॉल',
      slug: '',
      sourceUrl: '',
    });
    expect(screen.getByText('Draft')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this article?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The article is on the site.');
    expect(screen.getByRole('link', { name: 'Open on the site' })).toHaveAttribute(
      'href',
      '/press-details/p1/spot-the-ball-returns',
    );
  });
});
