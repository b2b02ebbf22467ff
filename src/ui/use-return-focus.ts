import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Where focus goes when a dialog closes (WCAG 2.4.3). Radix returns it to its Dialog.Trigger and,
 * with no trigger (our dialogs open from state), leaves it on <body>. This remembers what had the
 * focus when the dialog opened and gives it back; if that element is gone or can no longer take
 * focus, the page's main landmark takes it instead. Pass the returned handler to
 * Dialog.Content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix's focus scope moves the focus into the dialog.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return useCallback((event: Event) => {
    event.preventDefault();
    const target = opener.current;
    opener.current = null;
    // Something the dialog's action did (a new page, a field with an error) already took the focus.
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    if (target && tryFocus(target)) return;
    const main = document.getElementById('main') ?? document.querySelector('main');
    if (main) tryFocus(main, true);
  }, []);
}

function tryFocus(element: HTMLElement, preventScroll = false): boolean {
  if (!element.isConnected || element.closest('[inert], [hidden]')) return false;
  element.focus({ preventScroll });
  return document.activeElement === element;
}
