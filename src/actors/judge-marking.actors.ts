import { fromPromise } from 'xstate';
import type { JudgeContest } from '../../domain/judge-panel.ts';
import { judgeMarkingMachine } from '../../machines/judge-marking.machine.ts';
import { callErrorOf, fetchJudgeContest, submitJudgeMark } from '../api/admin-judging.ts';

interface JudgeMarkingDeps {
  /** The contest as loaded, for the stage and the header (the machine keeps only its state and mark). */
  onContest: (contest: JudgeContest) => void;
  /** The screen's words (in the language of the moment) for a failed call and for a contest not sealed yet. */
  texts: () => { loadFailed: string; submitFailed: string; notSealed: string };
}

/** A judge's marking of one contest with the real load and submit calls. */
export function judgeMarkingMachineFor({ onContest, texts }: JudgeMarkingDeps) {
  return judgeMarkingMachine.provide({
    actors: {
      loadContest: fromPromise(async ({ input }) => {
        try {
          const contest = await fetchJudgeContest(input.contestId);
          onContest(contest);
          return { state: contest.state, myMark: contest.myMark };
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
