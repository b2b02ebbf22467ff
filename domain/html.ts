/** Text made safe inside HTML, in an element or a quoted attribute (the server's and the build's pages). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page's <title> element, which the build and the server write in. */
export const TITLE_TAG = /<title>[^<]*<\/title>/;

/** A page's description (index.html's, in English, then each page's), which the build and the server write in. */
export const DESCRIPTION_META = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
