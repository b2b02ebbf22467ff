import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import OtpPage from '../../src/screens/auth/OtpPage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';

const original = http.defaults.adapter;
const user = {
  id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@gmail.com',
  phone: '+919876543210',
  status: 'active',
  roles: [],
};

function challenge(sentAgoMs: number) {
  window.sessionStorage.setItem(
    'authCodeChallenge',
    JSON.stringify({ purpose: 'signup', otpToken: 'tok-1', sentAt: Date.now() - sentAgoMs }),
  );
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = original;
  vi.useRealTimers();
});

describe('sign-up code screen', () => {
  it('asks for a new sign-up when opened without a code request', async () => {
    await renderScreen(<OtpPage />, { path: '/otp' });
    expect(screen.getByText('This code request has ended. Please sign up again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign up' })).toHaveAttribute('href', '/signup');
  });

  it("a Google sign-up's wrong number is changed on its own form", async () => {
    window.sessionStorage.setItem(
      'authCodeChallenge',
      JSON.stringify({ purpose: 'signup', otpToken: 'tok-1', sentAt: Date.now(), returnTo: '/', social: true }),
    );
    await renderScreen(<OtpPage />, { path: '/otp' });
    expect(screen.getByRole('link', { name: 'Wrong number? Change it' })).toHaveAttribute('href', '/socialsignup');
  });

  it('takes a 6-digit code only, typed on a number pad and filled from the SMS', async () => {
    challenge(0);
    await renderScreen(<OtpPage />, { path: '/otp' });
    const input = screen.getByLabelText('6-digit code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('link', { name: 'Wrong number? Sign up again' })).toHaveAttribute('href', '/signup');
    fireEvent.change(input, { target: { value: '12a3 4567' } });
    expect(input).toHaveValue('123456');
    fireEvent.change(input, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
  });

  it('verifies the code, sets the login marker and goes to the contest', async () => {
    challenge(0);
    const calls = stubApi({ 'POST /auth/otp/verify': () => ok({ user }, 'Your account is ready. Welcome!') });
    await renderScreen(<OtpPage />, { path: '/otp' });
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/play_screen$/);
    expect(calls[0]?.body).toEqual({ otpToken: 'tok-1', otp: '123456' });
    expect(loginMarker.isSet()).toBe(true);
    expect(window.sessionStorage.getItem('authCodeChallenge')).toBeNull();
  });

  it("shows a wrong code's message by the field", async () => {
    challenge(0);
    stubApi({
      'POST /auth/otp/verify': () =>
        fail(
          400,
          'The code is not correct. 4 tries left.',
          'OTP_INCORRECT',
          { otp: 'The code is not correct. 4 tries left.' },
          { triesLeft: 4 },
        ),
    });
    await renderScreen(<OtpPage />, { path: '/otp' });
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct. 4 tries left.')).toBeInTheDocument();
    expect(loginMarker.isSet()).toBe(false);
  });

  it('counts the resend cooldown down, then sends a new code and counts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    challenge(57_000);
    const calls = stubApi({ 'POST /auth/otp/resend': () => ok({}, 'We have sent a new code.') });
    await renderScreen(<OtpPage />, { path: '/otp' });
    expect(screen.getByRole('button', { name: 'Resend code in 3 s' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('button', { name: 'Resend code in 2 s' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    expect(await screen.findByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    expect(screen.getByText('We have sent a new code.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', url: '/auth/otp/resend', body: { otpToken: 'tok-1' } }]);
  });

  it("follows the server's own cooldown when it refuses a resend", async () => {
    challenge(120_000);
    stubApi({
      'POST /auth/otp/resend': () =>
        fail(429, 'Please wait 42 seconds before asking for a new code.', 'OTP_COOLDOWN', undefined, {
          retryAfterSeconds: 42,
        }),
    });
    await renderScreen(<OtpPage />, { path: '/otp' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resend code in 42 s' })).toBeDisabled();
    expect(screen.getByText('Please wait 42 seconds before asking for a new code.')).toBeInTheDocument();
  });
});
