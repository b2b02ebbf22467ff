import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../domain/admin-messages.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ok, stubApi } from '../support/api-stub.tsx';
import { adminMe, renderConsole } from '../support/render-console.tsx';

const me = adminMe;
const message: ContactMessage = {
  id: 'm1',
  subject: 'Invoice missing',
  email: 'fan@gmail.com',
  phone: '+919876501234',
  message: 'Where is my invoice?',
  language: 'hi',
  status: 'open',
  createdAt: Date.UTC(2026, 10, 24, 4, 30),
  answeredAt: null,
  answeredBy: null,
};

describe('Admin > Contact inbox', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('lists open messages first, opens one, and marks it answered', async () => {
    const calls = stubApi({
      'GET /account/me': me,
      'GET /admin/messages': () => ok({ messages: [message], nextCursor: null }),
      'GET /admin/messages/m1': () => ok({ message }),
      'POST /admin/messages/m1/answered': () =>
        ok({
          message: { ...message, status: 'answered', answeredAt: Date.UTC(2026, 10, 24, 6), answeredBy: 'Asha Rao' },
          changed: true,
        }),
    });
    await renderConsole('/admin/inbox');
    const list = await screen.findByRole('list', { name: 'Contact inbox' });
    expect(within(list).getByText('From fan@gmail.com · 24 Nov 2026, 10:00 IST')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/admin/messages')).toBeDefined();
    await userEvent.click(within(list).getByRole('link', { name: 'Invoice missing' }));
    expect(await screen.findByText('Where is my invoice?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:fan@gmail.com?subject=Re%3A%20Invoice%20missing',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark answered' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marked answered.');
    expect(screen.getByText('by Asha Rao, 24 Nov 2026, 11:30 IST')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });
});
