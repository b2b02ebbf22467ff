import { assign, fromPromise, setup } from 'xstate';
import {
  canAddTrialTicket,
  canRemoveTicket,
  canSubmit,
  checkPoint,
  TRIAL_MAX_GAMES,
  type DraftTicket,
  type RuleResult,
  type TicketPoint,
  type TicketRuleReason,
} from '../domain/tickets.ts';
import { markingActions, type MarkingEvent, markingGuards, markingTransitions } from './fragments/marking.ts';

export interface PracticePair {
  pairId: string;
  picture: { width: number; height: number };
}

export interface PracticeResult {
  /** Where the ball really was, in original-photo pixels. */
  ball: TicketPoint;
  /** Distance of each ticket to the ball, in draft order. */
  distances: number[];
  bestTicketId: string;
  /** The ball's width in original pixels, for distances told in ball widths; null when unknown. */
  ballWidth: number | null;
}

/**
 * Stable codes; the UI shows 'No image pairs available', 'No game image available' and a generic
 * failure text for the rest.
 */
export type TrialErrorCode = 'noImagePairs' | 'noGameImage' | 'loadFailed' | 'submitFailed';

export interface TrialGameContext {
  pairId: string | null;
  picture: { width: number; height: number };
  draft: DraftTicket[];
  selectedId: string | null;
  lastRejection: TicketRuleReason | null;
  /**
   * Practice games started today, the current one included (one per picture pair): it starts
   * from the input's count, so a reload does not give the player more games.
   */
  gamesPlayed: number;
  result: PracticeResult | null;
  errorCode: TrialErrorCode | null;
  /**
   * The server's own words when it refused the submission (a 4xx with a message, e.g. a page
   * opened under the wrong address); null for a lost connection, where the generic text fits.
   */
  refusal: string | null;
}

export type TrialGameEvent =
  | MarkingEvent
  | { type: 'load.retry' }
  | { type: 'submit.retry' }
  | { type: 'submit.cancel' }
  | { type: 'trial.replay' }
  | { type: 'trial.reset' }
  | { type: 'trial.playReal' };

/** A refusal's message: an error with a 4xx status and a message (the app's ApiError, src/api/http.ts). */
export function refusalOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, message } = error as { status?: unknown; message?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string' && message
    ? message
    : null;
}

export function loadErrorCode(error: unknown): TrialErrorCode {
  const code: unknown = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'NO_IMAGE_PAIRS') return 'noImagePairs';
  if (code === 'NO_GAME_IMAGE') return 'noGameImage';
  return 'loadFailed';
}

/**
 * The domain rules behind the guards, on the machine's context: the guards and the rejections use
 * them, and so can a screen that wants to grey a button out before the click.
 */
export const trialRules = {
  add: (context: TrialGameContext): RuleResult => canAddTrialTicket(context.draft.length),
  remove: (context: TrialGameContext): RuleResult => canRemoveTicket(context.draft.length),
  mark: (context: TrialGameContext, point: TicketPoint, ticketId: string | null): RuleResult =>
    checkPoint(point, context.picture, context.draft, [], ticketId ?? undefined),
  submit: (context: TrialGameContext): RuleResult => canSubmit(context.draft),
};

const FRESH_DRAFT = { draft: [{ id: 't1', point: null }], selectedId: 't1', lastRejection: null, result: null };

export interface TrialGameInput {
  /** Practice games this visitor already started today (the screen keeps the count); 0 if none. */
  gamesPlayed?: number;
}

