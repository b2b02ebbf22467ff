// Runs the publication's check off the page's main thread: 100k entries take long enough on a
// phone to freeze scrolling and taps if run on it.
import type { Publication } from '../../../domain/verification.ts';
import { checkPublication, sealedNodesFetcher } from './check-publication.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ publication: Publication; origin: string }>) => void) | null;
  postMessage: (message: unknown) => void;
};
scope.onmessage = (event) =>
  void checkPublication(
    event.data.publication,
    sealedNodesFetcher(event.data.origin, event.data.publication.contest.id),
  ).then((result) => scope.postMessage(result));
