import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import LoginPage from '../../src/screens/auth/LoginPage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';

const original = http.defaults.adapter;
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

const user = {
  id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@gmail.com',
  phone: '+919876543210',
  status: 'active',
  roles: [],
};

/** The login screen on its password form: the mobile code is the default (issue 25), password one tap away. */
async function renderPasswordLogin(options: Parameters<typeof renderScreen>[1]) {
  const rendered = await renderScreen(<LoginPage />, options);
  fireEvent.click(screen.getByRole('radio', { name: options?.lng === 'hi' ? 'पासवर्ड' : 'Password' }));
  return rendered;
}

describe('login screen', () => {
  it('shows its title, the links to sign-up and forgot, and Continue with Google back to where the user came from', async () => {
    // The button is offered once the site says Google sign-in is configured (issue 26).
    stubApi({});
    await renderScreen(<LoginPage />, { path: '/login', state: { from: '/my_account' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    // The mobile code first: a code-first sign-up has no password.
    expect(screen.getByRole('radio', { name: 'Mobile code' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Mobile number')).toBeVisible();
    fireEvent.click(screen.getByRole('radio', { name: 'Password' }));
    expect(screen.getByRole('link', { name: 'No password yet, or forgotten it?' })).toHaveAttribute('href', '/forgot');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/v1/auth/google/start?returnTo=%2Fmy_account',
    );
    expect(screen.getByRole('link', { name: /Back to the home page/ })).toHaveAttribute('href', '/');
  });

  it('says what is missing and what is malformed', async () => {
    await renderPasswordLogin({ path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email or phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    fill('Email or mobile number', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter a valid email or 10-digit mobile number')).toBeInTheDocument();
  });

  it('logs in with a phone number, sets the login marker and goes back to where the user came from', async () => {
    const calls = stubApi({ 'POST /auth/login': () => ok({ user }) });
    await renderPasswordLogin({ path: '/login', state: { from: '/my_account' } });
    fill('Email or mobile number', '+91 98765 43210');
    fill('Password', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/my_account');
    expect(calls.find((c) => c.url === '/auth/login')?.body).toEqual({
      identifier: '9876543210',
      password: 'Secret@123',
    });
    expect(loginMarker.isSet()).toBe(true);
  });

  it('lands on the contest without a safe place to go back to', async () => {
    stubApi({ 'POST /auth/login': () => ok({ user }) });
    await renderPasswordLogin({ path: '/login', state: { from: '//evil.example/' } });
    fill('Email or mobile number', 'asha@gmail.com');
    fill('Password', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/play_screen$/);
  });

  it("shows 'Login Failed' with what to check and the other ways in", async () => {
    stubApi({ 'POST /auth/login': () => fail(401, 'Login Failed', 'LOGIN_FAILED') });
    await renderPasswordLogin({ path: '/login' });
    fill('Email or mobile number', 'asha@gmail.com');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login Failed' });
    expect(dialog).toHaveTextContent(
      "The e-mail or mobile number and the password do not match. No password yet? Log in with a code by SMS (Mobile code, above), or set one with 'No password yet, or forgotten it?'.",
    );
    expect(loginMarker.isSet()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Email or mobile number')).toHaveValue('asha@gmail.com');
  });

  it('shows the suspended and deleted answers in the same dialog', async () => {
    const suspended = 'This account is deactivated. To reactivate it, e-mail support@example.in.';
    stubApi({ 'POST /auth/login': () => fail(403, suspended, 'ACCOUNT_SUSPENDED') });
    await renderPasswordLogin({ path: '/login' });
    fill('Email or mobile number', 'asha@gmail.com');
    fill('Password', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login Failed' })).toHaveTextContent(suspended);
  });

  it('shows the message of a finished password reset', async () => {
    await renderScreen(<LoginPage />, {
      path: '/login',
      state: { notice: 'Your password has been changed. Please log in with your new password.' },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed.');
  });

  it("shows the server's refusals in Hindi on the Hindi site, by their code", async () => {
    stubApi({
      'POST /auth/login': () =>
        fail(403, 'This account is deactivated. To reactivate it, e-mail support@cricspot.in.', 'ACCOUNT_SUSPENDED'),
    });
    await renderPasswordLogin({ path: '/login', lng: 'hi' });
    fill('ईमेल या मोबाइल नंबर', 'asha@gmail.com');
    fill('पासवर्ड', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'लॉगिन' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('यह खाता निष्क्रिय है। इसे फिर से चालू कराने के लिए support@cricspot.in पर ई-मेल करें।');
    expect(dialog).not.toHaveTextContent('deactivated');
  });

  it('lands on the guarded page the visitor tried before logging in', async () => {
    window.sessionStorage.setItem('intendedPath', '/my_entries');
    stubApi({ 'POST /auth/login': () => ok({ user }) });
    await renderPasswordLogin({ path: '/login' });
    fill('Email or mobile number', 'asha@gmail.com');
    fill('Password', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/my_entries$/);
    expect(window.sessionStorage.getItem('intendedPath')).toBeNull();
  });

  it('speaks Hindi', async () => {
    stubApi({});
    await renderScreen(<LoginPage />, { path: '/login', lng: 'hi' });
    expect(screen.getByRole('heading', { level: 1, name: 'लॉगिन' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Google से जारी रखें' })).toBeInTheDocument();
  });
});
