import { fromPromise } from 'xstate';
import { judgeMarkingMachine } from '../../machines/judge-marking.machine.ts';
import { callErrorOf, fetchJudgeContest, submitJudgeMark } from '../api/admin-judging.ts';

interface JudgeMarkingDeps {
  /** The screen's words (in the language of the moment) for a failed call and for a contest not sealed yet. */
  texts: () => { loadFailed: string; submitFailed: string; notSealed: string };
}

/** A judge's marking of one contest with the real load and submit calls. */
export function judgeMarkingMachineFor({ texts }: JudgeMarkingDeps) {
  return judgeMarkingMachine.provide({
    actors: {
      loadContest: fromPromise(async ({ input }) => {
        try {
          return await fetchJudgeContest(input.contestId);
        } catch (error) {
          const words = texts();
          throw callErrorOf(error, words.loadFailed, { NOT_SEALED: words.notSealed });
        }
      }),
      submitMark: fromPromise(async ({ input }) => {
        try {
          return await submitJudgeMark(input.contestId, input.point);
        } catch (error) {
          const words = texts();
          throw callErrorOf(error, words.submitFailed, { NOT_SEALED: words.notSealed });
        }
      }),
    },
  });
}
