import { assign, fromPromise, setup } from 'xstate';
import type { ApiErrorCode } from '../domain/api-errors.ts';
import { errorCodeOf } from '../domain/error-code.ts';
import { JUDGING_ERROR_CODES, type JudgeContest } from '../domain/judge-panel.ts';

export interface JudgePoint {
  x: number;
  y: number;
}

/** The contest as loaded: its state and my mark decide the flow; the screen shows the rest from here. */
export type JudgeMarkingContest = JudgeContest;

/** A failed call as the app's actors report it: the API's code (null when the network failed) and a message to show. */
export interface JudgeCallError {
  code: ApiErrorCode | null;
  message: string;
}

export interface SubmitMarkOutput {
  state: JudgeMarkingContest['state'];
  marks: number;
  required: number;
}

export interface JudgeMarkingContext {
  contestId: string;
  contest: JudgeMarkingContest | null;
  /** The mark being placed (original-picture pixels); after submitting, the submitted mark. */
  point: JudgePoint | null;
  error: JudgeCallError | null;
  outcome: SubmitMarkOutput | null;
}

export type JudgeMarkingEvent =
  | { type: 'mark.place'; point: JudgePoint }
  | { type: 'mark.submit' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'submit.retry' }
  | { type: 'submit.cancel' }
  | { type: 'load.retry' };

/** The API says the mark is there already (another tab, a double click): show it as final. */
export const ALREADY_MARKED = JUDGING_ERROR_CODES.alreadyMarked;
/** The contest was judged or cancelled meanwhile: marking is over. */
export const NOT_JUDGEABLE = JUDGING_ERROR_CODES.notJudgeable;

/** The actors' failure as the panel shows it: its code, and the words the actor chose (translated). */
const callError = (error: unknown): JudgeCallError => {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return { code: errorCodeOf(error), message: message === undefined ? '' : String(message) };
};

/**
 * A judge marks the ball of one closed contest, alone and once:
 *
 * loading --done, not marked--> marking --mark.place--> marking (the one mark moves)
 *    |  \--done, marked--> submitted (final: my mark, nothing else)
 *    |  \--done, judged/published--> closed
 *    \--error--> loadFailed --load.retry--> loading
 * marking --mark.submit (a mark placed)--> confirming --confirm.no--> marking
 * confirming --confirm.yes--> submitting --done--> submitted
 * submitting --error ALREADY_MARKED--> loading (shows the stored mark) ; NOT_JUDGEABLE --> closed
 *            --other error--> submitFailed --submit.retry--> submitting ; --submit.cancel--> marking
 *
 * Effects are the named actors loadContest and submitMark, provided by the app.
 */
export const judgeMarkingMachine = setup({
  types: {
    input: {} as { contestId: string },
    context: {} as JudgeMarkingContext,
    events: {} as JudgeMarkingEvent,
  },
  actors: {
    loadContest: fromPromise<JudgeMarkingContest, { contestId: string }>(async () => {
      throw new Error('loadContest not provided');
    }),
    submitMark: fromPromise<SubmitMarkOutput, { contestId: string; point: JudgePoint }>(async () => {
      throw new Error('submitMark not provided');
    }),
  },
  guards: {
    hasPoint: ({ context }) => context.point !== null,
  },
}).createMachine({
  id: 'judgeMarking',
  context: ({ input }) => ({ contestId: input.contestId, contest: null, point: null, error: null, outcome: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'loadContest',
        input: ({ context }) => ({ contestId: context.contestId }),
        onDone: [
          {
            guard: ({ event }) => event.output.myMark !== null,
            target: 'submitted',
            actions: assign({
              contest: ({ event }) => event.output,
              point: ({ event }) =>
                event.output.myMark ? { x: event.output.myMark.x, y: event.output.myMark.y } : null,
            }),
          },
          {
            guard: ({ event }) => event.output.state === 'judged' || event.output.state === 'published',
            target: 'closed',
            actions: assign({ contest: ({ event }) => event.output, point: null }),
          },
          { target: 'marking', actions: assign({ contest: ({ event }) => event.output }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => callError(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'load.retry': 'loading' },
    },
    marking: {
      on: {
        'mark.place': { actions: assign({ point: ({ event }) => ({ x: event.point.x, y: event.point.y }) }) },
        'mark.submit': { guard: 'hasPoint', target: 'confirming' },
      },
    },
    confirming: {
      on: {
        'confirm.yes': 'submitting',
        'confirm.no': 'marking',
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'submit',
        src: 'submitMark',
        input: ({ context }) => ({ contestId: context.contestId, point: context.point! }),
        onDone: { target: 'submitted', actions: assign({ outcome: ({ event }) => event.output }) },
        onError: [
          { guard: ({ event }) => errorCodeOf(event.error) === ALREADY_MARKED, target: 'loading' },
          {
            guard: ({ event }) => errorCodeOf(event.error) === NOT_JUDGEABLE,
            target: 'closed',
            actions: assign({ error: ({ event }) => callError(event.error) }),
          },
          { target: 'submitFailed', actions: assign({ error: ({ event }) => callError(event.error) }) },
        ],
      },
    },
    submitFailed: {
      on: {
        'submit.retry': 'submitting',
        'submit.cancel': { target: 'marking', actions: assign({ error: null }) },
      },
    },
    submitted: { type: 'final' },
    closed: { type: 'final' },
  },
});
