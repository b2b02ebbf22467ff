import { assign, type EventObject } from 'xstate';
import type { RuleResult, TicketPoint } from '../../domain/tickets.ts';
import {
  type DraftEditing,
  reasonOf,
  withSelectedMarked,
  withTicketAdded,
  withTicketRemoved,
  withTicketSelected,
} from '../ticket-draft.ts';

/**
 * The marking part shared by the contest play machine and the trial machine: the same guards,
 * actions and transitions of the ticket events, over each machine's own rules. A refused add,
 * remove, mark or submit is still an accepted event that records lastRejection; events that make
 * no sense at all (an unknown ticket, marking with nothing selected) are refused by guards.
 */

/** The domain rules of a machine, on its context. */
export interface MarkingRules<TContext extends DraftEditing> {
  add(context: TContext): RuleResult;
  remove(context: TContext): RuleResult;
  mark(context: TContext, point: TicketPoint): RuleResult;
  submit(context: TContext): RuleResult;
}

/** The ticket events every marking machine takes. */
export type MarkingEvent =
  | { type: 'ticket.add' }
  | { type: 'ticket.remove'; id: string }
  | { type: 'ticket.select'; id: string }
  | { type: 'ticket.mark'; point: TicketPoint }
  | { type: 'ticket.submit' }
  | { type: 'rejection.dismiss' };

/** An assign of the editing part of a context; the rest of the context stays as it is. */
function edit<TContext extends DraftEditing, TEvent extends EventObject, TParams>(
  change: (context: TContext, params: TParams) => Partial<DraftEditing>,
) {
  return assign<TContext, TEvent, TParams, TEvent, never>(
    ({ context }, params) => change(context as TContext, params) as Partial<TContext>,
  );
}

/** The draft-editing actions and the rejections, to spread into a machine's `setup({ actions })`. */
export function markingActions<TContext extends DraftEditing, TEvent extends EventObject>(
  rules: MarkingRules<TContext>,
) {
  return {
    addTicket: edit<TContext, TEvent, undefined>((context) => withTicketAdded(context)),
    removeTicket: edit<TContext, TEvent, { id: string }>((context, params) => withTicketRemoved(context, params.id)),
    selectTicket: edit<TContext, TEvent, { id: string }>((context, params) => withTicketSelected(context, params.id)),
    markTicket: edit<TContext, TEvent, { point: TicketPoint }>((context, params) =>
      withSelectedMarked(context, params.point),
    ),
    rejectAdd: edit<TContext, TEvent, undefined>((context) => ({ lastRejection: reasonOf(rules.add(context)) })),
    rejectRemove: edit<TContext, TEvent, undefined>((context) => ({ lastRejection: reasonOf(rules.remove(context)) })),
    rejectMark: edit<TContext, TEvent, { point: TicketPoint }>((context, params) => ({
      lastRejection: reasonOf(rules.mark(context, params.point)),
    })),
    rejectSubmit: edit<TContext, TEvent, undefined>((context) => ({ lastRejection: reasonOf(rules.submit(context)) })),
    clearRejection: edit<TContext, TEvent, undefined>(() => ({ lastRejection: null })),
  };
}

/** The guards of the ticket events, to spread into a machine's `setup({ guards })`. */
export function markingGuards<TContext extends DraftEditing>(rules: MarkingRules<TContext>) {
  return {
    canAddTicket: ({ context }: { context: TContext }) => rules.add(context).ok,
    isKnownTicket: ({ context }: { context: TContext }, params: { id: string }) =>
      context.draft.some((t) => t.id === params.id),
    canRemoveKnownTicket: ({ context }: { context: TContext }, params: { id: string }) =>
      context.draft.some((t) => t.id === params.id) && rules.remove(context).ok,
    hasSelection: ({ context }: { context: TContext }) => context.selectedId !== null,
    canMarkPoint: ({ context }: { context: TContext }, params: { point: TicketPoint }) =>
      context.selectedId !== null && rules.mark(context, params.point).ok,
    canSubmitDraft: ({ context }: { context: TContext }) => rules.submit(context).ok,
    hasRejection: ({ context }: { context: TContext }) => context.lastRejection !== null,
  };
}

const idOf = ({ event }: { event: { id: string } }) => ({ id: event.id });
const pointOf = ({ event }: { event: { point: TicketPoint } }) => ({ point: event.point });

/**
 * The transitions of the ticket events in the marking state. `afterChange` runs after each change
 * to the draft (the play machine saves it); `submitTarget` is the state a valid submit goes to.
 */
export function markingTransitions<const TAfter extends readonly unknown[]>(submitTarget: string, afterChange: TAfter) {
  return {
    'ticket.add': [{ guard: 'canAddTicket', actions: ['addTicket', ...afterChange] }, { actions: 'rejectAdd' }],
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
