import type { Publication } from '../../../domain/verification.ts';
import { fetchSealedNodes } from '../../api/verification.ts';
import { checkPublication, type VerificationResult } from './check-publication.ts';

export type { VerificationResult } from './check-publication.ts';

/**
 * The check of a published result, in a Web Worker where the browser has one (the page stays
 * responsive for 100k entries), else on the page after it has painted. Same code either way:
 * domain/verification.ts, as the server and the command-line script use.
 */
export function runVerification(publication: Publication): Promise<VerificationResult> {
  const origin = window.location.origin;
  const onPage = () =>
    new Promise<VerificationResult>((resolve) =>
      setTimeout(
        () =>
          resolve(
            checkPublication(publication, (depth, indices) => fetchSealedNodes(publication.contest.id, depth, indices)),
          ),
        0,
      ),
    );
  if (typeof Worker === 'undefined') return onPage();
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(onPage());
      return;
    }
    worker.onmessage = (event: MessageEvent<VerificationResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(onPage());
    };
    worker.postMessage({ publication, origin });
  });
}
