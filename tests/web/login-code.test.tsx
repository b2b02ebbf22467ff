import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import LoginPage from '../../src/screens/auth/LoginPage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';

const original = http.defaults.adapter;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
  vi.useRealTimers();
});

const user = {
  id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@gmail.com',
  phone: '+919876543210',
  status: 'active',
  roles: [],
};
const NEUTRAL = 'If this number belongs to an account, we have sent a 6-digit code to it.';
const sent = () => ok({ otpToken: 'login-1' }, NEUTRAL);

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function toCodeStep() {
  fireEvent.click(screen.getByRole('radio', { name: 'Mobile code' }));
  fill('Mobile number', '+91 98765 43210');
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText('6-digit code');
}

describe('login screen: password or mobile code', () => {
  it('opens on the mobile-code form (issue 25), and the switch shows the password form in its place', async () => {
    await renderScreen(<LoginPage />, { path: '/login' });
    const methods = screen.getByRole('radiogroup', { name: 'How to log in' });
    const [code, password] = within(methods).getAllByRole('radio');
    expect(code).toHaveAccessibleName('Mobile code');
    expect(code).toHaveAttribute('aria-checked', 'true');
    expect(password).toHaveAccessibleName('Password');
    expect(password).toHaveAttribute('aria-checked', 'false');
    const phone = screen.getByLabelText('Mobile number');
    expect(phone).toBeVisible();
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('10 digits; +91 is added for you.')).toBeVisible();
    expect(screen.getByLabelText('Email or mobile number')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();

    fireEvent.click(password!);
    expect(password).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Email or mobile number')).toBeVisible();
    expect(screen.getByRole('link', { name: 'No password yet, or forgotten it?' })).toBeVisible();
    // The arrow keys move along the switch.
    fireEvent.keyDown(password!, { key: 'ArrowLeft' });
    expect(code).toHaveAttribute('aria-checked', 'true');
    expect(code).toHaveFocus();
  });

  it('checks the number with the phone rule before sending anything', async () => {
    const calls = stubApi({ 'POST /auth/login-code': sent });
    await renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('radio', { name: 'Mobile code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    fill('Mobile number', '5876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid Indian mobile number')).toBeInTheDocument();
    fill('Mobile number', '98765abc');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('98765');
    expect(calls).toEqual([]);
  });

  it('sends the code, takes it, logs in, sets the login marker and goes back to where the user came from', async () => {
    const calls = stubApi({ 'POST /auth/login-code': sent, 'POST /auth/login-code/verify': () => ok({ user }) });
    await renderScreen(<LoginPage />, { path: '/login', state: { from: '/my_account' } });
    const input = await toCodeStep();
    expect(calls[0]).toMatchObject({ url: '/auth/login-code', body: { phone: '9876543210' } });
    expect(
      screen.getByText('If +91 98765 43210 belongs to an account, we have sent a 6-digit code to it by SMS.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '12 34-56' } });
    expect(input).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/my_account');
    expect(calls[1]).toMatchObject({ url: '/auth/login-code/verify', body: { phone: '9876543210', code: '123456' } });
    expect(loginMarker.isSet()).toBe(true);
  });

  it('asks for all six digits before checking', async () => {
    const calls = stubApi({ 'POST /auth/login-code': sent });
    await renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.change(await toCodeStep(), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('shows a wrong, expired or locked code by the field and stays logged out', async () => {
    const answers = [
      fail(
        400,
        'The code is not correct. 1 try left.',
        'OTP_INCORRECT',
        { code: 'The code is not correct. 1 try left.' },
        { triesLeft: 1 },
      ),
      fail(429, 'Too many wrong codes. Ask for a new one.', 'OTP_LOCKED', {
        code: 'Too many wrong codes. Ask for a new one.',
      }),
      fail(400, 'The code has expired. Ask for a new one.', 'OTP_EXPIRED', {
        code: 'The code has expired. Ask for a new one.',
      }),
    ];
    stubApi({ 'POST /auth/login-code': sent, 'POST /auth/login-code/verify': () => answers.shift()! });
    await renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.change(await toCodeStep(), { target: { value: '000000' } });
    for (const text of [
      'The code is not correct. 1 try left.',
      'Too many wrong codes. Ask for a new one.',
      'The code has expired. Ask for a new one.',
    ]) {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByLabelText('6-digit code')).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(loginMarker.isSet()).toBe(false);
  });

  it("shows a deactivated account's answer in the 'Login Failed' dialog", async () => {
    stubApi({
      'POST /auth/login-code': sent,
      'POST /auth/login-code/verify': () =>
        fail(403, 'This account is deactivated. To reactivate it, e-mail support@cricspot.in.', 'ACCOUNT_SUSPENDED'),
    });
    await renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.change(await toCodeStep(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login Failed' });
    expect(dialog).toHaveTextContent('This account is deactivated. To reactivate it, e-mail support@cricspot.in.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('6-digit code')).toHaveValue('123456');
  });

  it('says when sending is refused, and keeps the number', async () => {
    stubApi({
      'POST /auth/login-code': () =>
        fail(429, 'Too many requests. Please try again in 42 seconds.', 'RATE_LIMITED', undefined, {
          retryAfterSeconds: 42,
        }),
    });
    await renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('radio', { name: 'Mobile code' }));
    fill('Mobile number', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Code Not Sent' });
    expect(dialog).toHaveTextContent('Too many requests. Please try again in 42 seconds.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('goes back to change the number, keeping it to edit, and sends to the new one', async () => {
    const calls = stubApi({ 'POST /auth/login-code': sent });
    await renderScreen(<LoginPage />, { path: '/login' });
    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    const phone = await screen.findByLabelText('Mobile number');
    expect(phone).toHaveValue('9876543210');
    await waitFor(() => expect(phone).toHaveFocus());
    fill('Mobile number', '8765432109');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('If +91 87654 32109 belongs to an account, we have sent a 6-digit code to it by SMS.'),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ phone: '9876543210' }, { phone: '8765432109' }]);
  });

  it('resends after the countdown with the code request of this login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      'POST /auth/login-code': sent,
      'POST /auth/otp/resend': () => ok({}, 'We have sent a new code.'),
    });
    await renderScreen(<LoginPage />, { path: '/login' });
    await toCodeStep();
    expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    expect(screen.getByText('We have sent a new code.')).toBeInTheDocument();
    expect(calls[1]).toEqual({ method: 'POST', url: '/auth/otp/resend', body: { otpToken: 'login-1' } });
  });

  it('speaks Hindi, server failures included', async () => {
    stubApi({
      'POST /auth/login-code': sent,
      'POST /auth/login-code/verify': () =>
        fail(
          400,
          'The code is not correct. 4 tries left.',
          'OTP_INCORRECT',
          { code: 'The code is not correct. 4 tries left.' },
          { triesLeft: 4 },
        ),
    });
    await renderScreen(<LoginPage />, { path: '/login', lng: 'hi' });
    expect(screen.getByRole('radio', { name: 'मोबाइल कोड' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'मोबाइल कोड' }));
    fill('मोबाइल नंबर', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    fireEvent.change(await screen.findByLabelText('6 अंकों का कोड'), { target: { value: '000000' } });
    expect(
      screen.getByText('अगर +91 98765 43210 किसी खाते का नंबर है, तो हमने उस पर SMS से 6 अंकों का कोड भेजा है।'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'लॉगिन' }));
    expect(await screen.findByText('कोड सही नहीं है। 4 प्रयास बाकी हैं।')).toBeInTheDocument();
  });
});
