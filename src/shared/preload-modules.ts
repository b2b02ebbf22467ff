/**
 * Code asked for ahead of its imports as module scripts (issue 29): fetched, parsed and compiled
 * into the page's modules, not run, so that an import later finds it there. A game screen's code
 * is asked for so, all at once: the build names its chunks in the HTML (SCREEN_CODE_META,
 * scripts/prerender.ts) instead of preloading them, so that the picture has the connection first,
 * and src/main.tsx then evaluates them one per task (loadFirstPaintCode). Left to the imports,
 * each file was asked for only when the import before it had arrived and run, one round trip after
 * another (traced at 4x: the play screen's code arrived over 370 ms after the load event, in six
 * waves). Preloaded here, every file is on its way at once and each import finds its own in flight
 * or arrived; a file that fails fails its import, as before (the route's reload dialog).
 *
 * The stage engine's code is only fetched ahead (prefetchFiles), not preloaded as modules: its
 * compile would then run in the page's start (see src/stage/scene-loader.ts).
 */
import { LATER_CODE_META, SCREEN_CODE_META } from '../../domain/site-paths.ts';
import { nextTask } from './yield-to-browser.ts';

/** The files the page's HTML names in the meta tag `name` (space-separated); none without one. */
export function namedFiles(name: string, doc: Document = document): string[] {
  const named = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  return named?.content.split(' ').filter(Boolean) ?? [];
}

/** The files the page's HTML names for its screen; none on a page that names none. */
export function screenCodeFiles(doc: Document = document): string[] {
  return namedFiles(SCREEN_CODE_META, doc);
}

/** The module scripts the page has preloaded (its own links and Vite's), as absolute URLs. */
export function preloadedModules(doc: Document = document): Set<string> {
  return new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href));
}

/**
 * How many files are asked for in one task. Each request a script makes costs the main thread,
 * more under DevTools (as Lighthouse and the benches run), which records each request's initiator:
 * the play screen's 32 links added at once were one task of 79 ms at 4x in a trace with the
 * profiler on, which a tap then waited for (20 links from a page's console: 3-15 ms at 4x). Eight
 * at a time, that is four tasks of a quarter of it.
 */
const FILES_PER_TASK = 8;

/**
 * Preloads the files as module scripts, FILES_PER_TASK of them per change to the head, the first
 * group at once and each further one in a task of its own, in the order given (the files run
 * first go first); a file already linked (Vite's own preload of an import's chunks) is skipped.
 * Resolves to how many it asked for.
 */
