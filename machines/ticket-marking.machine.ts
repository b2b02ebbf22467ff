import { assign, fromPromise, setup } from 'xstate';
import type { ApiErrorCode } from '../domain/api-errors.ts';
import { type ApiRefusal, errorCodeOf, refusalOf } from '../domain/error-code.ts';
import {
  canAddContestTicket,
  canRemoveTicket,
  canSubmit,
  checkPoint,
  ticketsAvailableTo,
  type ContestTicketLimits,
  type DraftTicket,
  type RuleResult,
  type TicketPoint,
  type TicketRuleReason,
} from '../domain/tickets.ts';
export { freeTicketId } from './ticket-draft.ts';
import { markingActions, type MarkingEvent, markingGuards, markingTransitions } from './fragments/marking.ts';

export interface PictureSize {
  width: number;
  height: number;
}

/** What the play screen needs before the first mark: the rules, the picture and what is already taken. */
export interface LoadedContest {
  limits: ContestTicketLimits;
  picture: PictureSize;
  /** Points of the tickets this person already bought in the contest. */
  held: TicketPoint[];
  /** Points of this person's cart tickets for the contest: not bought yet, but they count against the limit and may not be marked again. */
  cart: TicketPoint[];
  /** Unsubmitted marks saved before a reload, if any. */
  draft: DraftTicket[] | null;
}

/**
 * What a submit did: the tickets went to the cart, for the entry sheet to bill and pay ('cart'),
 * or they were entered free and confirmed at once ('entered', a free contest or paid play off).
 */
export type SubmitOutcome = { kind: 'cart' } | { kind: 'entered'; tickets: TicketPoint[] };

export interface TicketMarkingContext {
  contestId: string;
  limits: ContestTicketLimits;
  picture: PictureSize;
  held: TicketPoint[];
  cart: TicketPoint[];
  draft: DraftTicket[];
  selectedId: string | null;
  /** Why the last add, remove, mark or submit was refused; the UI shows its spec message. */
  lastRejection: TicketRuleReason | null;
  /** The API's code of the last failed load or submit; null when none came (a lost connection). */
  errorCode: ApiErrorCode | null;
  /** The server's refusal behind errorCode (its words and counts), for the screen to say; null without an answer. */
  refusal: ApiRefusal | null;
  /** The last submit's outcome while its entry sheet or confirmation is open; null otherwise. */
  submitted: SubmitOutcome | null;
}

export type TicketMarkingEvent =
  | MarkingEvent
  /** Clears every mark: back to the draft a fresh load starts with. The screen asks first. */
  | { type: 'ticket.reset' }
  | { type: 'load.retry' }
  | { type: 'submit.retry' }
  | { type: 'submit.cancel' }
  /** The entry sheet (or the free entry's confirmation) closed: marking goes on with what is now held. */
  | { type: 'entry.close' };

const NO_LIMITS: ContestTicketLimits = { maxPerPerson: 0, alreadyHeld: 0, ticketsLeft: 0 };

/** One unmarked ticket when this person may take one more (counting the cart), else none. */
function freshDraft(limits: ContestTicketLimits, cart: readonly TicketPoint[]): DraftTicket[] {
  return ticketsAvailableTo(limits) > cart.length ? [{ id: 't1', point: null }] : [];
}

function initialDraft(loaded: LoadedContest): DraftTicket[] {
  if (loaded.draft && loaded.draft.length > 0) return loaded.draft;
  return freshDraft(loaded.limits, loaded.cart);
}

/**
 * The domain rules behind the guards, on the machine's context: the guards and the rejections use
 * them, and so can a screen that wants to grey a button out before the click.
 */
export const ticketMarkingRules = {
  add: (context: TicketMarkingContext): RuleResult =>
    canAddContestTicket(context.cart.length + context.draft.length, context.limits),
  remove: (context: TicketMarkingContext): RuleResult => canRemoveTicket(context.draft.length),
  mark: (context: TicketMarkingContext, point: TicketPoint, ticketId: string | null): RuleResult =>
    checkPoint(point, context.picture, context.draft, takenPoints(context), ticketId ?? undefined),
  submit: (context: TicketMarkingContext): RuleResult => canSubmit(context.draft, takenPoints(context)),
};

/** The points this person may not mark again: bought (held) and in the cart. */
function takenPoints(context: TicketMarkingContext): TicketPoint[] {
  return context.cart.length === 0 ? context.held : [...context.held, ...context.cart];
}

/** Saves the draft as it is after the transition's assigns. */
const persistDraft = {
  type: 'persistDraft',
  params: ({ context }: { context: TicketMarkingContext }) => ({ contestId: context.contestId, draft: context.draft }),
} as const;

