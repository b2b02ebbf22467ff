import { fromPromise } from 'xstate';
import type { GamePicture } from '../../domain/practice.ts';
import { trialGameMachine } from '../../machines/trial-game.machine.ts';
import { nextPracticePair, submitPractice } from '../api/practice.ts';
import { savePracticeGames } from '../shared/practice-count.ts';

interface TrialGameDeps {
  /** A pair is asked for: the first of the page (no previous pair) or a replay. */
  onLoadStart: (first: boolean) => void;
  /**
   * The machine keeps only the picture's size; the variants to draw and the original to reveal
   * come with the same answers and go to the screen for the stage (null: a new game, no reveal).
   */
  onPicture: (picture: GamePicture) => void;
  onReveal: (picture: GamePicture | null) => void;
  /** Real contests need a login (spec section 6): the screen goes on to /play_screen or to /login. */
  goToRealGame: () => void;
}

/** The practice game with the real pair and submit calls, and today's count kept across a reload. */
export function trialGameMachineFor({ onLoadStart, onPicture, onReveal, goToRealGame }: TrialGameDeps) {
  return trialGameMachine.provide({
    actors: {
      loadPracticePair: fromPromise(async ({ input }) => {
        onLoadStart(!input.previousPairId);
        const pair = await nextPracticePair(input.previousPairId ?? undefined);
        onPicture(pair.picture);
        onReveal(null);
        return pair;
      }),
      submitPractice: fromPromise(async ({ input }) => {
        const { reveal, ...result } = await submitPractice(input.pairId, input.tickets);
        onReveal(reveal);
        return result;
      }),
    },
    actions: {
      goToRealGame: () => goToRealGame(),
      // Today's count outlives a reload: the limit is per day, not per visit.
      countGame: (_, params) => savePracticeGames(params.gamesPlayed, new Date()),
    },
  });
}
