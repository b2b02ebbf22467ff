import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDetail } from '../../domain/admin-users.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { fail, ok, stubApi } from '../support/api-stub.tsx';
import { adminMe, renderConsole } from '../support/render-console.tsx';

const ravi: UserDetail = {
  id: 'u-ravi',
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi@gmail.com',
  phone: '+919812345678',
  status: 'active',
  roles: [],
  createdAt: Date.UTC(2026, 10, 20, 8, 30),
  signupMethod: 'password',
  ticketCount: 7,
  paymentCount: 2,
  suspendedAt: null,
  suspendReason: null,
  deletedAt: null,
  erasedAt: null,
  restoreUntil: null,
  restorable: false,
};

const deleted: UserDetail = {
  ...ravi,
  status: 'deleted',
  deletedAt: Date.UTC(2026, 10, 24, 6),
  restoreUntil: Date.UTC(2026, 11, 24, 6),
  restorable: true,
};

describe('Admin > Users: deleting an account for its owner', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('asks in a dialog naming the person, needs a reason, then shows the account deleted', async () => {
    const calls = stubApi({
      'GET /account/me': adminMe,
      'GET /admin/users/u-ravi': () => ok({ user: ravi }),
      'POST /admin/users/u-ravi/delete': () => ok({ user: deleted }),
      'GET /admin/audit': () => ok({ entries: [], nextCursor: null }),
    });
    await renderConsole('/admin/users/u-ravi');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the account' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete Ravi Kumar's account?" });
    expect(dialog).toHaveTextContent('Ravi Kumar is logged out everywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(await within(dialog).findByText(/Write why/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/delete'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'E-mail to support of 24 Nov, cannot log in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Ravi Kumar's account is deleted and logged out everywhere.",
    );
    expect(calls.find((c) => c.url.endsWith('/delete'))?.body).toEqual({
      reason: 'E-mail to support of 24 Nov, cannot log in',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByText('Deleted').length).toBeGreaterThan(0);
    expect(screen.getByText(/This account is deleted. It can be restored until 24 Dec 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete the account' })).not.toBeInTheDocument();
  });

  it('gives the focus back to the button that opened the dialog when it is closed', async () => {
    stubApi({
      'GET /account/me': adminMe,
      'GET /admin/users/u-ravi': () => ok({ user: ravi }),
      'GET /admin/audit': () => ok({ entries: [], nextCursor: null }),
    });
    await renderConsole('/admin/users/u-ravi');
    const opener = await screen.findByRole('button', { name: 'Delete the account' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: "Delete Ravi Kumar's account?" });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('offers no deletion of a staff account, and says why', async () => {
    stubApi({
      'GET /account/me': adminMe,
      'GET /admin/users/u-ravi': () => ok({ user: { ...ravi, roles: ['judge'] } }),
      'GET /admin/audit': () => ok({ entries: [], nextCursor: null }),
    });
    await renderConsole('/admin/users/u-ravi');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'A staff account (admin or judge) cannot be deleted: take its roles away first.',
    );
    expect(screen.queryByRole('button', { name: 'Delete the account' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog, in Hindi too', async () => {
    stubApi({
      'GET /account/me': adminMe,
      'GET /admin/users/u-ravi': () => ok({ user: ravi }),
      'POST /admin/users/u-ravi/delete': () =>
        fail(409, 'You cannot delete your own account from the console.', 'CANNOT_DELETE_SELF'),
      'GET /admin/audit': () => ok({ entries: [], nextCursor: null }),
    });
    await renderConsole('/admin/users/u-ravi', 'hi');
    await userEvent.click(await screen.findByRole('button', { name: 'खाता हटाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Kumar का खाता हटाएँ?' });
    await userEvent.type(within(dialog).getByLabelText('कारण'), 'ई-मेल से कहा');
    await userEvent.click(within(dialog).getByRole('button', { name: 'खाता हटाएँ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('आप कंसोल से अपना ही खाता नहीं हटा सकते।');
  });
});
