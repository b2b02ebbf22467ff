import { assign, fromPromise, setup } from 'xstate';
import { type ApiRefusal, errorCodeOf, refusalOf } from '../domain/error-code.ts';
import { PRACTICE_ERROR_CODES } from '../domain/practice-answers.ts';
import type { GamePicture } from '../domain/practice.ts';
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
  /** The picture to play on: its size for the rules, its variants for the stage. */
  picture: GamePicture;
}

export interface PracticeResult {
  /** Where the ball really was, in original-photo pixels. */
  ball: TicketPoint;
  /** Distance of each ticket to the ball, in draft order. */
  distances: number[];
  bestTicketId: string;
  /** The ball's width in original pixels, for distances told in ball widths; null when unknown. */
  ballWidth: number | null;
  /** The original photo, ball and all, that the stage cross-fades to. */
  reveal: GamePicture;
}

/**
 * Stable codes; the UI shows 'No image pairs available', 'No game image available' and a generic
 * failure text for the rest.
 */
export type TrialErrorCode = 'noImagePairs' | 'noGameImage' | 'loadFailed' | 'submitFailed';

export interface TrialGameContext {
  pairId: string | null;
  /** The pair's picture (no variants and no size before the first pair). */
  picture: GamePicture;
  /**
   * The pair asked for last is the first of this run (no pair before it): until a replay asks
   * for the next one, the screen may show the picture it preloaded for the first.
   */
  firstPair: boolean;
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
   * The server's refusal of the submission (a 4xx, e.g. a page opened under the wrong address),
   * which the screen says by its code; null for a lost connection, where the generic text fits.
   */
  refusal: ApiRefusal | null;
}

export type TrialGameEvent =
  | MarkingEvent
  | { type: 'load.retry' }
  | { type: 'submit.retry' }
  | { type: 'submit.cancel' }
  | { type: 'trial.replay' }
  | { type: 'trial.reset' }
  | { type: 'trial.playReal' };

/** A refusal of the submission: a 4xx answer (a 5xx or no answer gets the generic text). */
function submitRefusalOf(error: unknown): ApiRefusal | null {
  const refusal = refusalOf(error);
  return refusal && refusal.status >= 400 && refusal.status < 500 ? refusal : null;
}

export function loadErrorCode(error: unknown): TrialErrorCode {
  const code = errorCodeOf(error);
  if (code === PRACTICE_ERROR_CODES.noImagePairs) return 'noImagePairs';
  if (code === PRACTICE_ERROR_CODES.noGameImage) return 'noGameImage';
  return 'loadFailed';
}

const NO_PICTURE: GamePicture = { width: 0, height: 0, variants: [] };

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
    askPair: assign(({ context }) => ({ firstPair: context.pairId === null })),
    setLoadError: assign((_, params: { error: unknown }) => ({ errorCode: loadErrorCode(params.error) })),
    setSubmitError: assign((_, params: { error: unknown }) => ({
      errorCode: 'submitFailed' as const,
      refusal: submitRefusalOf(params.error),
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
    picture: NO_PICTURE,
    firstPair: true,
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
      entry: 'askPair',
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
