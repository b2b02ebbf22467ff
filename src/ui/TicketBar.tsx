import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { RuleResult, TicketPoint, TicketRuleReason } from '../../domain/tickets.ts';
import { lazyComponent } from '../shared/lazy-screen.ts';
import { CrossIcon } from './CrossIcon.tsx';
import { afterNextPaint } from '../shared/yield-to-browser.ts';
import { onIdle } from '../stage/idle.ts';

/**
 * The reset's question, on Radix's dialog (12 KB brotli), loads once the player has a mark to
 * reset, in an idle moment after that mark's paint, not with the game screen's code (issue 29): its
 * compile was one more long task before the stage's engine could start.
 */
const ConfirmDialog = lazyComponent(() =>
  import('./ConfirmDialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);

export interface TicketMark {
  id: string;
  label: string;
  point: TicketPoint | null;
}

/** Every text of the bar, in the screen's own namespace. */
export interface TicketBarTexts {
  tickets: string;
  submitFailed: string;
  retry: string;
  back: string;
  dismiss: string;
  ready: string;
  /** While a ticket waits for its mark: where to tap. */
  tapToPlace: string;
  add: string;
  reset: string;
  /** The question Reset asks before it clears the marks: title, text, the two answers. */
  resetTitle: string;
  resetText: string;
  resetConfirm: string;
  resetCancel: string;
  submit: string;
  submitting: string;
  ticketState(n: string, x: number, y: number): string;
  ticketEmpty(n: string): string;
  remove(n: string): string;
  reason(reason: TicketRuleReason): string;
  /** The plain sentence under a refusal's spec text. */
  explain(reason: TicketRuleReason): string;
}

export interface TicketBarProps {
  texts: TicketBarTexts;
  /** Shown under the buttons, e.g. the price and the running total. */
  summary?: ReactNode;
  marks: TicketMark[];
  selectedId: string | null;
  busy: boolean;
  disabled: boolean;
  /** The last refusal (the spec's words and the plain sentence under them), until dismissed or a change clears it. */
  rejection: TicketRuleReason | null;
  submitFailed: boolean;
  /** The machine's own rules, so a button is greyed out exactly when its event would be refused. */
  addRule: RuleResult;
  removeRule: RuleResult;
  onSelect(id: string): void;
  onRemove(id: string): void;
  onAdd(): void;
  /** Without it the bar has no Reset button. Called once the player confirms. */
  onReset?(): void;
  onSubmit(): void;
  onDismiss(): void;
  onRetrySubmit(): void;
  onCancelSubmit(): void;
}

/** The marking screens' ticket list: chips to select and remove, Add, Reset and Submit, and one status line. */
export function TicketBar(props: TicketBarProps) {
  const tx = props.texts;
  const { marks, selectedId, busy, disabled, rejection } = props;
  const { addRule, removeRule } = props;
  // The standing line: why no ticket can be added, else where to tap while a ticket waits for its
  // mark, else that all is ready. 'Mark all tickets before submitting' comes only when a submit was
  // tried (as the machine's rejection), never before.
  const waiting = marks.some((mark) => mark.point === null);
  const untouched = marks.length === 1 && marks[0]?.point === null;
  const [confirmingReset, setConfirmingReset] = useState(false);
  // Mounted from the first ask on, so that its closing returns the focus to Reset.
  const [resetAsked, setResetAsked] = useState(false);
  const resettable = props.onReset !== undefined && !untouched;
  useEffect(() => {
    if (!resettable) return undefined;
    let cancel = afterNextPaint(() => {
      // A failed fetch shows when Reset is pressed (the route's boundary, as a screen's own chunk).
      cancel = onIdle(() => void ConfirmDialog.load().catch(() => undefined));
    });
    return () => cancel();
  }, [resettable]);
  // On a phone the chips scroll sideways: keep the selected one (a new ticket, say) in sight.
  const chipsRef = useRef<HTMLUListElement>(null);
  const chipsShown = useRef(false);
  useEffect(() => {
    const show = () =>
      chipsRef.current
        ?.querySelector('.trial-chip--selected')
        ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (chipsShown.current) {
      show();
      return undefined;
    }
    chipsShown.current = true;
    // The bar's first: after that frame's paint, when the layout is done (issue 29: asked at once,
    // it made the browser lay the page out in the middle of the game's first render).
    return afterNextPaint(show);
  }, [selectedId, marks.length]);
  return (
    <section className="trial-bar" aria-label={tx.tickets}>
      {/*
        One status line of fixed height above the chips: a failed submit, else the last rejection,
        else what keeps Add or Submit disabled. Nothing floats over the picture, and the stage
        keeps its size (and the player's zoom) whatever the line says.
      */}
      <div className="trial-bar__status">
        {props.submitFailed ? (
          <div className="trial-alert">
            <span role="alert">{tx.submitFailed}</span>
            <span className="trial-alert__actions">
              <button type="button" className="button button--small button--primary" onClick={props.onRetrySubmit}>
                {tx.retry}
              </button>
              <button type="button" className="button button--small button--ghost" onClick={props.onCancelSubmit}>
                {tx.back}
              </button>
            </span>
          </div>
        ) : rejection ? (
          <div className="trial-alert">
            <p role="alert" className="trial-alert__text">
              <strong className="trial-alert__title">{tx.reason(rejection)}</strong>{' '}
              <span className="trial-alert__help">{tx.explain(rejection)}</span>
            </p>
            <button type="button" className="trial-alert__close" onClick={props.onDismiss} aria-label={tx.dismiss}>
              <CrossIcon />
            </button>
          </div>
        ) : !addRule.ok ? (
          <p className="trial-bar__hint">
            <strong>{tx.reason(addRule.reason)}</strong> {tx.explain(addRule.reason)}
          </p>
        ) : (
          <p className="trial-bar__hint">{waiting ? tx.tapToPlace : tx.ready}</p>
        )}
      </div>
      <ul ref={chipsRef} className="trial-chips">
        {marks.map((mark) => {
          const selected = mark.id === selectedId;
          return (
            <li
              key={mark.id}
              className={`trial-chip${selected ? ' trial-chip--selected' : ''}${mark.point ? ' trial-chip--marked' : ''}`}
            >
              <button
                type="button"
                className="trial-chip__select"
                aria-pressed={selected}
                aria-label={
                  mark.point ? tx.ticketState(mark.label, mark.point.x, mark.point.y) : tx.ticketEmpty(mark.label)
                }
                disabled={disabled}
                onClick={() => props.onSelect(mark.id)}
              >
                <span className="trial-chip__number" aria-hidden="true">
                  {mark.label}
                </span>
                {mark.point && (
                  // Drawn, not the ✓ character: the first mark would make the browser look for a
                  // font with that glyph (font fallback), a layout of 25 ms at 4x CPU slowdown in
                  // the tap's frame.
                  <svg className="trial-chip__check" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                    <path d="M2 6.5l2.5 2.5L10 3.5" />
                  </svg>
                )}
              </button>
              <button
                type="button"
                className="trial-chip__remove"
                aria-label={tx.remove(mark.label)}
                disabled={disabled || !removeRule.ok}
                onClick={() => props.onRemove(mark.id)}
              >
                <CrossIcon />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="trial-bar__actions">
        <button
          type="button"
          className="button button--small button--ghost trial-bar__add"
          disabled={disabled || !addRule.ok}
          onClick={props.onAdd}
        >
          {tx.add}
        </button>
        {props.onReset && (
          <button
            type="button"
            className="button button--small button--ghost trial-bar__reset"
            disabled={disabled || untouched}
            onClick={() => {
              setResetAsked(true);
              setConfirmingReset(true);
            }}
          >
            {tx.reset}
          </button>
        )}
        <button
          type="button"
          className="button button--small button--accent trial-bar__submit"
          disabled={disabled || marks.length === 0}
          onClick={props.onSubmit}
        >
          {busy ? tx.submitting : tx.submit}
        </button>
      </div>
      {props.summary}
      {resetAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirmingReset}
            title={tx.resetTitle}
            confirmLabel={tx.resetConfirm}
            cancelLabel={tx.resetCancel}
            onCancel={() => setConfirmingReset(false)}
            onConfirm={() => {
              setConfirmingReset(false);
              props.onReset?.();
            }}
          >
            <p>{tx.resetText}</p>
          </ConfirmDialog>
        </Suspense>
      )}
    </section>
  );
}
