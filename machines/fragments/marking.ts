import { assign, type EventObject } from 'xstate';
import type { RuleResult, TicketPoint } from '../../domain/tickets.ts';
import {
  type DraftEditing,
  placementTarget,
  reasonOf,
  withPointPlaced,
  withSelectedMarked,
  withTicketAdded,
  withTicketMoved,
  withTicketRemoved,
  withTicketSelected,
} from '../ticket-draft.ts';

/**
 * The marking part shared by the contest play machine and the trial machine: the same guards,
 * actions and transitions of the ticket events, over each machine's own rules. A refused add,
 * place, move, remove, mark or submit is still an accepted event that records lastRejection;
 * events that make no sense at all (an unknown ticket, marking with nothing selected) are refused
 * by guards.
 *
 * The picture stage decides what a tap means, in screen pixels, and sends image pixels only: a
 * tap on an empty spot is `ticket.place`, a tap on a mark is `ticket.select`, the end of a drag
 * of the selected mark is `ticket.move`, an arrow key is `ticket.mark` (the selected ticket).
 */

/** The domain rules of a machine, on its context. */
export interface MarkingRules<TContext extends DraftEditing> {
  add(context: TContext): RuleResult;
  remove(context: TContext): RuleResult;
  /** May ticket `ticketId` (null: a ticket not made yet) take `point`? */
  mark(context: TContext, point: TicketPoint, ticketId: string | null): RuleResult;
  submit(context: TContext): RuleResult;
}

/** The ticket events every marking machine takes. */
export type MarkingEvent =
  /** A new unmarked ticket, selected: the next tap on the picture places it (keyboard and screen-reader players). */
  | { type: 'ticket.add' }
  /** A tap on an empty spot: the unmarked ticket waiting for a mark takes it, else a new ticket does (within the limit). */
  | { type: 'ticket.place'; point: TicketPoint }
  /** The end of a drag of a mark: that ticket moves to the point. */
  | { type: 'ticket.move'; id: string; point: TicketPoint }
  | { type: 'ticket.remove'; id: string }
  | { type: 'ticket.select'; id: string }
  /** The selected ticket takes the point (the arrow keys move it a pixel at a time). */
  | { type: 'ticket.mark'; point: TicketPoint }
  | { type: 'ticket.submit' }
  | { type: 'rejection.dismiss' };

/**
 * May a tap on an empty spot place `point`? With no unmarked ticket waiting it makes a new one,
 * so the machine's add rule comes first ('Max Ticket Limit Reached', 'No More Tickets', ...),
 * then the point's ('Duplicate Coordinates', outside the picture).
 */
export function placeRule<TContext extends DraftEditing>(
  rules: MarkingRules<TContext>,
  context: TContext,
  point: TicketPoint,
): RuleResult {
  const target = placementTarget(context);
  if (target === null) {
    const add = rules.add(context);
    if (!add.ok) return add;
  }
  return rules.mark(context, point, target);
}

/** An assign of the editing part of a context; the rest of the context stays as it is. */
function edit<TContext extends DraftEditing, TEvent extends EventObject, TParams>(
  change: (context: TContext, params: TParams) => Partial<DraftEditing>,
) {
  return assign<TContext, TEvent, TParams, TEvent, never>(
    ({ context }, params) => change(context as TContext, params) as Partial<TContext>,
  );
}

type PointParams = { point: TicketPoint };
type MoveParams = { id: string; point: TicketPoint };

/** The draft-editing actions and the rejections, to spread into a machine's `setup({ actions })`. */
export function markingActions<TContext extends DraftEditing, TEvent extends EventObject>(
  rules: MarkingRules<TContext>,
) {
  const reject = <TParams>(result: (context: TContext, params: TParams) => RuleResult) =>
    edit<TContext, TEvent, TParams>((context, params) => ({ lastRejection: reasonOf(result(context, params)) }));
  return {
    addTicket: edit<TContext, TEvent, undefined>((context) => withTicketAdded(context)),
    placePoint: edit<TContext, TEvent, PointParams>((context, params) => withPointPlaced(context, params.point)),
    moveTicket: edit<TContext, TEvent, MoveParams>((context, params) =>
      withTicketMoved(context, params.id, params.point),
    ),
    removeTicket: edit<TContext, TEvent, { id: string }>((context, params) => withTicketRemoved(context, params.id)),
    selectTicket: edit<TContext, TEvent, { id: string }>((context, params) => withTicketSelected(context, params.id)),
    markTicket: edit<TContext, TEvent, PointParams>((context, params) => withSelectedMarked(context, params.point)),
    rejectAdd: reject<undefined>((context) => rules.add(context)),
    rejectPlace: reject<PointParams>((context, params) => placeRule(rules, context, params.point)),
    rejectMove: reject<MoveParams>((context, params) => rules.mark(context, params.point, params.id)),
    rejectRemove: reject<undefined>((context) => rules.remove(context)),
    rejectMark: reject<PointParams>((context, params) => rules.mark(context, params.point, context.selectedId)),
    rejectSubmit: reject<undefined>((context) => rules.submit(context)),
    clearRejection: edit<TContext, TEvent, undefined>(() => ({ lastRejection: null })),
  };
}

