import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's fetch and decoder: stand-ins that count what is fetched, and bitmaps that say when closed.
class FakeBitmap {
  readonly url: string;
  closed = false;
  constructor(url: string) {
    this.url = url;
  }
  close() {
    this.closed = true;
  }
}

describe('the first picture fetched ahead of the engine (picture-bitmaps.ts)', () => {
  let fetched: string[];
  let failing: Set<string>;
  let decoded: FakeBitmap[];
  /** What the cache holds under a stable address: the copy its answer names, and its bytes. */
  let copies: Map<string, { names: string; bytes: string }>;
  let cancelled: string[];
  beforeEach(() => {
    vi.resetModules();
    fetched = [];
    failing = new Set();
    decoded = [];
    copies = new Map();
    cancelled = [];
    vi.stubGlobal('ImageBitmap', FakeBitmap);
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      fetched.push(init?.cache === 'force-cache' ? `cache:${url}` : url);
      if (failing.has(url)) throw new TypeError('Failed to fetch');
      const copy = copies.get(url);
      return {
        ok: true,
        headers: new Headers(copy ? { 'content-location': copy.names } : {}),
        body: { cancel: async () => cancelled.push(url) },
        blob: async () => copy?.bytes ?? url,
      };
    });
    vi.stubGlobal('createImageBitmap', async (blob: string) => {
      const bitmap = new FakeBitmap(blob);
      decoded.push(bitmap);
      return bitmap;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const bitmaps = () => import('../../src/stage/picture-bitmaps.ts');

  it('hands the picture fetched ahead to the scene, fetched once', async () => {
    const { fetchPictureAhead, takePicture } = await bitmaps();
    fetchPictureAhead('/p/small');
    fetchPictureAhead('/p/small');
    const picture = await takePicture('/p/small');
    expect(picture).toMatchObject({ url: '/p/small', closed: false });
    expect(fetched).toEqual(['/p/small']);
    // Taken: the next ask is the scene's own.
    await takePicture('/p/small');
    expect(fetched).toEqual(['/p/small', '/p/small']);
  });

  it('fetches a picture of its own for another address', async () => {
    const { fetchPictureAhead, takePicture } = await bitmaps();
    fetchPictureAhead('/p/small');
    expect(await takePicture('/p/large')).toMatchObject({ url: '/p/large' });
    expect(fetched).toEqual(['/p/small', '/p/large']);
  });

  it('closes a picture nobody took: when the stage is gone, or another is fetched ahead', async () => {
    const { dropPictureAhead, fetchPictureAhead, takePicture } = await bitmaps();
    fetchPictureAhead('/p/one');
    const one = (await takePicture('/p/one')) as unknown as FakeBitmap;
    dropPictureAhead('/p/one');
    expect(one.closed).toBe(false);

    fetchPictureAhead('/p/two');
    fetchPictureAhead('/p/three');
    dropPictureAhead('/p/three');
    await vi.waitFor(() =>
      expect(decoded.map((bitmap) => [bitmap.url, bitmap.closed])).toEqual([
        ['/p/one', false],
        ['/p/two', true],
        ['/p/three', true],
      ]),
    );
    // Released: the scene fetches its own.
    expect(await takePicture('/p/two')).toMatchObject({ url: '/p/two', closed: false });
    expect(fetched).toEqual(['/p/one', '/p/two', '/p/three', '/p/two']);
  });

  it("takes the cache's copy under the page's own address when it names the picture, without asking the server", async () => {
    const { fetchPictureAhead, takePicture } = await bitmaps();
    copies.set('/first?w=800', { names: '/p/small?w=800', bytes: 'the preview bytes' });
    fetchPictureAhead('/p/small?w=800', '/first?w=800');
    expect(await takePicture('/p/small?w=800')).toMatchObject({ url: 'the preview bytes' });
    expect(fetched).toEqual(['cache:/first?w=800']);
  });

  it("asks for the picture itself when the cache's copy is another picture, names none, or fails", async () => {
    const { fetchPictureAhead, takePicture } = await bitmaps();
    // The first picture changed since the page loaded: the copy names another.
    copies.set('/first?w=800', { names: '/q/small?w=800', bytes: 'another picture' });
    fetchPictureAhead('/p/small?w=800', '/first?w=800');
    expect(await takePicture('/p/small?w=800')).toMatchObject({ url: '/p/small?w=800' });
    expect(cancelled).toEqual(['/first?w=800']);
    // An answer that names nothing (an older server).
    fetchPictureAhead('/r/small?w=800', '/plain?w=800');
    expect(await takePicture('/r/small?w=800')).toMatchObject({ url: '/r/small?w=800' });
    failing.add('/broken?w=800');
    fetchPictureAhead('/s/small?w=800', '/broken?w=800');
    expect(await takePicture('/s/small?w=800')).toMatchObject({ url: '/s/small?w=800' });
    expect(fetched).toEqual([
      'cache:/first?w=800',
      '/p/small?w=800',
      'cache:/plain?w=800',
      '/r/small?w=800',
      'cache:/broken?w=800',
      '/s/small?w=800',
    ]);
  });

  it('fetches again when the fetch ahead failed', async () => {
    const { fetchPictureAhead, takePicture } = await bitmaps();
    failing.add('/p/small');
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        decode = () => Promise.reject(new Error('no decoder'));
      },
    );
    fetchPictureAhead('/p/small');
    failing.clear();
    expect(await takePicture('/p/small')).toMatchObject({ url: '/p/small' });
    expect(fetched).toEqual(['/p/small', '/p/small']);
  });
});
