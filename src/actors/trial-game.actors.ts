import { fromPromise } from 'xstate';
import { trialGameMachine } from '../../machines/trial-game.machine.ts';
import { nextPracticePair, submitPractice } from '../api/practice.ts';
import { savePracticeGames } from '../shared/practice-count.ts';

interface TrialGameDeps {
  /** Real contests need a login (spec section 6): the screen goes on to /play_screen or to /login. */
  goToRealGame: () => void;
}

/**
 * The practice game with the real pair and submit calls, and today's count kept across a reload.
 * The pair's picture and the reveal's original come back as the actors' output: the machine keeps
 * them for the stage.
 */
export function trialGameMachineFor({ goToRealGame }: TrialGameDeps) {
  return trialGameMachine.provide({
    actors: {
      loadPracticePair: fromPromise(({ input }) => nextPracticePair(input.previousPairId ?? undefined)),
      submitPractice: fromPromise(({ input }) => submitPractice(input.pairId, input.tickets)),
    },
    actions: {
      goToRealGame: () => goToRealGame(),
      // Today's count outlives a reload: the limit is per day, not per visit.
      countGame: (_, params) => savePracticeGames(params.gamesPlayed, new Date()),
    },
  });
}
