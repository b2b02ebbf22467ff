import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createTestI18n } from './i18n.ts';

/** Renders a tree the way the app does: translations loaded, a router at `path`. */
export async function renderWithApp(
  ui: ReactElement,
  { path = '/', lng = 'en' }: { path?: string; lng?: string } = {},
) {
  const i18n = await createTestI18n(lng);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}