/**
 * The contest's play screen: the tickets being marked, then submitted to the cart for the entry
 * sheet (paid), or entered free at once (a free contest, or any contest while paid play is off).
 *
 * The tickets already in the cart count like the draft against the contest's limits (the server
 * counts them so when it adds more), and their points, like the held ones, may not be marked again.
 *
 * Every rule comes from domain/tickets.ts. A refused add, remove, mark or submit is still an
 * accepted event: it records lastRejection (the UI shows 'Duplicate Coordinates' and the like), so
 * `snapshot.can()` is true for those in `ready`. Events that make no sense at all (removing or
 * selecting an unknown ticket, marking with nothing selected, dismissing no rejection) are
 * refused by guards and `can()` says false. Every change to the draft calls persistDraft, so that
 * unsubmitted marks survive a reload; a submitted draft is cleared with clearDraft.
 */
export const ticketMarkingMachine = setup({
  types: {
    input: {} as { contestId: string },
    context: {} as TicketMarkingContext,
    events: {} as TicketMarkingEvent,
  },
  actors: {
    loadContest: fromPromise<LoadedContest, { contestId: string }>(async () => {
      throw new Error('loadContest not provided');
    }),
    submitTickets: fromPromise<SubmitOutcome, { contestId: string; tickets: TicketPoint[] }>(async () => {
      throw new Error('submitTickets not provided');
    }),
  },
  actions: {
    persistDraft: (_, _params: { contestId: string; draft: DraftTicket[] }) => {},
    clearDraft: (_, _params: { contestId: string }) => {},
    applyLoadedContest: assign((_, loaded: LoadedContest) => {
      const draft = initialDraft(loaded);
      return {
        limits: loaded.limits,
        picture: loaded.picture,
        held: loaded.held,
        cart: loaded.cart,
        draft,
        selectedId: (draft.find((t) => t.point === null) ?? draft[0])?.id ?? null,
        lastRejection: null,
        errorCode: null,
        refusal: null,
      };
    }),
    setErrorCode: assign((_, params: { error: unknown }) => ({
      errorCode: errorCodeOf(params.error),
      refusal: refusalOf(params.error),
    })),
    setSubmitted: assign((_, params: { outcome: SubmitOutcome | null }) => ({ submitted: params.outcome })),
    ...markingActions<TicketMarkingContext, TicketMarkingEvent>(ticketMarkingRules),
    resetDraft: assign(({ context }) => {
      const draft = freshDraft(context.limits, context.cart);
      return { draft, selectedId: draft[0]?.id ?? null, lastRejection: null };
    }),
  },
  guards: {
    ...markingGuards(ticketMarkingRules),
  },
}).createMachine({
  id: 'ticketMarking',
  context: ({ input }) => ({
    contestId: input.contestId,
    limits: NO_LIMITS,
    picture: { width: 0, height: 0 },
    held: [],
    cart: [],
    draft: [],
    selectedId: null,
    lastRejection: null,
    errorCode: null,
    refusal: null,
    submitted: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadContest',
        src: 'loadContest',
        input: ({ context }) => ({ contestId: context.contestId }),
        onDone: { target: 'ready', actions: { type: 'applyLoadedContest', params: ({ event }) => event.output } },
        onError: {
          target: 'loadError',
          actions: { type: 'setErrorCode', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadError: {
      on: { 'load.retry': 'loading' },
    },
    ready: {
      on: {
        ...markingTransitions('submitting', [persistDraft]),
        'ticket.reset': { actions: ['resetDraft', persistDraft] },
      },
    },
    submitting: {
      invoke: {
        id: 'submitTickets',
        src: 'submitTickets',
        input: ({ context }) => ({
          contestId: context.contestId,
          tickets: context.draft.flatMap((t) => (t.point ? [t.point] : [])),
        }),
        onDone: {
          target: 'submitted',
          actions: { type: 'setSubmitted', params: ({ event }) => ({ outcome: event.output }) },
        },
        onError: {
          target: 'submitError',
          actions: { type: 'setErrorCode', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitError: {
      on: {
        'submit.retry': 'submitting',
        'submit.cancel': 'ready',
      },
    },
    // The entry sheet is open over the board (paid), or the free entry's "You're in" (issue 25);
    // closing it reloads what this person holds, and marking goes on.
    submitted: {
      entry: { type: 'clearDraft', params: ({ context }) => ({ contestId: context.contestId }) },
      on: {
        'entry.close': {
          target: 'loading',
          actions: { type: 'setSubmitted', params: { outcome: null } },
        },
      },
    },
  },
});
