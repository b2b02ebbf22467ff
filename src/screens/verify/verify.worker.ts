// Runs the publication's check off the page's main thread: 100k entries take long enough on a
// phone to freeze scrolling and taps if run on it.
import { type Publication, verifyPublication } from '../../../domain/verification.ts';

const scope = self as unknown as { onmessage: ((event: MessageEvent<Publication>) => void) | null; postMessage: (message: unknown) => void };
scope.onmessage = (event) => scope.postMessage(verifyPublication(event.data));
