import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** The CSS variable the page keeps free at the bottom of the screen while a bar shows (popups.css). */
export const POPUP_BAR_HEIGHT_VAR = '--popup-bar-height';

/**
 * The frame of every popup (cookie notice, announcement, alerts offer): a slim bar fixed at the
 * bottom of the screen. Its height is published on <html> as --popup-bar-height, and the page
 * keeps that much room free below its content (the body's padding, the game screens' height), so
 * the bar never covers the stage's controls, the ticket bar or a primary button (issue 25).
 *
 * The bar stands at the end of <body>: the watchers render before the page, and in their place the
 * bar would come before the skip link in the tab order (the skip link must be the first stop).
 * When the bar goes while the focus is in it (its buttons answer it), the focus moves to the
 * page's main landmark instead of falling to <body>.
 */
export function PopupBar({ label, live, children }: { label: string; live?: boolean; children: ReactNode }) {
  const bar = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(POPUP_BAR_HEIGHT_VAR, `${Math.ceil(element.offsetHeight)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(POPUP_BAR_HEIGHT_VAR);
      // Layout cleanups run before the bar leaves the document: the focus can still be seen in it.
      if (element.contains(document.activeElement)) focusMain();
    };
  }, []);
  return createPortal(
    <section ref={bar} className="popup-bar" aria-label={label} aria-live={live ? 'polite' : undefined}>
      <div className="popup-bar__inner">{children}</div>
    </section>,
    document.body,
  );
}

function focusMain() {
  // The layouts' <main id="main" tabIndex={-1}>; where the reader was on the page stays in view.
  document.getElementById('main')?.focus({ preventScroll: true });
}
