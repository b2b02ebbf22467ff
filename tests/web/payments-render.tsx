import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import CheckoutPage from '../../src/screens/checkout/CheckoutPage.tsx';
import PaymentsPage from '../../src/screens/payments/PaymentsPage.tsx';
import { createTestI18n } from '../support/i18n.ts';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** The checkout and payments screens at a full url (their query string matters), other routes as markers. */
export async function renderAt(url: string, lng = 'en') {
  const i18n = await createTestI18n(lng);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/popupCheckout" element={<CheckoutPage />} />
          <Route path="/payments" element={<PaymentsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
