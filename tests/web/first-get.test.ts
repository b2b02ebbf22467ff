import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, LOCATION_NEEDED_EVENT, onUnauthorized } from '../../src/api/api-error.ts';
import { fetchGet } from '../../src/api/first-get.ts';

// The first paint's GETs without axios (issue 29) read answers and failures as apiCall does.

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('fetchGet', () => {
  it('asks under /api/v1 with the query and the header the server expects, and gives the data', async () => {
    const fetch = answer(200, { data: { current: null } });
    await expect(fetchGet('/contests/current', { lang: 'hi' })).resolves.toEqual({ current: null });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/contests/current?lang=hi');
    expect(new Headers(init?.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('writes a number in the query as text, in the order given (as the server preloads the press list)', async () => {
    const fetch = answer(200, { data: { items: [] } });
    await fetchGet('/press', { lang: 'en', page: 2 });
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/press?lang=en&page=2');
  });

  it("reads a failed answer's code, message, status, fields and details", async () => {
    answer(422, { code: 'VALIDATION_FAILED', message: 'lang must be en or hi', fields: { lang: 'bad' }, details: 1 });
    const failure = await failureOf(fetchGet('/contests/current', { lang: 'xx' }));
    expect(failure).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'lang must be en or hi',
      status: 422,
      fields: { lang: 'bad' },
      details: 1,
    });
  });

  it('tells the session a 401, and the location gate a location refusal', async () => {
    const unauthorized = vi.fn();
    const stop = onUnauthorized(unauthorized);
    answer(401, { code: 'UNAUTHENTICATED', message: 'Please log in' });
    await failureOf(fetchGet('/location'));
    expect(unauthorized).toHaveBeenCalledTimes(1);
    stop();

    const needed = vi.fn();
    window.addEventListener(LOCATION_NEEDED_EVENT, needed);
    answer(428, { code: 'LOCATION_REQUIRED', message: 'Check your location' });
    expect((await failureOf(fetchGet('/location'))).code).toBe('LOCATION_REQUIRED');
    expect(needed).toHaveBeenCalledTimes(1);
    window.removeEventListener(LOCATION_NEEDED_EVENT, needed);
  });

  it('names an answer without data, an answer that is not JSON, and no answer at all', async () => {
    answer(200, { message: 'ok' });
    expect((await failureOf(fetchGet('/location'))).code).toBe('INVALID_RESPONSE');
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await failureOf(fetchGet('/location'))).toMatchObject({
      code: 'UNKNOWN',
      status: 502,
      message: 'Request failed with status code 502',
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failureOf(fetchGet('/location'))).toMatchObject({ code: 'NETWORK', status: null });
  });
});
