import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNUP_SUCCESS_DIALOG_MS } from '../../machines/social-signup.machine.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import SocialSignupPage from '../../src/screens/auth/SocialSignupPage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';

const original = http.defaults.adapter;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
  vi.useRealTimers();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function draft(): Record<string, unknown> {
  return JSON.parse(window.localStorage.getItem(STORAGE_KEYS.unfoundUserDraft) ?? 'null') as Record<string, unknown>;
}

function tickAll() {
  fireEvent.click(screen.getByRole('checkbox', { name: /Terms and conditions/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /Rules and FAQ/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /18 years/ }));
}

function fillValid() {
  fill('First name', 'Asha');
  fill('Last name', 'Rao');
  fill('Email', 'asha@example.org');
  fill('Mobile number', '9876543210');
  tickAll();
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

describe('/socialsignup', () => {
  it("is titled 'Social Sign Up' with the four fields and the three linked agreements", async () => {
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    expect(screen.getByRole('heading', { level: 1, name: 'Social Sign Up' })).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Email', 'Mobile number'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookies');
    expect(screen.getByRole('link', { name: 'Rules and FAQ' })).toHaveAttribute('href', '/rules');
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('shows every validation message of spec section 5', async () => {
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    submit();
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getAllByText('You must agree to continue')).toHaveLength(3);
    expect(screen.getByLabelText('First name')).toHaveFocus();
    fill('Email', 'asha@');
    fill('Mobile number', '98765');
    submit();
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be 10 digits')).toBeInTheDocument();
  });

  it('capitalises each word of a name as the player types, and keeps it in the draft (issue 25)', async () => {
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fill('First name', 'ravi kumar');
    fill('Last name', 'sharma');
    expect(screen.getByLabelText('First name')).toHaveValue('Ravi Kumar');
    expect(screen.getByLabelText('Last name')).toHaveValue('Sharma');
    await waitFor(() => expect(draft()).toMatchObject({ first_name: 'Ravi Kumar', last_name: 'Sharma' }));
  });

  it('strips non-digits from the phone and cuts it to 10 digits', async () => {
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fill('Mobile number', '98a76-54 321099');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('saves the draft on every edit', async () => {
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fill('First name', 'A');
    await waitFor(() => expect(draft()).toMatchObject({ first_name: 'A' }));
    fill('First name', 'As');
    await waitFor(() => expect(draft()).toMatchObject({ first_name: 'As' }));
    fill('Mobile number', '98765');
    await waitFor(() => expect(draft()).toMatchObject({ first_name: 'As', phone: '98765' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /18 years/ }));
    await waitFor(() => expect(draft()).toMatchObject({ agreeAge: true, agreeLegal: false }));
  });

  it('restores the draft and lets the pending Google profile fill only the empty fields', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.unfoundUserDraft,
      JSON.stringify({
        first_name: 'Ashu',
        last_name: '',
        email: '',
        phone: '98765',
        agreeLegal: true,
        agreeRules: false,
        agreeAge: false,
      }),
    );
    stubApi({
      'GET /app/auth/social-pending': () => ok({ first_name: 'Asha', last_name: 'Rao', email: 'asha@gmail.com' }),
    });
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    expect(screen.getByLabelText('First name')).toHaveValue('Ashu');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('98765');
    expect(screen.getByRole('checkbox', { name: /Terms and conditions/ })).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('asha@gmail.com'));
    expect(screen.getByLabelText('Last name')).toHaveValue('Rao');
    expect(screen.getByLabelText('First name')).toHaveValue('Ashu');
  });

  it("sends the spec's payload with +91 and a kept device token, shows 'Loading...', then the message for 1 second, and goes on to the code sent to the number (/otp), which lands on /", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(STORAGE_KEYS.deviceToken, 'device-42');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubApi({
      'POST /app/auth/social-login': async () => {
        await gate;
        return ok({ otpToken: 'challenge-1' }, 'We have sent a 6-digit code to your phone.');
      },
    });
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fillValid();
    submit();
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByRole('dialog')).toHaveTextContent('We have sent a 6-digit code to your phone.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@example.org',
      phone: '+919876543210',
      signup_method: 'google',
      device_type: 'website',
      device_token: 'device-42',
      agreeLegal: true,
      agreeRules: true,
      agreeAge: true,
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SIGNUP_SUCCESS_DIALOG_MS - 100);
    });
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(loginMarker.isSet()).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/otp$/);
    expect(SIGNUP_SUCCESS_DIALOG_MS).toBe(1000);
    expect(window.localStorage.getItem(STORAGE_KEYS.unfoundUserDraft)).toBeNull();
    // Logged in only once the code is right (/otp sets the marker then and lands on /).
    expect(loginMarker.isSet()).toBe(false);
    expect(JSON.parse(window.sessionStorage.getItem('authCodeChallenge') ?? 'null')).toMatchObject({
      purpose: 'signup',
      otpToken: 'challenge-1',
      returnTo: '/',
      social: true,
    });
  });

  it('makes a device token when there is none and keeps it', async () => {
    const calls = stubApi({ 'POST /app/auth/social-login': () => ok({ otpToken: 'x' }, 'Code sent') });
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fillValid();
    submit();
    await screen.findByRole('dialog');
    const token = window.localStorage.getItem(STORAGE_KEYS.deviceToken);
    expect(token).toMatch(/^[\w-]{16,}$/);
    expect((calls.find((c) => c.method === 'POST')?.body as { device_token: string }).device_token).toBe(token);
  });

  it("shows 'Social Signup Failed' with the server's message, keeps the draft, and OK closes it", async () => {
    stubApi({
      'POST /app/auth/social-login': () =>
        fail(400, 'Your Google sign-in has expired. Please sign in with Google again.', 'SOCIAL_PENDING_MISSING'),
    });
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fillValid();
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Social Signup Failed' });
    expect(dialog).toHaveTextContent('Please sign in with Google again.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(draft()).toMatchObject({ first_name: 'Asha', phone: '9876543210' });
    expect(loginMarker.isSet()).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('shows the fields a refusal names by those fields too', async () => {
    stubApi({
      'POST /app/auth/social-login': () =>
        fail(409, 'This mobile number is already registered', 'PHONE_TAKEN', {
          phone: 'This mobile number is already registered',
        }),
    });
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fillValid();
    submit();
    expect(await screen.findByRole('dialog', { name: 'Social Signup Failed' })).toHaveTextContent(
      'This mobile number is already registered',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This mobile number is already registered')).toBeInTheDocument();
  });

  it("falls back to the error's own message when the server sends none", async () => {
    http.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fillValid();
    submit();
    expect(await screen.findByRole('dialog', { name: 'Social Signup Failed' })).toHaveTextContent('Network Error');
  });

  it("falls back to 'An error occurred. Please try again.' when there is no message at all", async () => {
    http.defaults.adapter = async (config) => {
      throw new AxiosError('', 'ERR_BAD_RESPONSE', config);
    };
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup' });
    fillValid();
    submit();
    expect(await screen.findByRole('dialog', { name: 'Social Signup Failed' })).toHaveTextContent(
      'An error occurred. Please try again.',
    );
  });

  it('speaks Hindi', async () => {
    await renderScreen(<SocialSignupPage />, { path: '/socialsignup', lng: 'hi' });
    expect(screen.getByRole('heading', { level: 1, name: 'सोशल साइन अप' })).toBeInTheDocument();
  });
});
