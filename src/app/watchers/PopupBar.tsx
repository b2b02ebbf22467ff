import { type ReactNode, type Ref, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { FIRST_POPUP_CLASS, type FirstPopup, POPUP_BAR_HEIGHT_VAR, takeOverFirstPopup } from './first-paint-popup.ts';
import { focusMain } from '../../ui/focus-main.ts';

interface BarProps {
  label: string;
  live?: boolean | undefined;
  /** Which popup this is: a first-paint bar (first-paint-popup.ts) of the same name is taken over. */
  popup?: FirstPopup | 'alerts' | undefined;
  children: ReactNode;
}

/**
 * The bar's markup: the app's (PopupBar) and the pre-rendered page's first paint (`first`, hidden
 * until its head script shows it: src/prerender) are the same, so one takes the other's place at
 * the same height.
 */
export function PopupBarSection({
  label,
  live,
  popup,
  first = false,
  children,
  ref,
}: BarProps & { first?: boolean; ref?: Ref<HTMLElement> }) {
  return (
    <section
      ref={ref}
      className={first ? `popup-bar ${FIRST_POPUP_CLASS}` : 'popup-bar'}
      data-popup={popup}
      aria-label={label}
      aria-live={live ? 'polite' : undefined}
    >
      <div className="popup-bar__inner">{children}</div>
    </section>
  );
}

/**
 * The frame of every popup (cookie notice, announcement, alerts offer): a slim bar fixed at the
 * bottom of the screen. Its height is published on <html> as --popup-bar-height, and the page
 * keeps that much room free below its content (the body's padding, the game screens' height), so
 * the bar never covers the stage's controls, the ticket bar or a primary button (issue 25). As it
 * mounts it takes the place of the pre-rendered page's bar, if one shows (first-paint-popup.ts).
 *
 * The bar stands at the end of <body>: the watchers render before the page, and in their place the
 * bar would come before the skip link in the tab order (the skip link must be the first stop).
 * When the bar goes while the focus is in it (its buttons answer it), the focus moves to the
 * page's main landmark instead of falling to <body>.
 */
export function PopupBar(props: BarProps) {
  const bar = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(POPUP_BAR_HEIGHT_VAR, `${Math.ceil(element.offsetHeight)}px`);
    // Measured now, so no frame and no script sees the page without the bar's room; unless this
    // bar takes the place of the first paint's, whose room is kept already (the same markup, the
    // same height): then the observer publishes it before the next paint, and the mount forces no
    // layout in the middle of the stage's start.
    if (!takeOverFirstPopup(element)) publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(POPUP_BAR_HEIGHT_VAR);
      // Layout cleanups run before the bar leaves the document: the focus can still be seen in it.
      if (element.contains(document.activeElement)) focusMain();
    };
  }, []);
  return createPortal(<PopupBarSection ref={bar} {...props} />, document.body);
}
