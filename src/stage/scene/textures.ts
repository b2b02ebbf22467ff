/**
 * Picture textures: the display variant a stage wants (never a smaller one than it has), loaded
 * from the variant's address, and every texture destroyed with the scene.
 */
import { ImageSource, Texture } from 'pixi.js';
import { nextQuietTask } from '../../shared/yield-to-browser.ts';
import { useEffect, useRef, useState } from 'react';
import type { GamePicture } from '../../../domain/practice.ts';
import { onIdle } from '../idle.ts';
import { drawableVariants, drawnVariant, fitDrawnVariant } from '../view.ts';
import { isBitmap, takePicture } from '../picture-bitmaps.ts';
import type { Camera } from './camera.ts';

/** Readies a texture for drawing: the renderer's upload (WebGL's to the GPU; nothing for a 2D canvas). */
export type TextureUpload = (texture: Texture) => void;

/** How long the largest variant waits for an idle moment after the first is drawn, at most. */
const LARGEST_AFTER_MS = 1000;

export class TextureStore {
  private readonly textures = new Set<Texture>();
  /** The decoded pictures, released with the scene (a texture's destroy does not close them). */
  private readonly bitmaps = new Set<ImageBitmap>();
  private readonly upload: TextureUpload;
  private destroyed = false;

  constructor(upload: TextureUpload = () => undefined) {
    this.upload = upload;
  }

  /**
   * The texture of the image at `url`, ready to draw: the upload is a task of its own, between the
   * decode and the frame that first draws it, so neither holds a tap for long (issue 29).
   */
  async load(url: string): Promise<Texture | null> {
    const image = await takePicture(url);
    if (this.destroyed) {
      if (isBitmap(image)) image.close();
      return null;
    }
    if (isBitmap(image)) this.bitmaps.add(image);
    const texture = new Texture({
      source: new ImageSource({ resource: image, autoGenerateMipmaps: true, scaleMode: 'linear' }),
    });
    this.textures.add(texture);
    await nextQuietTask();
    if (this.destroyed) return null;
    this.upload(texture);
    await nextQuietTask();
    return this.destroyed ? null : texture;
  }

  destroy(): void {
    this.destroyed = true;
    for (const texture of this.textures) texture.destroy(true);
    this.textures.clear();
    for (const bitmap of this.bitmaps) bitmap.close();
    this.bitmaps.clear();
  }
}

export interface ShownPicture {
  picture: GamePicture;
  texture: Texture;
}

export const pictureKey = (picture: GamePicture) =>
  `${picture.width}x${picture.height} ${picture.variants.map((variant) => variant.url).join(' ')}`;

/** A picture's textures: the one the world draws, and the finest loaded (the loupe's). */
export interface PictureTextures {
  shown: ShownPicture | null;
  finest: ShownPicture | null;
}

/**
 * The picture's textures. The world draws the variant its view needs (at least the stage's
 * width, view.ts drawnVariant): a stage that grows or a zoom past what the phone copy, then the
 * small variant, shows sharply loads the next one, never the reverse. An equal picture in a new
 * object (a re-render upstream) keeps its textures.
 *
 * A new picture starts fitted (Camera.setImage), so its first variant is the one its fit needs: on
 * a phone the phone copy, which loads, decodes and draws in a fraction of the large one's time
 * (issue 29; the camera's view before it holds the picture chose the large one every time) and is
 * drawn at more than half its size (drawnVariant says why that matters).
 *
 * With `finest`, the largest variant also loads once the first is drawn, for the loupe, which shows
 * original pixels (12 screen px each) that only it has: in the background when the browser is idle
 * ('idle'), or at once ('now': the loupe is up). The world keeps drawing
 * the smaller one until a zoom needs more: the browser prepares a picture for the scale it is first
 * drawn at on the main thread, and the largest drawn at a phone's fit held it for 110-140 ms at 4x
 * (traced: GpuImageDecodeCache::DecodeImage in the frame's commit), a tap meanwhile waiting.
 */
