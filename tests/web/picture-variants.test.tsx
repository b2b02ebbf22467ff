import { act, renderHook } from '@testing-library/react';
import type { Texture } from 'pixi.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GamePicture } from '../../domain/practice.ts';
import { Camera } from '../../src/stage/scene/camera.ts';
import { type TextureStore, usePictureTextures } from '../../src/stage/scene/textures.ts';

// Which display variant the stage loads first, and that the largest follows for the loupe once the
// first is drawn, the world drawing it only when a zoom needs it (issue 29): the camera's view
// before it holds a picture chose the large variant every time, and the largest drawn at a phone's
// fit held the main thread for 110-140 ms at 4x.
const picture: GamePicture = {
  width: 2400,
  height: 1600,
  variants: [
    { name: 'small', url: '/p/small', width: 1280, height: 853 },
    { name: 'large', url: '/p/large', width: 2400, height: 1600 },
  ],
};

function fakeStore() {
  const loads: string[] = [];
  const store = {
    load: vi.fn(async (url: string) => {
      loads.push(url);
      return { url } as unknown as Texture;
    }),
  } as unknown as TextureStore;
  return { store, loads };
}

function cameraOf(width: number, height: number) {
  const camera = new Camera();
  camera.resize({ width, height });
  return camera;
}

/** The hook on a 360 px phone at 2x, fitted to the picture, with the loupe's wish as a prop. */
function onPhone(finest: 'idle' | 'now' | undefined) {
  vi.stubGlobal('devicePixelRatio', 2);
  const { store, loads } = fakeStore();
  const camera = cameraOf(360, 600);
  camera.setImage({ width: picture.width, height: picture.height });
  const hook = renderHook(
    (props: { finest?: 'idle' | 'now' }) => usePictureTextures(picture, camera, store, { finest: props.finest }),
    { initialProps: { finest } },
  );
  return { ...hook, loads };
}

describe('the picture variant a stage loads', () => {
  let idle: Array<() => void>;
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone, the small variant first (what the fit needs), the largest for the loupe when the browser is idle, and the world draws it once a zoom needs it', async () => {
    vi.stubGlobal('devicePixelRatio', 2);
    const { store, loads } = fakeStore();
    const camera = cameraOf(360, 600);
    camera.setImage({ width: picture.width, height: picture.height });
    const { result } = renderHook(() => usePictureTextures(picture, camera, store, { finest: 'idle' }));
    await act(async () => undefined);
    expect(loads).toEqual(['/p/small']);
    expect(result.current.shown?.texture).toMatchObject({ url: '/p/small' });
    expect(result.current.finest?.texture).toMatchObject({ url: '/p/small' });
    expect(idle).toHaveLength(1);
    await act(async () => idle.shift()!());
    expect(loads).toEqual(['/p/small', '/p/large']);
    expect(result.current.finest?.texture).toMatchObject({ url: '/p/large' });
    expect(result.current.shown?.texture).toMatchObject({ url: '/p/small' });
    expect(idle).toHaveLength(0);

    // Zoomed in past what the small variant shows sharply: the world draws the largest, loaded once.
    await act(async () => camera.zoomTo(1, 0, 0));
    expect(result.current.shown?.texture).toMatchObject({ url: '/p/large' });
    expect(loads).toEqual(['/p/small', '/p/large']);
  });

  it('on a phone whose browser asks to save data, the largest only once the loupe is up, without waiting for idle', async () => {
    const { result, rerender, loads } = onPhone(undefined);
    await act(async () => undefined);
    expect(loads).toEqual(['/p/small']);
    expect(idle).toHaveLength(0);
    expect(result.current.finest?.texture).toMatchObject({ url: '/p/small' });

    rerender({ finest: 'now' });
    await act(async () => undefined);
    expect(loads).toEqual(['/p/small', '/p/large']);
    expect(result.current.finest?.texture).toMatchObject({ url: '/p/large' });
    expect(result.current.shown?.texture).toMatchObject({ url: '/p/small' });
    expect(idle).toHaveLength(0);
  });

  it('on a phone, the loupe up before the browser is idle asks for the largest at once, once', async () => {
    const { result, rerender, loads } = onPhone('idle');
    await act(async () => undefined);
    expect(idle).toHaveLength(1);
    rerender({ finest: 'now' });
    await act(async () => undefined);
    expect(loads).toEqual(['/p/small', '/p/large']);
    expect(result.current.finest?.texture).toMatchObject({ url: '/p/large' });
  });

  it('without the loupe (a reveal), loads only what the view needs', async () => {
    vi.stubGlobal('devicePixelRatio', 2);
    const { store, loads } = fakeStore();
    const { result } = renderHook(() => usePictureTextures(picture, cameraOf(360, 600), store));
    await act(async () => undefined);
    expect(loads).toEqual(['/p/small']);
    expect(result.current.shown?.texture).toMatchObject({ url: '/p/small' });
    expect(idle).toHaveLength(0);
  });

  it("on a phone, a served picture's phone copy first (drawn at more than half its size), then the small variant as a zoom needs it", async () => {
    vi.stubGlobal('devicePixelRatio', 2);
    const served: GamePicture = {
      ...picture,
      variants: [
        { name: 'small', url: '/api/v1/pictures/p/small', width: 1280, height: 853 },
        { name: 'large', url: '/api/v1/pictures/p/large', width: 2400, height: 1600 },
      ],
    };
    const { store, loads } = fakeStore();
    // The play screen's stage on a 360 px phone.
    const camera = cameraOf(360, 192);
    camera.setImage({ width: served.width, height: served.height });
    const { result } = renderHook(() => usePictureTextures(served, camera, store));
    await act(async () => undefined);
    expect(loads).toEqual(['/api/v1/pictures/p/small?w=800']);
    expect(result.current.shown?.texture).toMatchObject({ url: '/api/v1/pictures/p/small?w=800' });
    // Zoomed to twice the fit: 1152 device px of picture across, more than the phone copy has.
    await act(async () => camera.zoomTo(camera.view.scale * 2, 0, 0));
    expect(loads).toEqual(['/api/v1/pictures/p/small?w=800', '/api/v1/pictures/p/small']);
    expect(result.current.shown?.texture).toMatchObject({ url: '/api/v1/pictures/p/small' });
  });

  it('on a wide screen, the large variant at once, and nothing more', async () => {
    vi.stubGlobal('devicePixelRatio', 1);
    const { store, loads } = fakeStore();
    const { result } = renderHook(() => usePictureTextures(picture, cameraOf(1600, 900), store, { finest: 'idle' }));
    await act(async () => undefined);
    expect(loads).toEqual(['/p/large']);
    expect(result.current.shown?.texture).toMatchObject({ url: '/p/large' });
    expect(result.current.finest?.texture).toMatchObject({ url: '/p/large' });
    expect(idle).toHaveLength(0);
  });
});
