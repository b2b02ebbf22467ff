import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import CreatePasswordPage from '../../src/screens/auth/CreatePasswordPage.tsx';
import ForgotPage from '../../src/screens/auth/ForgotPage.tsx';
import OtpsPage from '../../src/screens/auth/OtpsPage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';

const original = http.defaults.adapter;
const KEY = 'authCodeChallenge';
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = original;
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('/forgot', () => {
  it('needs an email or a 10-digit number', async () => {
    await renderScreen(<ForgotPage />, { path: '/forgot' });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Email or phone number is required')).toBeInTheDocument();
    fill('Email or mobile number', 'asha');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid email or 10-digit mobile number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('asks for a code and goes to /otps', async () => {
    const calls = stubApi({ 'POST /auth/forgot': () => ok({ otpToken: 'reset-1' }) });
    await renderScreen(<ForgotPage />, { path: '/forgot' });
    fill('Email or mobile number', 'asha@gmail.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/otps');
    expect(calls[0]?.body).toEqual({ identifier: 'asha@gmail.com' });
    expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toMatchObject({ purpose: 'reset', otpToken: 'reset-1' });
  });

  it('shows a refusal in a dialog', async () => {
    stubApi({
      'POST /auth/forgot': () =>
        fail(429, 'Too many requests. Please try again in 60 seconds.', 'RATE_LIMITED', undefined, {
          retryAfterSeconds: 60,
        }),
    });
    await renderScreen(<ForgotPage />, { path: '/forgot' });
    fill('Email or mobile number', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('dialog', { name: 'Request Failed' })).toHaveTextContent('Too many requests.');
  });

  it("says the refusal in Hindi by its code, with the seconds from the answer's details", async () => {
    stubApi({
      'POST /auth/forgot': () =>
        fail(429, 'Too many requests. Please try again in 42 seconds.', 'RATE_LIMITED', undefined, {
          retryAfterSeconds: 42,
        }),
    });
    await renderScreen(<ForgotPage />, { path: '/forgot', lng: 'hi' });
    fill('ईमेल या मोबाइल नंबर', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('बहुत सारे अनुरोध। कृपया 42 सेकंड बाद फिर से कोशिश करें।');
    expect(dialog).not.toHaveTextContent('Too many');
  });

  it("keeps the server's English when a count its Hindi sentence needs is missing", async () => {
    stubApi({
      'POST /auth/forgot': () => fail(429, 'Too many requests. Please try again in 7 seconds.', 'RATE_LIMITED'),
    });
    await renderScreen(<ForgotPage />, { path: '/forgot', lng: 'hi' });
    fill('ईमेल या मोबाइल नंबर', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Too many requests. Please try again in 7 seconds.');
  });
});

describe('/otps', () => {
  it('asks for a new code when opened without a request', async () => {
    await renderScreen(<OtpsPage />, { path: '/otps' });
    expect(screen.getByRole('link', { name: 'Ask for a new code' })).toHaveAttribute('href', '/forgot');
  });

  it('checks the code and goes on to /createpassword with it', async () => {
    window.sessionStorage.setItem(KEY, JSON.stringify({ purpose: 'reset', otpToken: 'reset-1', sentAt: Date.now() }));
    const calls = stubApi({ 'POST /auth/reset/check': () => ok({}) });
    await renderScreen(<OtpsPage />, { path: '/otps' });
    fill('6-digit code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/createpassword');
    expect(calls[0]?.body).toEqual({ otpToken: 'reset-1', otp: '654321' });
    expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toMatchObject({ otp: '654321' });
  });

  it('shows an expired code in a dialog when the server names no field', async () => {
    window.sessionStorage.setItem(KEY, JSON.stringify({ purpose: 'reset', otpToken: 'reset-1', sentAt: Date.now() }));
    stubApi({ 'POST /auth/reset/check': () => fail(400, 'The code has expired. Ask for a new one.', 'OTP_EXPIRED') });
    await renderScreen(<OtpsPage />, { path: '/otps' });
    fill('6-digit code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Verification Failed' })).toHaveTextContent(
      'The code has expired. Ask for a new one.',
    );
  });
});

describe('/createpassword', () => {
  function checked() {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({ purpose: 'reset', otpToken: 'reset-1', sentAt: Date.now(), otp: '654321' }),
    );
  }

  it('needs a checked code first', async () => {
    window.sessionStorage.setItem(KEY, JSON.stringify({ purpose: 'reset', otpToken: 'reset-1', sentAt: Date.now() }));
    await renderScreen(<CreatePasswordPage />, { path: '/createpassword' });
    expect(screen.getByText('This code request has ended. Please ask for a new code.')).toBeInTheDocument();
  });

  it('holds the new password to the same rules', async () => {
    checked();
    await renderScreen(<CreatePasswordPage />, { path: '/createpassword' });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    fill('New password', 'weakpass');
    fill('Confirm password', 'weakpasx');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/^Password must be at least 8 characters/)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('saves the password and goes to /login with the message', async () => {
    checked();
    const calls = stubApi({
      'POST /auth/reset': () => ok({}, 'Your password has been changed. Please log in with your new password.'),
    });
    await renderScreen(<CreatePasswordPage />, { path: '/createpassword' });
    fill('New password', 'Newpass@123');
    fill('Confirm password', 'Newpass@123');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(calls[0]?.body).toEqual({
      otpToken: 'reset-1',
      otp: '654321',
      password: 'Newpass@123',
      confirmPassword: 'Newpass@123',
    });
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it('shows a refusal in a dialog', async () => {
    checked();
    stubApi({ 'POST /auth/reset': () => fail(400, 'The code has expired. Ask for a new one.', 'OTP_EXPIRED') });
    await renderScreen(<CreatePasswordPage />, { path: '/createpassword' });
    fill('New password', 'Newpass@123');
    fill('Confirm password', 'Newpass@123');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('dialog', { name: 'Password Not Changed' })).toHaveTextContent(
      'The code has expired.',
    );
  });

  it('from My account: sets the password through the account, keeps the player in and goes back there', async () => {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({ purpose: 'reset', otpToken: 'set-1', sentAt: Date.now(), otp: '112233', account: true }),
    );
    const calls = stubApi({ 'POST /account/password/set': () => ok({}, 'Your password has been set.') });
    await renderScreen(<CreatePasswordPage />, { path: '/createpassword' });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
    fill('New password', 'Newpass@123');
    fill('Confirm password', 'Newpass@123');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/my_account');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/account/password/set',
        body: { otpToken: 'set-1', otp: '112233', password: 'Newpass@123', confirmPassword: 'Newpass@123' },
      }),
    ]);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });
});
