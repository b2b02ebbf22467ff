import axios from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBuildMeta } from '../../src/api/meta.ts';
import { http } from '../../src/api/http.ts';

// A browser with the Cookie Store API (Chromium): axios's own XSRF read would wait for
// cookieStore.get before sending. The site's CSRF check is a header, so a call goes out at once,
// however long the cookie store takes (here: it never answers).

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'cookieStore');
});

function slowCookieStore() {
  const get = vi.fn(() => new Promise<never>(() => {}));
  Object.defineProperty(window, 'cookieStore', { value: { get }, configurable: true });
  return get;
}

describe('a call to the server', () => {
  it('is sent in the task that makes it, with the CSRF header, without asking the cookie store', async () => {
    const get = slowCookieStore();
    const sent: { url: string; header: string | null }[] = [];
    vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (
      this: XMLHttpRequest,
      _m: string,
      url: string | URL,
    ) {
      (this as XMLHttpRequest & { sentTo?: string }).sentTo = String(url);
    });
    const headers = new Map<string, string>();
    vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader').mockImplementation((name, value) => {
      headers.set(name.toLowerCase(), value);
    });
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      sent.push({
        url: (this as XMLHttpRequest & { sentTo?: string }).sentTo ?? '',
        header: headers.get('x-requested-with') ?? null,
      });
    });
    void http.get('/contests/current').catch(() => {});
    void fetchBuildMeta().catch(() => {});
    // axios starts its adapter after its request interceptors' promise: a few microtasks, no task.
    for (let turn = 0; turn < 10 && sent.length < 2; turn++) await Promise.resolve();
    expect(sent.map((one) => one.url).sort()).toEqual(
      [expect.stringMatching(/^\/api\/v1\/contests\/current/), expect.stringMatching(/^\/meta\.json\?t=/)].sort(),
    );
    expect(sent.find((one) => one.url.startsWith('/api/'))?.header).toBe('XMLHttpRequest');
    expect(get).not.toHaveBeenCalled();
  });

  it("is held back by axios's default XSRF read where the instance does not turn it off (what the test guards)", async () => {
    const get = slowCookieStore();
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => {});
    void axios.get('/api/v1/contests/current').catch(() => {});
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    expect(get).toHaveBeenCalledWith('XSRF-TOKEN');
    expect(send).not.toHaveBeenCalled();
  });
});
