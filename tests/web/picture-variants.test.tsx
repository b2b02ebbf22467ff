import { act, renderHook } from '@testing-library/react';
import type { Texture } from 'pixi.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GamePicture } from '../../domain/practice.ts';
import { Camera } from '../../src/stage/scene/camera.ts';
import { type TextureStore, usePictureTexture } from '../../src/stage/scene/textures.ts';

// Which display variant the stage loads first, and that the largest follows once the first is drawn
// (issue 29): the camera's view before it holds a picture chose the large variant every time.
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

describe('the picture variant a stage loads', () => {
  let idle: Array<() => void>;
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone, the small variant first (what the fit needs), then the largest when the browser is idle', async () => {
    vi.stubGlobal('devicePixelRatio', 2);
    const { store, loads } = fakeStore();
    const { result } = renderHook(() => usePictureTexture(picture, cameraOf(360, 600), store));
    await act(async () => undefined);
    expect(loads).toEqual(['/p/small']);
    expect(result.current?.texture).toMatchObject({ url: '/p/small' });
    expect(idle).toHaveLength(1);
    await act(async () => idle.shift()!());
    expect(loads).toEqual(['/p/small', '/p/large']);
    expect(result.current?.texture).toMatchObject({ url: '/p/large' });
    expect(idle).toHaveLength(0);
  });

  it('on a wide screen, the large variant at once, and nothing more', async () => {
    vi.stubGlobal('devicePixelRatio', 1);
    const { store, loads } = fakeStore();
    const { result } = renderHook(() => usePictureTexture(picture, cameraOf(1600, 900), store));
    await act(async () => undefined);
    expect(loads).toEqual(['/p/large']);
    expect(result.current?.texture).toMatchObject({ url: '/p/large' });
    expect(idle).toHaveLength(0);
  });
});