export function usePictureTextures(
  picture: GamePicture | null,
  camera: Camera,
  store: TextureStore,
  { finest }: { finest?: 'idle' | 'now' } = {},
): PictureTextures {
  const key = picture ? pictureKey(picture) : '';
  // A new picture is fitted (the camera may still show the one before); a moving camera shows this one.
  const wantedWidth = (fitted: boolean) => {
    if (!picture) return 0;
    const density = window.devicePixelRatio || 1;
    const variant = fitted
      ? fitDrawnVariant(picture, camera.stage, density)
      : drawnVariant(picture, camera.stage, camera.view.scale, density);
    return variant.width;
  };
  const [variant, setVariant] = useState({ key, width: wantedWidth(true) });
  const [loaded, setLoaded] = useState<{ key: string; byWidth: ReadonlyMap<number, Texture> }>({
    key: '',
    byWidth: new Map(),
  });
  const width = variant.key === key ? variant.width : wantedWidth(true);
  const textures = loaded.key === key ? loaded.byWidth : null;

  // Read by the camera's listener, which must not ask React for a render on every move.
  const widest = useRef(width);
  useEffect(() => {
    widest.current = width;
  }, [width]);
  useEffect(() => {
    if (!picture) return undefined;
    return camera.subscribe(() => {
      const next = wantedWidth(false);
      if (next <= widest.current) return;
      widest.current = next;
      setVariant({ key, width: next });
    });
    // wantedWidth reads only the picture (by its key) and the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, camera]);

  // Loads a variant (by width) the picture does not have yet.
  const loadWidth = (wanted: number) => {
    if (!picture || textures?.has(wanted)) return undefined;
    const variants = drawableVariants(picture);
    const chosen = variants.find((candidate) => candidate.width === wanted) ?? variants[variants.length - 1]!;
    let current = true;
    void store.load(chosen.url).then((texture) => {
      if (!current || !texture) return;
      setLoaded((before) => {
        const byWidth = new Map(before.key === key ? before.byWidth : []);
        byWidth.set(wanted, texture);
        return { key, byWidth };
      });
    });
    return () => {
      current = false;
    };
  };

  // The world's variant; a texture in the map is not loaded again.
  useEffect(
    () => loadWidth(width),
    // `textures` is read to skip a load it already holds; a new texture must not start another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, width, store],
  );

  // The largest, for the loupe, once the first is in: when the browser is idle, or at once (see above).
  const largest = picture ? Math.max(...picture.variants.map((candidate) => candidate.width)) : 0;
  const anyLoaded = (textures?.size ?? 0) > 0;
  const hasLargest = textures?.has(largest) ?? false;
  const [idleFor, setIdleFor] = useState('');
  useEffect(() => {
    if (finest !== 'idle' || !anyLoaded || hasLargest || idleFor === key) return undefined;
    return onIdle(() => setIdleFor(key), LARGEST_AFTER_MS);
  }, [finest, anyLoaded, hasLargest, idleFor, key]);
  const finestWanted = anyLoaded && (finest === 'now' || (finest === 'idle' && idleFor === key));
  useEffect(
    () => (finestWanted ? loadWidth(largest) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [finestWanted, key, largest, store],
  );

  if (!picture || !textures || textures.size === 0) return { shown: null, finest: null };
  // The world: the wanted variant, or while it loads the widest loaded below it (or any).
  const widths = [...textures.keys()].sort((a, b) => a - b);
  const worldWidth = textures.has(width) ? width : (widths.filter((w) => w < width).pop() ?? widths[0]!);
  const shown = { picture, texture: textures.get(worldWidth)! };
  const finestWidth = widths[widths.length - 1]!;
  return { shown, finest: { picture, texture: textures.get(finestWidth)! } };
}

/** Pixels become visible squares when zoomed far in (at least `nearestFrom` screen px per texel), so the aimed pixel is unambiguous. */
export function sharpenWhenZoomed(texture: Texture, texelOnScreen: number, nearestFrom = 6): void {
  const wanted = texelOnScreen >= nearestFrom ? 'nearest' : 'linear';
  if (texture.source.scaleMode !== wanted) texture.source.scaleMode = wanted;
}
