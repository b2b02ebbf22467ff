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
 */
import { SCREEN_CODE_META } from '../../domain/site-paths.ts';
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
