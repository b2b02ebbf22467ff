import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import MyAccountPage from '../../src/screens/account/MyAccountPage.tsx';
import LoginPage from '../../src/screens/auth/LoginPage.tsx';
import { fail, ok, renderScreen, stubApi, type StubHandler } from '../support/api-stub.tsx';
import { createTestI18n } from '../support/i18n.ts';

const original = http.defaults.adapter;
const user = {
  id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@gmail.com',
  phone: '+919876543210',
  status: 'active',
  roles: [],
  avatarUrl: null,
  hasPassword: true,
};
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  loginMarker.set();
});
afterEach(() => {
  http.defaults.adapter = original;
});

/** My account, and the login page it sends a closed account to (the notice shows there). */
async function renderAccountThenLogin(lng: 'en' | 'hi') {
  const i18n = await createTestI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/my_account']}>
        <Routes>
          <Route path="/my_account" element={<MyAccountPage />} />
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function open(routes: Record<string, StubHandler> = {}) {
  const calls = stubApi({
    'GET /account/me': () => ok({ user }),
    'GET /payments': () => ok([]),
    'GET /account/entries': () => ok({ contests: [] }),
    ...routes,
  });
  await renderScreen(<MyAccountPage />, { path: '/my_account' });
  await screen.findByDisplayValue('asha@gmail.com');
  return calls;
}

describe('/my_account', () => {
  it('shows the profile in its form, the phone as its 10 digits', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Last name')).toHaveValue('Rao');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@gmail.com');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  });

  it('holds the profile to the sign-up rules', async () => {
    await open();
    fill('First name', '');
    fill('Last name', '-rao');
    fill('Email', 'asha@rediffmail.com');
    fill('Mobile number', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('First letter must be a capital letter')).toBeInTheDocument();
    expect(screen.getByText('Only Gmail, Yahoo, Outlook and Hotmail addresses are accepted')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid Indian mobile number')).toBeInTheDocument();
  });

  it('updates the profile and says so', async () => {
    const calls = await open({
      'PATCH /account/profile': () =>
        ok({ user: { ...user, firstName: 'Ashwini', avatarUrl: null } }, 'Your profile has been updated.'),
    });
    fill('First name', 'ashwini devi');
    expect(screen.getByLabelText('First name')).toHaveValue('Ashwini Devi');
    fill('First name', 'ashwini');
    expect(screen.getByLabelText('First name')).toHaveValue('Ashwini');
    fill('Mobile number', '+91 98765 43210');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('dialog', { name: 'Profile updated' })).toHaveTextContent(
      'Your profile has been updated.',
    );
    expect(calls.at(-1)).toEqual({
      method: 'PATCH',
      url: '/account/profile',
      body: { firstName: 'Ashwini', lastName: 'Rao', email: 'asha@gmail.com', phone: '9876543210' },
    });
    expect(screen.getByLabelText('First name')).toHaveValue('Ashwini');
  });

  it('a new mobile number asks for the code sent to it, and is shown once confirmed', async () => {
    const calls = await open({
      'PATCH /account/profile': () =>
        ok(
          { user, phoneChange: { otpToken: 'tok-9', phone: '+919123456780' } },
          'Your profile has been updated. We have sent a 6-digit code to your new number.',
        ),
      'POST /account/phone/verify': (body) =>
        (body as { otp: string }).otp === '123456'
          ? ok({ user: { ...user, phone: '+919123456780' } }, 'Your mobile number has been changed.')
          : fail(400, 'The code is not correct. 4 tries left.', 'OTP_INCORRECT', {
              otp: 'The code is not correct. 4 tries left.',
            }),
    });
    fill('Mobile number', '9123456780');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    const panel = await screen.findByRole('region', { name: 'Confirm your new number' });
    expect(panel).toHaveTextContent(
      'We have sent a 6-digit code to +91 91234 56780. Enter it to make this your mobile number. Until then your login codes still go to +91 98765 43210.',
    );
    // Nothing says "updated" while the number waits; the form shows the account's number.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');

    fill('6-digit code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByText('The code is not correct. 4 tries left.')).toBeInTheDocument();
    fill('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByRole('dialog', { name: 'Profile updated' })).toHaveTextContent(
      'Your mobile number has been changed.',
    );
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/account/phone/verify',
      body: { otpToken: 'tok-9', otp: '123456' },
    });
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9123456780');
    expect(screen.queryByRole('region', { name: 'Confirm your new number' })).not.toBeInTheDocument();
  });

  it('keeps the current number when the player says so', async () => {
    await open({
      'PATCH /account/profile': () => ok({ user, phoneChange: { otpToken: 'tok-9', phone: '+919123456780' } }, ''),
    });
    fill('Mobile number', '9123456780');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByRole('region', { name: 'Confirm your new number' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep my current number' }));
    expect(screen.queryByRole('region', { name: 'Confirm your new number' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it("shows another account's e-mail by its field", async () => {
    await open({
      'PATCH /account/profile': () =>
        fail(409, 'This e-mail is already registered', 'ALREADY_REGISTERED', {
          email: 'This e-mail is already registered',
        }),
    });
    fill('Email', 'taken@gmail.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('dialog', { name: 'Profile Not Updated' })).toHaveTextContent(
      'This e-mail is already registered',
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a picture as the raw body with its type and shows it', async () => {
    let sent: { body: unknown; type: unknown } | undefined;
    await open();
    const base = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      if (config.url === '/account/avatar' && config.method === 'post') {
        sent = { body: config.data, type: config.headers.get('Content-Type') };
        return {
          status: 200,
          statusText: 'OK',
          data: {
            data: { user: { ...user, avatarUrl: '/api/v1/account/avatar/image?v=1' } },
            message: 'Your profile picture has been updated.',
          },
          headers: {},
          config,
        };
      }
      return (base as (c: typeof config) => Promise<never>)(config);
    };
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Upload a picture'), { target: { files: [file] } });
    expect(await screen.findByRole('dialog', { name: 'Profile picture' })).toHaveTextContent(
      'Your profile picture has been updated.',
    );
    expect(sent?.body).toBe(file);
    expect(sent?.type).toBe('image/jpeg');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      '/api/v1/account/avatar/image?v=1',
    );
  });

  it('refuses a file that is not a JPEG, PNG or WebP, or larger than 5 MB, before sending it', async () => {
    const calls = await open();
    fireEvent.change(screen.getByLabelText('Upload a picture'), {
      target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByRole('dialog', { name: 'Picture Not Saved' })).toHaveTextContent(
      'Upload a JPEG, PNG or WebP photo.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Upload a picture'), { target: { files: [big] } });
    expect(await screen.findByRole('dialog', { name: 'Picture Not Saved' })).toHaveTextContent('larger than 5 MB');
    expect(calls.filter((c) => c.url === '/account/avatar')).toEqual([]);
  });

  it('removes the picture', async () => {
    stubApi({
      'GET /account/me': () => ok({ user: { ...user, avatarUrl: '/api/v1/account/avatar/image?v=1' } }),
      'DELETE /account/avatar': () =>
        ok({ user: { ...user, avatarUrl: null } }, 'Your profile picture has been removed.'),
    });
    await renderScreen(<MyAccountPage />, { path: '/my_account' });
    expect(await screen.findByRole('img', { name: 'Your profile picture' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByRole('dialog', { name: 'Profile picture' })).toHaveTextContent(
      'Your profile picture has been removed.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('img', { name: 'Your profile picture' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Upload a picture')).toBeInTheDocument();
  });

  it('lists past payments with their invoice links', async () => {
    await open({
      'GET /payments': () =>
        ok([
          {
            id: 'p1',
            status: 'success',
            refNo: 'CS20261121ABCD1234',
            txnId: 'pay_1',
            amountPaise: 15408,
            createdAt: '2026-11-21T06:30:00.000Z',
            phone: '9876543210',
            contestId: 'c1',
            orderId: 'order_1',
            promoCode: null,
            failureReason: null,
            failureCode: null,
            retry: null,
            refunded: false,
            refund: null,
            refundPending: false,
            refundCode: null,
            invoice: { number: 'CS/2026-27/000001', issuedAt: '2026-11-21T06:30:00.000Z' },
            creditNote: null,
            contest: { slot: 'B', closesAt: '2026-11-22T18:29:59.999Z', showAt: '2026-11-23T15:30:00.000Z' },
            ticketCount: 3,
          },
        ]),
    });
    expect(await screen.findByText('CS20261121ABCD1234')).toBeInTheDocument();
    expect(screen.getByText('pay_1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download invoice' })).toHaveAttribute(
      'href',
      '/api/v1/payments/p1/invoice',
    );
    expect(screen.getByText('3 tickets')).toBeInTheDocument();
    expect(screen.getByText('₹154.08')).toBeInTheDocument();
  });

  it('offers a retry when the profile does not load', async () => {
    let first = true;
    stubApi({
      'GET /payments': () => ok([]),
      'GET /account/entries': () => ok({ contests: [] }),
      'GET /account/me': () => {
        if (first) {
          first = false;
          return fail(500, 'Internal Server Error');
        }
        return ok({ user });
      },
    });
    await renderScreen(<MyAccountPage />, { path: '/my_account' });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('asha@gmail.com')).toBeInTheDocument();
  });

  it('needs the current password and a strong, confirmed new one', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    fill('New password', 'short');
    fill('Confirm new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/^Password must be at least 8 characters/)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('changes the password and says so', async () => {
    const calls = await open({ 'POST /account/password': () => ok({}, 'Your password has been changed.') });
    fill('Current password', 'Old@12345');
    fill('New password', 'Newpass@123');
    fill('Confirm new password', 'Newpass@123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('dialog', { name: 'Password changed' })).toHaveTextContent(
      'Your password has been changed.',
    );
    expect(calls.at(-1)?.body).toEqual({
      currentPassword: 'Old@12345',
      password: 'Newpass@123',
      confirmPassword: 'Newpass@123',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password by its field', async () => {
    await open({
      'POST /account/password': () =>
        fail(400, 'Current password is not correct', 'WRONG_PASSWORD', {
          currentPassword: 'Current password is not correct',
        }),
    });
    fill('Current password', 'Wrong@12345');
    fill('New password', 'Newpass@123');
    fill('Confirm new password', 'Newpass@123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is not correct')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  for (const kind of [
    {
      name: 'Deactivate account',
      confirm: 'Yes, deactivate',
      route: 'POST /account/deactivate',
      failed: 'Account Deactivation Failed',
      done: 'Your account has been deactivated.',
      hiName: 'खाता निष्क्रिय करें',
      hiConfirm: 'हाँ, निष्क्रिय करें',
      hiDone: 'आपका खाता निष्क्रिय कर दिया गया है।',
    },
    {
      name: 'Delete account',
      confirm: 'Yes, delete',
      route: 'POST /account/delete',
      failed: 'Account Deletion Failed',
      done: 'Your account has been deleted.',
      hiName: 'खाता हटाएँ',
      hiConfirm: 'हाँ, हटाएँ',
      hiDone: 'आपका खाता हटा दिया गया है।',
    },
  ]) {
    it(`${kind.name}: asks first, cancel does nothing`, async () => {
      const calls = await open({ [kind.route]: () => ok({}) });
      fireEvent.click(screen.getByRole('button', { name: kind.name }));
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.map((c) => c.url)).not.toContain(kind.route.split(' ')[1]);
      expect(loginMarker.isSet()).toBe(true);
    });

    it(`${kind.name}: on confirm, clears the login marker and says on the login page what became of the account`, async () => {
      const calls = stubApi({
        'GET /account/me': () => ok({ user }),
        'GET /payments': () => ok([]),
        [kind.route]: () => ok({}, kind.done),
      });
      await renderAccountThenLogin('en');
      await screen.findByDisplayValue('asha@gmail.com');
      fireEvent.click(screen.getByRole('button', { name: kind.name }));
      fireEvent.click(await screen.findByRole('button', { name: kind.confirm }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(kind.done);
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(kind.route);
      expect(loginMarker.isSet()).toBe(false);
    });

    it(`${kind.name}: the notice after it is in Hindi on the Hindi site`, async () => {
      stubApi({
        'GET /account/me': () => ok({ user }),
        'GET /payments': () => ok([]),
        [kind.route]: () => ok({}, kind.done),
      });
      await renderAccountThenLogin('hi');
      await screen.findByDisplayValue('asha@gmail.com');
      fireEvent.click(screen.getByRole('button', { name: kind.hiName }));
      fireEvent.click(await screen.findByRole('button', { name: kind.hiConfirm }));
      expect(await screen.findByRole('status')).toHaveTextContent(kind.hiDone);
    });

    it(`${kind.name}: on failure, '${kind.failed}' with the server's message`, async () => {
      await open({ [kind.route]: () => fail(500, 'Something went wrong on our side.') });
      fireEvent.click(screen.getByRole('button', { name: kind.name }));
      fireEvent.click(await screen.findByRole('button', { name: kind.confirm }));
      expect(await screen.findByRole('dialog', { name: kind.failed })).toHaveTextContent(
        'Something went wrong on our side.',
      );
      expect(loginMarker.isSet()).toBe(true);
    });
  }

  it('logs out: clears the marker and goes to /', async () => {
    const calls = await open({ 'POST /auth/logout': () => ok({}, 'You have been logged out.') });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /auth/logout');
    expect(loginMarker.isSet()).toBe(false);
  });

  it('keeps the entries on their own page, one tap away', async () => {
    const calls = await open();
    expect(screen.getByRole('link', { name: 'My entries' })).toHaveAttribute('href', '/my_entries');
    expect(calls.map((c) => c.url)).not.toContain('/account/entries');
  });

  it('offers an account without a password to set one by a code to its own number', async () => {
    const calls = await open({
      'GET /account/me': () => ok({ user: { ...user, hasPassword: false } }),
      'POST /account/password/code': () =>
        ok({ otpToken: 'tok-9', hadPassword: false }, 'We have sent a 6-digit code to your phone.'),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByText(/Your account has no password: you log in with a code by SMS/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set a password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/otps$/);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /account/password/code');
    expect(JSON.parse(window.sessionStorage.getItem('authCodeChallenge')!)).toMatchObject({
      purpose: 'reset',
      otpToken: 'tok-9',
      account: true,
    });
  });

  it('lets an account with a password choose a new one by code too', async () => {
    await open({ 'POST /account/password/code': () => fail(429, 'Too many requests', 'RATE_LIMITED') });
    fireEvent.click(screen.getByRole('button', { name: 'Forgotten it? Set a new one by code' }));
    expect(await screen.findByRole('dialog', { name: 'Code Not Sent' })).toBeInTheDocument();
  });

  it('says the password just set, on the way back from /createpassword', async () => {
    stubApi({ 'GET /account/me': () => ok({ user }), 'GET /payments': () => ok([]) });
    await renderScreen(<MyAccountPage />, {
      path: '/my_account',
      state: { notice: 'Your password has been saved. You can now log in with it or with a code by SMS.' },
    });
    expect(screen.getByText(/^Your password has been saved\./)).toHaveAttribute('role', 'status');
  });

  it('speaks Hindi', async () => {
    stubApi({ 'GET /account/me': () => ok({ user }) });
    await renderScreen(<MyAccountPage />, { path: '/my_account', lng: 'hi' });
    expect(screen.getByRole('heading', { level: 1, name: 'मेरा खाता' })).toBeInTheDocument();
  });
});

describe('My account for staff', () => {
  it('links an admin or judge to the console and names their roles', async () => {
    window.localStorage.clear();
    loginMarker.set();
    stubApi({
      'GET /account/me': () => ok({ user: { ...user, roles: ['admin', 'judge'], avatarUrl: null } }),
      'GET /payments': () => ok([]),
    });
    await renderScreen(<MyAccountPage />, { path: '/my_account' });
    expect(await screen.findByRole('link', { name: 'Open the console' })).toHaveAttribute('href', '/admin');
    expect(screen.getByText('Your staff roles: admin, judge')).toBeInTheDocument();
  });
});
