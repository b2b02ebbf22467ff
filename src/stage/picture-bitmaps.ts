/**
 * The stage's pictures fetched and decoded (issue 29): off the main thread into an ImageBitmap where
 * the browser can, and the first one fetched as the stage starts loading its engine, in parallel
 * with the engine's code, instead of after the engine's start. Pixi-free: the stage's edge
 * (PictureStage.tsx) asks for the first, the scene's textures (scene/textures.ts) take it.
 */

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  await image.decode();
  return image;
}

export const isBitmap = (image: HTMLImageElement | ImageBitmap): image is ImageBitmap =>
  typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap;

/**
 * The picture decoded off the main thread into an ImageBitmap: drawing it then copies its pixels as
 * they are. Uploading an <img> to WebGL made the browser convert its pixels on the main thread, the
 * longest task of the stage's start (about 400 ms at 4x CPU slowdown). A browser without
 * createImageBitmap, or a failed fetch, falls back to the <img>.
 */
export async function loadPicture(url: string, cached?: string): Promise<HTMLImageElement | ImageBitmap> {
  if (typeof createImageBitmap === 'function' && typeof fetch === 'function') {
    try {
      const answer = (cached && (await cachedCopy(cached, url))) || (await fetch(url, { credentials: 'same-origin' }));
      if (answer.ok) return await createImageBitmap(await answer.blob());
    } catch {
      // The <img> below tries again, with the browser's own loading and errors.
    }
  }
  return loadImage(url);
}

/**
 * The picture at `url` as the browser's cache holds it under `cached`, another address of the page
 * (the preview's phone copy by the screen's stable address: domain/site-paths.ts), without asking
 * the server: only when that answer names `url` as the copy it is (its Content-Location,
 * server/routes/pictures.routes.ts), else null. A phone then downloads the picture once, not twice.
 */
async function cachedCopy(cached: string, url: string): Promise<Response | null> {
  try {
    const answer = await fetch(cached, { credentials: 'same-origin', cache: 'force-cache' });
    const named = answer.headers.get('content-location');
    if (answer.ok && named && new URL(named, location.href).href === new URL(url, location.href).href) return answer;
    void answer.body?.cancel();
  } catch {
    // The picture's own address is asked instead.
  }
  return null;
}

type Loading = Promise<HTMLImageElement | ImageBitmap>;

/** The one picture fetched ahead, until the scene takes it. */
let ahead: { url: string; picture: Loading } | null = null;

/** Closes a picture fetched ahead that nobody took (a bitmap holds its decoded pixels until closed). */
function release(picture: Loading): void {
  picture.then(
    (image) => {
      if (isBitmap(image)) image.close();
    },
    () => undefined,
  );
}

/**
 * Starts fetching and decoding the picture at `url` for the scene to take (at most one: another
 * url releases the one before); from the cache's copy under `cached` when that is the same picture.
 */
export function fetchPictureAhead(url: string, cached?: string): void {
  if (ahead?.url === url) return;
  if (ahead) release(ahead.picture);
  const picture = loadPicture(url, cached);
  // A failure is the scene's to meet: it fetches again when it takes this one.
  picture.catch(() => undefined);
  ahead = { url, picture };
}

/** Releases the picture fetched ahead, if nobody took it (the stage is gone). */
export function dropPictureAhead(url: string): void {
  if (ahead?.url !== url) return;
  release(ahead.picture);
  ahead = null;
}

/** The picture at `url`: the one fetched ahead (now the caller's), or a fetch of its own. */
export function takePicture(url: string): Loading {
  if (ahead?.url === url) {
    const { picture } = ahead;
    ahead = null;
    return picture.catch(() => loadPicture(url));
  }
  return loadPicture(url);
}