/** The guards of the ticket events, to spread into a machine's `setup({ guards })`. */
export function markingGuards<TContext extends DraftEditing>(rules: MarkingRules<TContext>) {
  const isKnown = (context: TContext, id: string) => context.draft.some((t) => t.id === id);
  return {
    canAddTicket: ({ context }: { context: TContext }) => rules.add(context).ok,
    canPlacePoint: ({ context }: { context: TContext }, params: PointParams) =>
      placeRule(rules, context, params.point).ok,
    isKnownTicket: ({ context }: { context: TContext }, params: { id: string }) => isKnown(context, params.id),
    canMoveKnownTicket: ({ context }: { context: TContext }, params: MoveParams) =>
      isKnown(context, params.id) && rules.mark(context, params.point, params.id).ok,
    canRemoveKnownTicket: ({ context }: { context: TContext }, params: { id: string }) =>
      isKnown(context, params.id) && rules.remove(context).ok,
    hasSelection: ({ context }: { context: TContext }) => context.selectedId !== null,
    canMarkPoint: ({ context }: { context: TContext }, params: PointParams) =>
      context.selectedId !== null && rules.mark(context, params.point, context.selectedId).ok,
    canSubmitDraft: ({ context }: { context: TContext }) => rules.submit(context).ok,
    hasRejection: ({ context }: { context: TContext }) => context.lastRejection !== null,
  };
}

const idOf = ({ event }: { event: { id: string } }) => ({ id: event.id });
const pointOf = ({ event }: { event: { point: TicketPoint } }) => ({ point: event.point });
const moveOf = ({ event }: { event: { id: string; point: TicketPoint } }) => ({ id: event.id, point: event.point });

/**
 * The transitions of the ticket events in the marking state. `afterChange` runs after each change
 * to the draft (the play machine saves it); `submitTarget` is the state a valid submit goes to.
 */
export function markingTransitions<const TAfter extends readonly unknown[]>(submitTarget: string, afterChange: TAfter) {
  return {
    'ticket.add': [{ guard: 'canAddTicket', actions: ['addTicket', ...afterChange] }, { actions: 'rejectAdd' }],
    'ticket.place': [
      {
        guard: { type: 'canPlacePoint', params: pointOf },
        actions: [{ type: 'placePoint', params: pointOf }, ...afterChange],
      },
      { actions: { type: 'rejectPlace', params: pointOf } },
    ],
    'ticket.move': [
      {
        guard: { type: 'canMoveKnownTicket', params: moveOf },
        actions: [{ type: 'moveTicket', params: moveOf }, ...afterChange],
      },
      { guard: { type: 'isKnownTicket', params: idOf }, actions: { type: 'rejectMove', params: moveOf } },
    ],
    'ticket.remove': [
      {
        guard: { type: 'canRemoveKnownTicket', params: idOf },
        actions: [{ type: 'removeTicket', params: idOf }, ...afterChange],
      },
      { guard: { type: 'isKnownTicket', params: idOf }, actions: 'rejectRemove' },
    ],
    'ticket.select': {
      guard: { type: 'isKnownTicket', params: idOf },
      actions: { type: 'selectTicket', params: idOf },
    },
    'ticket.mark': [
      {
        guard: { type: 'canMarkPoint', params: pointOf },
        actions: [{ type: 'markTicket', params: pointOf }, ...afterChange],
      },
      { guard: 'hasSelection', actions: { type: 'rejectMark', params: pointOf } },
    ],
    'ticket.submit': [
      { guard: 'canSubmitDraft', target: submitTarget, actions: 'clearRejection' },
      { actions: 'rejectSubmit' },
    ],
    'rejection.dismiss': { guard: 'hasRejection', actions: 'clearRejection' },
  } as const;
}
