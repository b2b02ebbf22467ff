import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartAnswer } from '../../domain/contests.ts';
import { addCartItems, removeCartItem } from '../../src/api/contests.ts';
import { http, onUnauthorized } from '../../src/api/http.ts';
import { Header } from '../../src/app/layouts/Header.tsx';
import { loginMarker } from '../../src/shared/login-marker.ts';
import LoginPage from '../../src/screens/auth/LoginPage.tsx';
import { fail, ok, stubApi } from '../support/api-stub.tsx';
import { createTestI18n } from '../support/i18n.ts';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

function cart(n: number): CartAnswer {
  return {
    items: Array.from({ length: n }, (_, i) => ({ id: `i${i + 1}`, contestId: 'c1', x: i, y: i, pricePaise: 4900 })),
    groups: [],
    held: [],
  };
}

async function renderHeader({ lng = 'en', carts }: { lng?: string; carts: number[] }) {
  const calls = stubApi({
    'GET /cart': () => ok(cart(carts.shift() ?? 0)),
    'POST /cart/items': () => ok(cart(5)),
    'DELETE /cart/items/i1': () => ok(cart(4)),
  });
  const i18n = await createTestI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/']}>
        <Header />
        <Routes>
          <Route path="/" element={<Link to="/rules">to the rules</Link>} />
          <Route path="/rules" element={<p>rules page</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return calls;
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

const cartCalls = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'GET' && c.url === '/cart');

describe('the header cart button', () => {
  it('is not there for a visitor, and the cart is not asked for', async () => {
    const calls = await renderHeader({ carts: [3] });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(document.querySelector('.cart-button')).toBeNull();
    // The menu's Cart asks a visitor to log in first, then lands on the cart.
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/login');
    expect(calls).toEqual([]);
  });

  it('shows a logged-in player how many tickets the cart holds and leads to /cart', async () => {
    loginMarker.set();
    await renderHeader({ carts: [3] });
    const button = await screen.findByRole('link', { name: 'Cart, 3 tickets' });
    expect(button).toHaveAttribute('href', '/cart');
    expect(button).toHaveTextContent('3');
  });

  it('says one ticket in the singular', async () => {
    loginMarker.set();
    await renderHeader({ carts: [1] });
    expect(await screen.findByRole('link', { name: 'Cart, 1 ticket' })).toHaveTextContent('1');
  });

  it('follows the tickets added and removed on other screens without asking again', async () => {
    loginMarker.set();
    const calls = await renderHeader({ carts: [0] });
    const button = await screen.findByRole('link', { name: 'Cart, 0 tickets' });
    expect(button.textContent).toBe('');
    await act(() => addCartItems('c1', [{ x: 1, y: 2 }]));
    expect(screen.getByRole('link', { name: 'Cart, 5 tickets' })).toHaveTextContent('5');
    await act(() => removeCartItem('i1'));
    expect(screen.getByRole('link', { name: 'Cart, 4 tickets' })).toHaveTextContent('4');
    expect(cartCalls(calls)).toHaveLength(1);
  });

  it('asks again on the next page, where a confirmed payment may have emptied the cart', async () => {
    loginMarker.set();
    const calls = await renderHeader({ carts: [2, 0] });
    await screen.findByRole('link', { name: 'Cart, 2 tickets' });
    fireEvent.click(screen.getByRole('link', { name: 'to the rules' }));
    expect(await screen.findByRole('link', { name: 'Cart, 0 tickets' })).toBeInTheDocument();
    expect(cartCalls(calls)).toHaveLength(2);
  });

  it('ends a session the server has already ended quietly: the visitor stays on the public page', async () => {
    loginMarker.set();
    const unauthorized = vi.fn();
    const stop = onUnauthorized(unauthorized);
    stubApi({ 'GET /cart': () => fail(401, 'Please log in.', 'UNAUTHENTICATED') });
    const i18n = await createTestI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/rules']}>
          <Header />
          <Where />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(loginMarker.isSet()).toBe(false);
    expect(unauthorized).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/rules');
    stop();
  });

  it('goes when the player logs out', async () => {
    loginMarker.set();
    await renderHeader({ carts: [2] });
    await screen.findByRole('link', { name: 'Cart, 2 tickets' });
    act(() => loginMarker.clear());
    expect(document.querySelector('.cart-button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('is not in the pre-rendered HTML, which a logged-in browser hydrates before asking', async () => {
    loginMarker.set();
    const calls = stubApi({});
    const i18n = await createTestI18n('en');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/']}>
          <Header />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(html).toContain('Login');
    expect(html).not.toContain('cart-button');
    expect(calls).toEqual([]);
  });

  it("brings a visitor who logs in from the header's Login back to the page they were on", async () => {
    stubApi({
      'POST /auth/login': () =>
        ok({
          user: {
            id: 'u1',
            firstName: 'Asha',
            lastName: 'Rao',
            email: 'asha@gmail.com',
            phone: '+919876543210',
            status: 'active',
            roles: [],
          },
        }),
    });
    const i18n = await createTestI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/rules?tab=faq']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route
              path="*"
              element={
                <>
                  <Header />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    );
    fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Password' }));
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: 'asha@gmail.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret@123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/rules?tab=faq');
  });

  it('names the count in Hindi', async () => {
    loginMarker.set();
    await renderHeader({ lng: 'hi', carts: [3] });
    expect(await screen.findByRole('link', { name: 'कार्ट, 3 टिकट' })).toHaveAttribute('href', '/cart');
  });
});
