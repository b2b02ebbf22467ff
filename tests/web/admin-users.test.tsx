import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDetail } from '../../domain/admin-users.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { fail, ok, stubApi } from '../support/api-stub.tsx';
import { adminMe, renderConsole } from '../support/render-console.tsx';

const me = adminMe;

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

describe('Admin > Users', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('finds by phone, opens the user page with status, roles, sign-up date and counts', async () => {
    const calls = stubApi({
      'GET /account/me': me,
      'GET /admin/users': () => ok({ users: [ravi] }),
      'GET /admin/users/u-ravi': () => ok({ user: ravi }),
    });
    await renderConsole('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at least 2 letters');
    await userEvent.type(screen.getByLabelText('Phone, e-mail or name'), '+91 98123 45678');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    const results = await screen.findByRole('list', { name: 'Accounts found' });
    expect(within(results).getByText('Active')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/admin/users')).toBeDefined();
    await userEvent.click(within(results).getByRole('link', { name: 'Ravi Kumar' }));
    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026, 14:00 IST · phone and password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the search' })).toHaveAttribute(
      'href',
      '/admin/users?q=%2B91%2098123%2045678',
    );
  });

  it('suspends with a reason (refused without one), and restores', async () => {
    const calls = stubApi({
      'GET /account/me': me,
      'GET /admin/users/u-ravi': () => ok({ user: ravi }),
      'POST /admin/users/u-ravi/suspend': (body) =>
        ok({
          user: {
            ...ravi,
            status: 'suspended',
            suspendedAt: Date.UTC(2026, 10, 24, 6),
            suspendReason: (body as { reason: string }).reason,
            restorable: true,
          },
        }),
      'POST /admin/users/u-ravi/restore': () => ok({ user: ravi }),
      'GET /admin/audit': () =>
        ok({
          entries: calls.some((c) => c.url.endsWith('/suspend'))
            ? [
                {
                  id: 'e1',
                  actorId: 'a1',
                  actorName: 'Asha Rao',
                  action: 'user.suspend',
                  targetType: 'user',
                  targetId: 'u-ravi',
                  summary: 'Suspended Ravi Kumar: Chargeback fraud',
                  before: null,
                  after: null,
                  ip: null,
                  at: '2026-11-24T06:00:00.000Z',
                },
              ]
            : [],
          nextCursor: null,
        }),
    });
    await renderConsole('/admin/users/u-ravi');
    expect(await screen.findByText('No console change to this account yet.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/admin/audit')).toBeDefined();
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend the account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Ravi Kumar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend the account' }));
    expect(await within(dialog).findByText(/Write why/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/suspend'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Chargeback fraud');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend the account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ravi Kumar is suspended and logged out everywhere.');
    expect(calls.find((c) => c.url.endsWith('/suspend'))?.body).toEqual({ reason: 'Chargeback fraud' });
    expect(screen.getByText('Suspended on 24 Nov 2026, 11:30 IST: Chargeback fraud')).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'Console history' });
    expect(within(history).getByText('Suspended Ravi Kumar: Chargeback fraud')).toBeInTheDocument();
    expect(within(history).getByText('24 Nov 2026, 11:30 IST · Asha Rao')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore the account' }));
    const restore = await screen.findByRole('dialog', { name: 'Restore Ravi Kumar?' });
    await userEvent.type(within(restore).getByLabelText('Reason'), 'Support e-mail of 24 Nov');
    await userEvent.click(within(restore).getByRole('button', { name: 'Restore the account' }));
    expect(await screen.findByText('Ravi Kumar is active again.')).toBeInTheDocument();
  });

  it('keeps the dialog and what was typed when the server refuses', async () => {
    stubApi({
      'GET /account/me': me,
      'GET /admin/users/u-ravi': () =>
        ok({
          user: {
            ...ravi,
            status: 'deleted',
            deletedAt: Date.UTC(2026, 10, 20),
            restoreUntil: Date.UTC(2026, 11, 20),
            restorable: true,
          },
        }),
      'POST /admin/users/u-ravi/restore': () =>
        fail(
          409,
          'This account cannot be restored: its personal data was erased after the retention period. The person can sign up again.',
          'ACCOUNT_ERASED',
        ),
    });
    await renderConsole('/admin/users/u-ravi');
    expect(await screen.findByText(/It can be restored until 20 Dec 2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore the account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Asked by e-mail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore the account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('personal data was erased');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Asked by e-mail');
  });

  it('says an erased account cannot be restored, with no button to try', async () => {
    stubApi({
      'GET /account/me': me,
      'GET /admin/users/u-gone': () =>
        ok({
          user: {
            ...ravi,
            id: 'u-gone',
            status: 'deleted',
            deletedAt: 1,
            erasedAt: Date.UTC(2026, 10, 23),
            restorable: false,
          },
        }),
    });
    await renderConsole('/admin/users/u-gone');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'erased on 23 Nov 2026, 05:30 IST after the retention period. It cannot be restored',
    );
    expect(screen.queryByRole('button', { name: 'Restore the account' })).not.toBeInTheDocument();
  });

  it('gives and takes roles through the roles API, and shows a refusal', async () => {
    const calls = stubApi({
      'GET /account/me': me,
      'GET /admin/users/u-ravi': () => ok({ user: ravi }),
      'POST /admin/users/u-ravi/roles': () => ok({ roles: ['judge'], changed: true }),
      'DELETE /admin/users/u-ravi/roles/judge': () => fail(409, 'This is the last admin', 'LAST_ADMIN'),
      'GET /admin/audit': () => ok({ entries: [], nextCursor: null }),
    });
    await renderConsole('/admin/users/u-ravi');
    await userEvent.click(await screen.findByRole('button', { name: 'Give the Judge role' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ravi Kumar now has the Judge role.');
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/roles'))?.body).toEqual({ role: 'judge' });
    await userEvent.click(screen.getByRole('button', { name: 'Take the Judge role away' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is the last admin');
  });

  it('reads in Hindi', async () => {
    stubApi({ 'GET /account/me': me, 'GET /admin/users/u-ravi': () => ok({ user: ravi }) });
    await renderConsole('/admin/users/u-ravi', 'hi');
    expect(await screen.findByRole('button', { name: 'खाता निलंबित करें' })).toBeInTheDocument();
    expect(screen.getByText('पक्के टिकट')).toBeInTheDocument();
  });
});

describe('Admin > Paid play', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('shows the state and its source, and switches off after a confirm step', async () => {
    const calls = stubApi({
      'GET /account/me': me,
      'GET /admin/settings/paid-play': () =>
        ok({
          paidPlay: { enabled: true, source: 'environment', environmentDefault: true, updatedAt: null },
          changed: false,
        }),
      'PUT /admin/settings/paid-play': () =>
        ok({
          paidPlay: {
            enabled: false,
            source: 'console',
            environmentDefault: true,
            updatedAt: Date.UTC(2026, 10, 24, 6),
          },
          changed: true,
        }),
      'GET /admin/settings/restricted-states': () =>
        ok({ restrictedStates: restricted(['IN-TG'], 'environment'), changed: false }),
    });
    await renderConsole('/admin/paid-play');
    expect(await screen.findByText('Paid play is ON')).toBeInTheDocument();
    expect(screen.getByText(/Set by the server's environment/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Switch paid play off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch paid play off for everyone?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, switch' }));
    expect(await screen.findByText('Paid play is OFF')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: false });
    expect(
      screen.getByText("Set in the console on 24 Nov 2026, 11:30 IST (the environment's default is on)."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Go back to the environment's default (on)" })).toBeInTheDocument();
  });
});

const STATES = [
  { code: 'IN-MH', nameEn: 'Maharashtra', nameHi: 'महाराष्ट्र' },
  { code: 'IN-TG', nameEn: 'Telangana', nameHi: 'तेलंगाना' },
  { code: 'IN-KA', nameEn: 'Karnataka', nameHi: 'कर्नाटक' },
];
const restricted = (codes: string[], source: 'environment' | 'console') => ({
  codes,
  source,
  environmentDefault: ['IN-TG'],
  updatedAt: source === 'console' ? Date.UTC(2026, 10, 24, 6) : null,
  states: STATES,
});

describe('Admin > Paid play > Restricted states', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('ticks the restricted states, saves the new list and can hand it back to the server setting', async () => {
    const calls = stubApi({
      'GET /account/me': me,
      'GET /admin/settings/paid-play': () =>
        ok({
          paidPlay: { enabled: true, source: 'environment', environmentDefault: true, updatedAt: null },
          changed: false,
        }),
      'GET /admin/settings/restricted-states': () =>
        ok({ restrictedStates: restricted(['IN-TG'], 'environment'), changed: false }),
      'PUT /admin/settings/restricted-states': () =>
        ok({ restrictedStates: restricted(['IN-TG', 'IN-MH'], 'console'), changed: true }),
      'DELETE /admin/settings/restricted-states': () =>
        ok({ restrictedStates: restricted(['IN-TG'], 'environment'), changed: true }),
    });
    await renderConsole('/admin/paid-play');
    const panel = (await screen.findByRole('heading', { name: 'Restricted states' })).closest('section')!;
    expect(within(panel).getByRole('checkbox', { name: 'Telangana' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Maharashtra' })).not.toBeChecked();
    expect(within(panel).getByText('1 state restricted')).toBeInTheDocument();
    const save = within(panel).getByRole('button', { name: 'Save the list' });
    expect(save).toBeDisabled();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Maharashtra' }));
    expect(within(panel).getByText('2 states restricted')).toBeInTheDocument();
    await userEvent.click(save);
    expect(await within(panel).findByText('The restricted states are saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url.includes('restricted-states'))?.body).toEqual({
      codes: ['IN-TG', 'IN-MH'],
    });
    expect(within(panel).getByText(/Set in the console on 24 Nov 2026, 11:30 IST/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Use the server setting again' }));
    expect(
      await within(panel).findByText('The server setting decides the restricted states again.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'Maharashtra' })).not.toBeChecked();
  });

  it('shows the states in Hindi', async () => {
    stubApi({
      'GET /account/me': me,
      'GET /admin/settings/paid-play': () =>
        ok({
          paidPlay: { enabled: true, source: 'environment', environmentDefault: true, updatedAt: null },
          changed: false,
        }),
      'GET /admin/settings/restricted-states': () =>
        ok({ restrictedStates: restricted(['IN-TG'], 'environment'), changed: false }),
    });
    await renderConsole('/admin/paid-play', 'hi');
    expect(await screen.findByRole('heading', { name: 'प्रतिबंधित राज्य' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'तेलंगाना' })).toBeChecked();
  });
});
