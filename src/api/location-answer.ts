import { firstGet } from './first-get.ts';

let pending: Promise<unknown> | null = null;

/**
 * GET /location's answer (its data, unchecked), one request for the askers while it is under way:
 * as a page starts, the country gate (every page) and the location gate (the play screen, the cart,
 * checkout) ask in the same moment, and on the play screen the gate waits for the answer (issue 29;
 * the server preloads it with the play screen's HTML, and one request takes a preload). Once it
 * has answered, the next ask is a request of its own: a check run again after a refusal sees the
 * server's answer of that moment.
 */
export function askLocation(): Promise<unknown> {
  if (pending) return pending;
  const answer = firstGet<unknown>('/location');
  pending = answer;
  const done = () => {
    if (pending === answer) pending = null;
  };
  answer.then(done, done);
  return answer;
}

/** For tests: a new page load. */
export function resetLocationAnswer(): void {
  pending = null;
}
