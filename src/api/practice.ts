import type { GamePicture, PracticePairAnswer } from '../../domain/practice.ts';
import {
  isPracticePair,
  isPracticeResult,
  PRACTICE_ERROR_CODES,
  PRACTICE_ERROR_MESSAGES,
} from '../../domain/practice-answers.ts';
import type { TicketPoint } from '../../domain/tickets.ts';
import type { PracticeResult } from '../../machines/trial-game.machine.ts';
import { ApiError, apiErrorOf, dataOf, http, InvalidResponseError, validAnswer } from './http.ts';

/**
 * A failed practice call is an ApiError with the server's code, which the trial machine reads
 * (loadErrorCode: NO_IMAGE_PAIRS -> 'noImagePairs', NO_GAME_IMAGE -> 'noGameImage'); those two say
 * the spec's words whatever the answer's message.
 */
const knownMessages: Partial<Record<ApiError['code'], string>> = {
  [PRACTICE_ERROR_CODES.noImagePairs]: PRACTICE_ERROR_MESSAGES.noImagePairs,
  [PRACTICE_ERROR_CODES.noGameImage]: PRACTICE_ERROR_MESSAGES.noGameImage,
};

function practiceError(error: unknown): ApiError {
  const failure = apiErrorOf(error);
  const known = knownMessages[failure.code];
  return known ? new ApiError(failure.code, known, failure.status) : failure;
}

/** The next practice picture after `after` (the pair just played), without the ball. */
export async function nextPracticePair(after?: string): Promise<PracticePairAnswer> {
  try {
    const res = await http.get('/practice/pairs/next', { params: after ? { after } : {} });
    return validAnswer(dataOf<unknown>(res.data), isPracticePair);
  } catch (error) {
    throw practiceError(error);
  }
}

export interface SubmittedTicket {
  id: string;
  point: TicketPoint;
}

/** The machine's result plus the original picture to cross-fade to. */
export interface PracticeReveal extends PracticeResult {
  reveal: GamePicture;
}

/**
 * Sends the marks in draft order; the answer's distances and bestIndex follow that order, which
 * is how they map back to ticket ids.
 */
export async function submitPractice(pairId: string, tickets: readonly SubmittedTicket[]): Promise<PracticeReveal> {
  let answer;
  try {
    const res = await http.post(`/practice/pairs/${encodeURIComponent(pairId)}/submit`, {
      tickets: tickets.map((t) => ({ x: t.point.x, y: t.point.y })),
    });
    answer = validAnswer(dataOf<unknown>(res.data), isPracticeResult);
  } catch (error) {
    throw practiceError(error);
  }
  const best = tickets[answer.bestIndex];
  if (!best || answer.distances.length !== tickets.length) throw practiceError(new InvalidResponseError());
  return {
    ball: answer.ball,
    distances: answer.distances,
    bestTicketId: best.id,
    ballWidth: answer.ballWidth,
    reveal: answer.reveal,
  };
}
