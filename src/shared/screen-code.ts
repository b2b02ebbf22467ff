/**
 * A game screen's code, asked for all at once (issue 29). The build names a game screen's chunks in
 * its HTML (SCREEN_CODE_META, scripts/prerender.ts) instead of preloading them, so that the
 * picture has the connection first; src/main.tsx then evaluates them one per task
 * (loadFirstPaintCode). Left to the imports, each file was asked for only when the import before
 * it had arrived and run, one round trip after another (traced at 4x: the play screen's code
 * arrived over 370 ms after the load event, in six waves). Preloaded as modules here, every file is
 * on its way at once and each import finds its own in flight or arrived; a file that fails fails
 * its import, as before (the route's reload dialog).
 */
import { SCREEN_CODE_META } from '../../domain/site-paths.ts';

/** The files the page's HTML names for its screen; none on a page that names none. */
export function screenCodeFiles(doc: Document = document): string[] {
  const named = doc.querySelector<HTMLMetaElement>(`meta[name="${SCREEN_CODE_META}"]`);
  return named?.content.split(' ').filter(Boolean) ?? [];
}

/** The module scripts the page has preloaded (its own links and Vite's), as absolute URLs. */
export function preloadedModules(doc: Document = document): Set<string> {
  return new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href));
}

/**
 * Preloads the screen's files as module scripts (fetched and compiled, not run), their links added
 * to the head at once; a file already linked (Vite's own preload of an import's chunks) is skipped.
 * Returns how many it asked for.
 */
export function preloadScreenCode(doc: Document = document): number {
  const links = doc.createDocumentFragment();
  const linked = preloadedModules(doc);
  let asked = 0;
  for (const href of screenCodeFiles(doc)) {
    if (linked.has(new URL(href, doc.baseURI).href)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    // As Vite's loader links an import's chunks: a module script's request (CORS, same-origin credentials).
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
    asked++;
  }
  doc.head.append(links);
  return asked;
}
