/**
 * The cross of every close, dismiss and remove button, drawn, not the × character (issue 29): the
 * character came in the browser's own button font at a size no text of the page had, one more font
 * to look up as a screen first rendered (traced in Chromium on Linux: a layout of up to 24-29 ms
 * with the CPU at full speed, waiting for the font's settings), and it was drawn a little
 * differently in each font (Hindi pages fell back to another). Sized by `.cross-icon` (base
 * components.css); a button may set its own size.
 */
export function CrossIcon() {
  return (
    <svg className="cross-icon" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M3 3l6 6M9 3l-6 6" />
    </svg>
  );
}