export async function preloadModules(hrefs: readonly string[], doc: Document = document): Promise<number> {
  const linked = preloadedModules(doc);
  const files = hrefs.filter((href) => !linked.has(new URL(href, doc.baseURI).href));
  for (let start = 0; start < files.length; start += FILES_PER_TASK) {
    if (start > 0) await nextTask();
    const links = doc.createDocumentFragment();
    for (const href of files.slice(start, start + FILES_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      // As Vite's loader links an import's chunks: a module script's request (CORS, same-origin credentials).
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    doc.head.append(links);
  }
  return files.length;
}

/** Preloads the game screen's code its HTML names (none elsewhere); resolves to how many files it asked for. */
export function preloadScreenCode(doc: Document = document): Promise<number> {
  return preloadModules(screenCodeFiles(doc), doc);
}

/**
 * On a game screen (a page whose HTML names its screen's code), that code preloaded, then the stage
 * engine's files fetched ahead, run only once the page is idle (src/stage/scene-loader.ts); nothing
 * on another page (the winners' pages paint first too, and every page names the engine's files).
 * Resolves once all have been asked for and the engine's files have arrived.
 *
 * The engine's links are added in a task after the screen's: in one task, the quick game's 7 module
 * preloads and 6 prefetches took 14-24 ms with the CPU at full speed under DevTools (traced), which
 * Lighthouse's 4x simulation counts as one long task; apart, each is about half of it.
 */
export async function preloadGameCode(doc: Document = document): Promise<void> {
  if (screenCodeFiles(doc).length === 0) return;
  await preloadScreenCode(doc);
  await nextTask();
  await prefetchEngineCode(doc);
}

/**
 * The stage engine's files the page's HTML names (LATER_CODE_META), fetched into the browser's
 * cache without running them: resolves once every one has arrived, rejects when one failed (the
 * next ask fetches that one again). A game screen's start asks first (preloadGameCode), the stage's
 * loader (src/stage/scene-loader.ts) again before its import, and finds them on their way or
 * arrived. The import runs only after that (issue 29): its evaluation in an idle moment waits for
 * no download, and Chromium remembers a module whose fetch failed for the page's life, so that an
 * import of it never tried again and a patchy network left the stage without its engine; a
 * prefetch that failed is simply asked again.
 *
 * Not preloaded as modules as soon as they have arrived (issue 29, measured): the import in the
 * idle moment then found them parsed and compiled (the play screen's engine ready 1151 / 1365 ms ->
 * 1024 / 1222 ms after load at 4x, median / p90), but their compile's main-thread part moved into
 * the page's start, and Lighthouse's Total Blocking Time on the play screen went from 100 to 301 ms.
 * The scene's loader preloads them as modules when the engine is wanted (preloadEngineCode).
 */
export function prefetchEngineCode(doc: Document = document): Promise<void> {
  return prefetchFiles(engineCodeFiles(doc), doc);
}

/**
 * The stage engine's files preloaded as modules, all at once, when the engine is wanted (its
 * files prefetched into the cache already): each import step then finds its files compiled.
 * Left to the imports, each file was asked for only once the module before it had been parsed
 * (Vite's preload of an import's files skips a file any link names, and the prefetch links name
 * them all).
 */
export function preloadEngineCode(doc: Document = document): Promise<number> {
  return preloadModules(engineCodeFiles(doc), doc);
}

/** How long a file's prefetch may take before it counts as arrived anyway (a browser that never says). */
const PREFETCH_WAIT_MS = 30_000;

/** Each file's prefetch once asked, until it fails (then the next ask fetches it again). */
const prefetches = new Map<string, Promise<void>>();

function canPrefetch(doc: Document): boolean {
  try {
    return doc.createElement('link').relList.supports('prefetch');
  } catch {
    return false; // a browser that does not say which links it supports
  }
}

/**
 * How many prefetch links are added in one task. Each costs the main thread more than a module
 * preload under DevTools: the engine's six at once were one task of 7-23 ms with the CPU at full
 * speed (traced on the game screens), over Lighthouse's long-task line at its 4x; three at a time,
 * two tasks of about half of it.
 */
const PREFETCHES_PER_TASK = 3;

/**
 * Fetches the files into the browser's cache as module scripts would be fetched (CORS, same-origin
 * credentials), without parsing or running them: resolves once every one has arrived, rejects when
 * one failed. A file asked for before is not asked again while its fetch is under way or has
 * arrived; one that failed is. Their links are added to the head PREFETCHES_PER_TASK at a time, the
 * first group at once and each further one in a task of its own, in the order given. At once where
 * the browser cannot prefetch.
 */
export async function prefetchFiles(hrefs: readonly string[], doc: Document = document): Promise<void> {
  if (hrefs.length === 0 || !canPrefetch(doc)) return;
  const arrivals: Promise<void>[] = [];
  let links = doc.createDocumentFragment();
  for (const href of hrefs) {
    if (!prefetches.has(href) && links.childNodes.length === PREFETCHES_PER_TASK) {
      doc.head.append(links);
      await nextTask();
      links = doc.createDocumentFragment();
    }
    // Asked for before, or meanwhile (another caller, in the task just yielded): that request is taken.
    let arrival = prefetches.get(href);
    if (!arrival) {
      arrival = prefetchFile(href, links, doc);
      prefetches.set(href, arrival);
      arrival.catch(() => prefetches.delete(href));
    }
    arrivals.push(arrival);
  }
  if (links.childNodes.length > 0) doc.head.append(links);
  await Promise.all(arrivals);
}

function prefetchFile(href: string, links: DocumentFragment, doc: Document): Promise<void> {
  const link = doc.createElement('link');
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, PREFETCH_WAIT_MS);
    link.rel = 'prefetch';
    // As a module script is fetched (CORS, same-origin credentials), so that its import takes it.
    link.crossOrigin = 'anonymous';
    link.href = href;
    link.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    link.onerror = () => {
      window.clearTimeout(timer);
      link.remove();
      reject(new Error(`The file ${href} could not be fetched`));
    };
    links.append(link);
  });
}

/** The stage engine's files the page's HTML names (LATER_CODE_META), but those the page has as modules already (a chunk the screen's code shares). */
export function engineCodeFiles(doc: Document = document): string[] {
  const preloaded = preloadedModules(doc);
  return namedFiles(LATER_CODE_META, doc).filter((href) => !preloaded.has(new URL(href, doc.baseURI).href));
}