/** A stored count as the machine takes it: a whole number from 0 up. */
function startingCount(input: TrialGameInput | undefined): number {
  const n = input?.gamesPlayed ?? 0;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/**
 * The free practice game: mark up to TRIAL_MAX_TICKETS tickets on a picture pair (reset clears
 * them), submit to reveal where the ball was, then replay on the next pair (up to TRIAL_MAX_GAMES
 * games a day) or go to the real game. Ticket rules and the rejection pattern are those of the ticket-marking
 * machine, without held tickets and without saving the draft. Each game started calls countGame
 * with the new count, which the screen keeps, and a visitor who comes back with the day's games
 * used up lands in limitReached instead of a new game.
 */
export const trialGameMachine = setup({
  types: {
    input: {} as TrialGameInput | undefined,
    context: {} as TrialGameContext,
    events: {} as TrialGameEvent,
  },
  actors: {
    loadPracticePair: fromPromise<PracticePair, { gamesPlayed: number; previousPairId: string | null }>(async () => {
      throw new Error('loadPracticePair not provided');
    }),
    submitPractice: fromPromise<PracticeResult, { pairId: string; tickets: Array<{ id: string; point: TicketPoint }> }>(
      async () => {
        throw new Error('submitPractice not provided');
      },
    ),
  },
  actions: {
    goToRealGame: () => {},
    countGame: (_, _params: { gamesPlayed: number }) => {},
    startGame: assign(({ context }, pair: PracticePair) => ({
      ...FRESH_DRAFT,
      pairId: pair.pairId,
      picture: pair.picture,
      gamesPlayed: context.gamesPlayed + 1,
      errorCode: null,
      refusal: null,
    })),
    resetTickets: assign(FRESH_DRAFT),
    setLoadError: assign((_, params: { error: unknown }) => ({ errorCode: loadErrorCode(params.error) })),
    setSubmitError: assign((_, params: { error: unknown }) => ({
      errorCode: 'submitFailed' as const,
      refusal: refusalOf(params.error),
    })),
    setResult: assign((_, result: PracticeResult) => ({ result, errorCode: null, refusal: null })),
    ...markingActions<TrialGameContext, TrialGameEvent>(trialRules),
  },
  guards: {
    ...markingGuards(trialRules),
    canReplay: ({ context }) => context.gamesPlayed < TRIAL_MAX_GAMES,
  },
}).createMachine({
  id: 'trialGame',
  context: ({ input }) => ({
    pairId: null,
    picture: { width: 0, height: 0 },
    draft: [],
    selectedId: null,
    lastRejection: null,
    gamesPlayed: startingCount(input),
    result: null,
    errorCode: null,
    refusal: null,
  }),
  initial: 'starting',
  on: {
    'trial.playReal': '.exited',
  },
  states: {
    starting: {
      always: [{ guard: 'canReplay', target: 'loading' }, { target: 'limitReached' }],
    },
    /** Today's practice games are used up: only the real game is left (trial.playReal). */
    limitReached: {},
    loading: {
      invoke: {
        id: 'loadPracticePair',
        src: 'loadPracticePair',
        input: ({ context }) => ({ gamesPlayed: context.gamesPlayed, previousPairId: context.pairId }),
        onDone: {
          target: 'playing',
          actions: [
            { type: 'startGame', params: ({ event }) => event.output },
            { type: 'countGame', params: ({ context }) => ({ gamesPlayed: context.gamesPlayed }) },
          ],
        },
        onError: {
          target: 'loadError',
          actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadError: {
      on: { 'load.retry': 'loading' },
    },
    playing: {
      on: {
        ...markingTransitions('submitting', []),
        'trial.reset': { actions: 'resetTickets' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitPractice',
        src: 'submitPractice',
        input: ({ context }) => ({
          pairId: context.pairId ?? '',
          tickets: context.draft.flatMap((t) => (t.point ? [{ id: t.id, point: t.point }] : [])),
        }),
        onDone: { target: 'revealed', actions: { type: 'setResult', params: ({ event }) => event.output } },
        onError: {
          target: 'submitError',
          actions: { type: 'setSubmitError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitError: {
      on: {
        'submit.retry': 'submitting',
        'submit.cancel': 'playing',
      },
    },
    /**
     * The ball is out: the only way on is a new picture (trial.replay, within the day's limit) or
     * the real game. No reset here: marking the same picture again with the answer shown is no game.
     */
    revealed: {
      on: {
        'trial.replay': { guard: 'canReplay', target: 'loading' },
      },
    },
    exited: {
      type: 'final',
      entry: 'goToRealGame',
    },
  },
});
