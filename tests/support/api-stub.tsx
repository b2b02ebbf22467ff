import { render } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { forgetCartAhead } from '../../src/api/contests.ts';
import { http } from '../../src/api/http.ts';
import { CurrentContestsShare } from '../../src/shared/current-contests-share.tsx';
import { createTestI18n } from './i18n.ts';

export interface StubAnswer {
  status: number;
  data: unknown;
}

/** Answers a call from its body and, for GETs with a query, axios's params. */
export type StubHandler = (body: unknown, params?: unknown) => StubAnswer | Promise<StubAnswer>;

export interface StubCall {
  method: string;
  url: string;
  body: unknown;
  /** The query parameters axios was given. */
  params?: unknown;
}

/**
 * Replaces the axios adapter with answers per 'METHOD /url' (the url under /api/v1). Anything
 * else answers 404. A 4xx/5xx answer rejects the way axios does, so interceptors run.
 */
export function stubApi(routes: Record<string, StubHandler>): StubCall[] {
  const calls: StubCall[] = [];
  // A new server: a cart the play screen asked ahead of it (src/api/contests.ts) is not its.
  forgetCartAhead();
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const key = `${method} ${url}`;
    // The sign-in screens read GET /site for the Google button (issue 26): unless a test stubs it,
    // it answers as a server with Google configured and stays out of the calls a test counts.
    const handler = routes[key] ?? (key === SITE_FEATURES ? siteFeatures : undefined);
    if (routes[key] || key !== SITE_FEATURES) calls.push({ method, url, body, params: config.params as unknown });
    const answer = handler
      ? await handler(body, config.params as unknown)
      : { status: 404, data: { message: 'Not found', code: 'NOT_FOUND' } };
    const response = {
      status: answer.status,
      statusText: String(answer.status),
      data: answer.data,
      headers: {},
      config,
    } as AxiosResponse;
    if (answer.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    return response;
  };
  return calls;
}

export const ok = (data: unknown, message?: string): StubAnswer => ({
  status: 200,
  data: { data, ...(message ? { message } : {}) },
});

/** GET /site's answer (domain/site.ts), paid play on, with `changes`. */
export const siteSettings = (changes: Record<string, unknown> = {}) => ({
  paidPlay: true,
  billing: {
    entryGstBasisPoints: 4000,
    entryGstSince: '2025-09-22',
    feeGstBasisPoints: 1800,
    platformFeePaisePerTicket: 0,
    examplePricePaise: 5000,
    exampleAllInPaise: 5000,
  },
  location: { restrictedStates: [], checkMinutes: 60 },
  googleSignIn: true,
  ...changes,
});

const SITE_FEATURES = 'GET /site';
const siteFeatures: StubHandler = () => ok(siteSettings());
/** An error answer as server/plugins/error-handler.ts sends it (`details`: the counts some codes carry). */
export const fail = (
  status: number,
  message: string,
  code = 'ERROR',
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
): StubAnswer => ({
  status,
  data: { message, code, ...(fields ? { fields } : {}), ...(details ? { details } : {}) },
});

/** Shows where the router is, so a test can assert a navigation. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/**
 * One screen at its route, the other routes as markers: a test sees where the screen sent the
 * user and with what state.
 */
export async function renderScreen(
  ui: ReactElement,
  {
    path,
    route = path,
    state,
    lng = 'en',
  }: {
    path: string;
    /** The route the screen is mounted on, as the app mounts it: `/admin/contests/*` for a screen with routes of its own. */
    route?: string;
    state?: unknown;
    lng?: string;
  },
) {
  const i18n = await createTestI18n(lng);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        {/* As in the app's shell (App.tsx): a page view's asks for the current contests share one answer. */}
        <CurrentContestsShare>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={<Where />} />
          </Routes>
        </CurrentContestsShare>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}
