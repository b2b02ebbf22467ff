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
  beforeEach(() => {
    vi.resetModules();
    fetched = [];
    failing = new Set();
    decoded = [];
    vi.stubGlobal('ImageBitmap', FakeBitmap);
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      if (failing.has(url)) throw new TypeError('Failed to fetch');
      return { ok: true, blob: async () => url };
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
