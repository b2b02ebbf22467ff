import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import { WelcomeBanner } from '../../src/app/layouts/WelcomeBanner.tsx';
import { loginMarker } from '../../src/shared/login-marker.ts';
import LoginPage from '../../src/screens/auth/LoginPage.tsx';
import OtpPage from '../../src/screens/auth/OtpPage.tsx';
import SignupPage from '../../src/screens/auth/SignupPage.tsx';
import SocialSignupPage from '../../src/screens/auth/SocialSignupPage.tsx';
import { ok, stubApi } from '../support/api-stub.tsx';
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
};
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = original;
});

/** A page of the main layout: the banner above it, where the router is, and a way on. */
function Landed() {
  const { pathname } = useLocation();
  return (
    <>
      <WelcomeBanner />
      <p data-testid="where">{pathname}</p>
      <Link to="/rules">to the rules</Link>
    </>
  );
}

async function renderFlow(
  entry: { pathname: string; state?: unknown },
  screens: Record<string, ReactElement>,
  lng = 'en',
) {
  const i18n = await createTestI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          {Object.entries(screens).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillSignup() {
  fill('First name', 'Asha');
  fill('Last name', 'Rao');
  fill('Email', 'asha@gmail.com');
  fill('Mobile number', '9876543210');
  for (const name of [/Terms and conditions/, /Rules and FAQ/, /18 years/])
    fireEvent.click(screen.getByRole('checkbox', { name }));
}

describe('after a sign-up', () => {
  it('lands on the page the player came from (login -> sign-up -> code) with a welcome they can close', async () => {
    stubApi({
      'POST /auth/signup': () => ok({ otpToken: 'tok-1' }, 'We have sent a 6-digit code to your phone.'),
      'POST /auth/otp/verify': () => ok({ user }, 'Your account is ready.'),
    });
    await renderFlow(
      { pathname: '/login', state: { from: '/play_screen' } },
      { '/login': <LoginPage />, '/signup': <SignupPage />, '/otp': <OtpPage /> },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    fillSignup();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByLabelText('6-digit code');
    fill('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/play_screen$/);
    expect(loginMarker.isSet()).toBe(true);
    const welcome = screen.getByRole('status');
    expect(welcome).toHaveTextContent('Welcome, Asha!');
    fireEvent.click(screen.getByRole('button', { name: 'Close the welcome message' }));
    expect(screen.queryByText('Welcome, Asha!')).not.toBeInTheDocument();
  });

  it('lands on the contest when the player came from nowhere in particular, and the welcome goes with the next page', async () => {
    window.sessionStorage.setItem(
      'authCodeChallenge',
      JSON.stringify({ purpose: 'signup', otpToken: 'tok-1', sentAt: Date.now() }),
    );
    stubApi({ 'POST /auth/otp/verify': () => ok({ user }, 'Your account is ready.') });
    await renderFlow({ pathname: '/otp' }, { '/otp': <OtpPage /> });
    fill('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/play_screen$/);
    expect(screen.getByText('Welcome, Asha!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'to the rules' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/rules');
    expect(screen.queryByText('Welcome, Asha!')).not.toBeInTheDocument();
  });

  it('never lands off the site, whatever the stored return path says', async () => {
    window.sessionStorage.setItem(
      'authCodeChallenge',
      JSON.stringify({ purpose: 'signup', otpToken: 'tok-1', sentAt: Date.now(), returnTo: '//evil.example/x' }),
    );
    stubApi({ 'POST /auth/otp/verify': () => ok({ user }, 'Your account is ready.') });
    await renderFlow({ pathname: '/otp' }, { '/otp': <OtpPage /> });
    fill('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/play_screen$/);
  });

  it('welcomes in Hindi', async () => {
    window.sessionStorage.setItem(
      'authCodeChallenge',
      JSON.stringify({ purpose: 'signup', otpToken: 'tok-1', sentAt: Date.now() }),
    );
    stubApi({ 'POST /auth/otp/verify': () => ok({ user }, 'Your account is ready.') });
    await renderFlow({ pathname: '/otp' }, { '/otp': <OtpPage /> }, 'hi');
    fill('6 अंकों का कोड', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'सत्यापित करें' }));
    expect(await screen.findByText('स्वागत है, Asha!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'स्वागत संदेश बंद करें' })).toBeInTheDocument();
  });

  it('greets a social sign-up on the home page, where the spec sends it, once its code is right', async () => {
    stubApi({
      'POST /app/auth/social-login': () =>
        ok({ otpToken: 'challenge-1' }, 'We have sent a 6-digit code to your phone.'),
      'POST /auth/otp/verify': () => ok({ user }, 'Your account is ready.'),
    });
    await renderFlow({ pathname: '/socialsignup' }, { '/socialsignup': <SocialSignupPage />, '/otp': <OtpPage /> });
    fill('First name', 'Asha');
    fill('Last name', 'Rao');
    fill('Email', 'asha@example.org');
    fill('Mobile number', '9876543210');
    for (const name of [/Terms and conditions/, /Rules and FAQ/, /18 years/])
      fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    // The message for a second, then the code's screen.
    await screen.findByLabelText('6-digit code', {}, { timeout: 3000 });
    fill('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('where', {}, { timeout: 3000 })).toHaveTextContent(/^\/$/);
    expect(screen.getByText('Welcome, Asha!')).toBeInTheDocument();
  });
});
