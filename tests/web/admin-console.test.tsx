import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../domain/audit.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { fail, ok, stubApi } from '../support/api-stub.tsx';
import { renderConsole } from '../support/render-console.tsx';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">{`${location.pathname} from=${String((location.state as { from?: string } | null)?.from)}`}</p>
  );
}

const me = (roles: string[]) =>
  ok({
    user: {
      id: 'u1',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@cricspot.in',
      phone: '+919876543210',
      status: 'active',
      roles,
      avatarUrl: null,
      hasPassword: true,
    },
  });

const entry = (n: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `e${n}`,
  actorId: 'u1',
  actorName: 'Asha Rao',
  action: 'role.grant',
  targetType: 'user',
  targetId: `0000000${n}-aaaa-bbbb-cccc-dddddddddddd`,
  summary: `Gave the judge role to Judge ${n}`,
  before: { roles: [] },
  after: { roles: ['judge'] },
  ip: null,
  at: '2026-11-24T08:30:00.000Z',
  ...extra,
});

describe('the console section', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('sends a visitor who is not logged in to /login, to come back afterwards', async () => {
    loginMarker.clear();
    await renderConsoleWithWhere('/admin/audit');
    expect(await screen.findByTestId('where')).toHaveTextContent('/login from=/admin/audit');
  });

  it('tells a player without a staff role that the console is for staff, with a way back', async () => {
    stubApi({ 'GET /account/me': () => me([]) });
    await renderConsoleWithWhere();
    expect(await screen.findByRole('heading', { name: 'This part of the site is for staff' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Console areas' })).not.toBeInTheDocument();
  });

  it('says when the account cannot be checked, and tries again', async () => {
    let calls = 0;
    stubApi({
      'GET /account/me': () => (++calls === 1 ? fail(500, 'Something went wrong') : me(['admin'])),
      'GET /admin/audit': () => ok({ entries: [], nextCursor: null }),
    });
    await renderConsoleWithWhere('/admin/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your account');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
  });

  it("opens an admin's first area (Contests), and the log with who and when in IST, and the changes", async () => {
    const calls = stubApi({
      'GET /account/me': () => me(['admin']),
      'GET /admin/audit': () => ok({ entries: [entry(1)], nextCursor: null }),
      'GET /admin/contests': () => ok({ items: [], nextCursor: null }),
    });
    await renderConsoleWithWhere();
    expect(await screen.findByRole('heading', { level: 1, name: 'Contests' })).toBeInTheDocument();
    await userEvent.click(
      within(await screen.findByRole('navigation', { name: 'Console areas' })).getByRole('link', { name: 'Audit log' }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Console areas' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/admin/audit');
    expect(await screen.findByText('Gave the judge role to Judge 1')).toBeInTheDocument();
    expect(screen.getByText('24 Nov 2026, 14:00 IST')).toBeInTheDocument();
    expect(screen.getByText('role.grant')).toBeInTheDocument();
    await userEvent.click(screen.getByText('1 change'));
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'roles' })).toBeInTheDocument();
    expect(within(table).getByText('[]')).toBeInTheDocument();
    expect(within(table).getByText('["judge"]')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/admin/audit')).toBeDefined();
    expect(screen.getByText('That is all (1).')).toBeInTheDocument();
    // A UUID shows its first 8 characters; a setting's key shows whole.
    expect(screen.getByText('user 00000001')).toBeInTheDocument();
  });

  it("shows a setting's key whole as the entry's target", async () => {
    stubApi({
      'GET /account/me': () => me(['admin']),
      'GET /admin/audit': () =>
        ok({ entries: [entry(2, { targetType: 'setting', targetId: 'paid_play' })], nextCursor: null }),
    });
    await renderConsoleWithWhere('/admin/audit');
    expect(await screen.findByText('setting paid_play')).toBeInTheDocument();
  });

  it('filters by area and by id, and loads more pages', async () => {
    const calls = stubApi({
      'GET /account/me': () => me(['admin']),
      'GET /admin/audit': () =>
        ok({ entries: [entry(calls.filter((c) => c.url === '/admin/audit').length)], nextCursor: 'next' }),
    });
    await renderConsoleWithWhere('/admin/audit');
    expect(await screen.findByText('Gave the judge role to Judge 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Gave the judge role to Judge 2')).toBeInTheDocument();
    expect(screen.getByText('Gave the judge role to Judge 1')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Area'), 'Roles');
    await userEvent.type(screen.getByLabelText('Id of the thing changed'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.queryByText('Gave the judge role to Judge 1')).not.toBeInTheDocument());
    expect(await screen.findByText('Gave the judge role to Judge 3')).toBeInTheDocument();
  });

  it('shows a judge only the areas of judges', async () => {
    stubApi({ 'GET /account/me': () => me(['judge']), 'GET /judge/contests': () => ok({ contests: [], required: 3 }) });
    await renderConsoleWithWhere('/admin/audit');
    // The audit log is an admin's area: a judge finds nothing there, and only Judging in the nav.
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console areas' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Judging']);
  });

  it('reads in Hindi', async () => {
    stubApi({
      'GET /account/me': () => me(['admin']),
      'GET /admin/audit': () => ok({ entries: [], nextCursor: null }),
    });
    await renderConsoleWithWhere('/admin/audit', 'hi');
    expect(await screen.findByRole('heading', { name: 'ऑडिट लॉग' })).toBeInTheDocument();
    expect(await screen.findByText('इस छँटाई के लिए अभी तक कुछ दर्ज नहीं हुआ है।')).toBeInTheDocument();
  });
});

const renderConsoleWithWhere = (path = '/admin', lng = 'en') =>
  renderConsole(path, lng, <Route path="*" element={<Where />} />);
