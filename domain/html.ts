/** Text made safe inside HTML, in an element or a quoted attribute (the server's and the build's pages). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page's <title> element, which the build and the server write in. */
export const TITLE_TAG = /<title>[^<]*<\/title>/;

/** A page's description (index.html's, in English, then each page's), which the build and the server write in. */
export const DESCRIPTION_META = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/**
 * On a pre-rendered page's <html>, written by the server as it sends the page: paid play is
 * suspended now (`data-paid-play="suspended"`), so the page's first paint shows the paid-play
 * announcement (src/app/watchers/first-paint-popup.ts).
 */
export const PAID_PLAY_ATTRIBUTE = 'data-paid-play';
export const PAID_PLAY_SUSPENDED = 'suspended';

/**
 * In a pre-rendered page's head, written by the server as it sends the page: the request came
 * without a live session, so a login marker the browser kept from before is of a session that has
 * ended (src/shared/login-marker.ts forgets it before the first render).
 */
export const NO_SESSION_META = '<meta name="cricspot:session" content="none">';
export const NO_SESSION_SELECTOR = 'meta[name="cricspot:session"][content="none"]';

/**
 * In the head of a page the server sends (pre-rendered or the app's shell), written as it sends
 * it: the request came with a live session, so a browser without a login marker (its storage
 * cleared or evicted while the session's cookie stayed) is given one before the first render
 * (src/shared/login-marker.ts).
 */
export const LIVE_SESSION_META = '<meta name="cricspot:session" content="live">';
export const LIVE_SESSION_SELECTOR = 'meta[name="cricspot:session"][content="live"]';

/**
 * The attribute of a player's pre-rendered page's root (#root, prerenderedFile's player page): the
 * build rendered it as a logged-in player sees it, so the browser's first render, hydrating it,
 * assumes a login too (src/main.tsx).
 */
export const ASSUMED_LOGIN_ATTRIBUTE = 'data-assumed-login';
