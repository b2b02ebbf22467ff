import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ProfileUser } from '../../domain/users.ts';
import AdminSection from '../../src/screens/admin/AdminSection.tsx';
import ContestsPage from '../../src/screens/admin/contests/ContestsPage.tsx';
import { ok, renderScreen, type StubAnswer } from './api-stub.tsx';
import { createTestI18n } from './i18n.ts';

/**
 * Renders the console as the app mounts it (translations loaded, lazy sections behind a
 * Suspense, the router at `path`); `otherRoutes` stand beside /admin/* for a test that follows
 * the console leaving it.
 */
export async function renderConsole(path = '/admin', lng = 'en', otherRoutes?: ReactNode) {
  const i18n = await createTestI18n(lng);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>loading chunk</p>}>
          <Routes>
            <Route path="/admin/*" element={<AdminSection />} />
            {otherRoutes}
          </Routes>
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The contests screen alone, mounted as the console mounts it (on /admin/contests/*: it has routes of its own). */
export function renderContestsPage(lng = 'en') {
  return renderScreen(<ContestsPage />, { path: '/admin/contests', route: '/admin/contests/*', lng });
}

/** The admin the console tests log in as, as GET /account/me answers (domain/users.ts). */
export const ADMIN_USER: ProfileUser = {
  id: 'a1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@cricspot.in',
  phone: '+919876543210',
  status: 'active',
  roles: ['admin'],
  avatarUrl: null,
  hasPassword: true,
};

/** GET /account/me for ADMIN_USER. */
export const adminMe = (): StubAnswer => ok({ user: ADMIN_USER });
