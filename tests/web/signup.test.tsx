import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import SignupPage from '../../src/screens/auth/SignupPage.tsx';
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

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

function fillValid() {
  fill('Mobile number', '9876543210');
  fill('First name', 'Asha');
  fill('Last name', 'Rao');
  fill('Email', 'asha@gmail.com');
  fireEvent.click(screen.getByRole('checkbox', { name: /Terms and conditions/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /Rules and FAQ/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /18 years/ }));
}

describe('sign-up screen', () => {
  it('asks, code-first, the mobile number, then the names, the e-mail and the agreements: 7 fields, no password', async () => {
    const { container } = await renderScreen(<SignupPage />, { path: '/signup' });
    const form = container.querySelector('form')!;
    const fields = Array.from(form.querySelectorAll('input')).map((input) =>
      (input.labels?.[0]?.textContent ?? '').trim().split(/\s+/).slice(0, 3).join(' '),
    );
    expect(fields).toEqual([
      'Mobile number',
      'First name',
      'Last name',
      'Email',
      'I agree to',
      'I have read',
      'I am 18',
    ]);
    expect(form.querySelector('input[type="password"]')).toBeNull();
    expect(screen.getByText(/No password needed: you log in with a code by SMS/)).toBeInTheDocument();
  });

  it('links the three agreements to the legal pages and the rules', async () => {
    stubApi({});
    await renderScreen(<SignupPage />, { path: '/signup' });
    const legal = screen.getByRole('checkbox', { name: /Terms and conditions/ }).closest('label')!;
    expect(within(legal).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookies');
    expect(screen.getByRole('link', { name: 'Rules and FAQ' })).toHaveAttribute('href', '/rules');
    expect(screen.getByRole('checkbox', { name: 'I am 18 years of age or older.' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/v1/auth/google/start?returnTo=%2Fplay_screen',
    );
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('says every field is required and every box must be ticked', async () => {
    await renderScreen(<SignupPage />, { path: '/signup' });
    submit();
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.getAllByText('You must agree to continue')).toHaveLength(3);
    // The first wrong field from the top gets the focus: the mobile number leads.
    expect(screen.getByLabelText('Mobile number')).toHaveFocus();
  });

  it('shows each rule of names, email and phone', async () => {
    await renderScreen(<SignupPage />, { path: '/signup' });
    fill('First name', '1asha');
    fill('Last name', 'Raoraoraoraoraoraoraox');
    fill('Email', 'asha@');
    fill('Mobile number', '1234567890');
    submit();
    expect(await screen.findByText('First letter must be a capital letter')).toBeInTheDocument();
    expect(screen.getByText('At most 20 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid Indian mobile number')).toBeInTheDocument();
    fill('Email', 'asha@rediffmail.com');
    submit();
    expect(
      await screen.findByText('Only Gmail, Yahoo, Outlook and Hotmail addresses are accepted'),
    ).toBeInTheDocument();
  });

  it('makes the first letter of each word of a name a capital as the player types', async () => {
    const calls = stubApi({
      'POST /auth/signup': () => ok({ otpToken: 'tok-1' }, 'We have sent a 6-digit code to your phone.'),
    });
    await renderScreen(<SignupPage />, { path: '/signup' });
    fillValid();
    fill('First name', 'ravi kumar');
    fill('Last name', 'rao-sharma');
    expect(screen.getByLabelText('First name')).toHaveValue('Ravi Kumar');
    expect(screen.getByLabelText('Last name')).toHaveValue('Rao-Sharma');
    expect(screen.getByLabelText('First name')).toHaveAttribute('maxLength', '20');
    submit();
    expect(await screen.findByTestId('where')).toHaveTextContent('/otp');
    expect(calls[0]?.body).toMatchObject({ firstName: 'Ravi Kumar', lastName: 'Rao-Sharma' });
  });

  it('keeps the phone to 10 digits', async () => {
    await renderScreen(<SignupPage />, { path: '/signup' });
    fill('Mobile number', '+91 98765-43210 12');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('sends the form, keeps the code request and goes to /otp', async () => {
    const calls = stubApi({
      'POST /auth/signup': () => ok({ otpToken: 'tok-1' }, 'We have sent a 6-digit code to your phone.'),
    });
    await renderScreen(<SignupPage />, { path: '/signup' });
    fillValid();
    submit();
    expect(await screen.findByTestId('where')).toHaveTextContent('/otp');
    expect(calls[0]?.body).toEqual({
      phone: '9876543210',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@gmail.com',
      agreeLegal: true,
      agreeRules: true,
      agreeAge: true,
    });
    expect(JSON.parse(window.sessionStorage.getItem('authCodeChallenge')!)).toMatchObject({
      purpose: 'signup',
      otpToken: 'tok-1',
    });
  });

  it('shows a refusal in a dialog and the field errors by their fields', async () => {
    stubApi({
      'POST /auth/signup': () =>
        fail(400, 'Enter a valid Indian mobile number', 'VALIDATION_FAILED', {
          phone: 'Enter a valid Indian mobile number',
        }),
    });
    await renderScreen(<SignupPage />, { path: '/signup' });
    fillValid();
    submit();
    expect(await screen.findByRole('dialog', { name: 'Sign Up Failed' })).toHaveTextContent(
      'Enter a valid Indian mobile number',
    );
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  });
});
