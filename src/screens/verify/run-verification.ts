import { type Publication, verifyPublication, type VerificationReport } from '../../../domain/verification.ts';

/**
 * The check of a published result, in a Web Worker where the browser has one (the page stays
 * responsive for 100k entries), else on the page after it has painted. Same code either way:
 * domain/verification.ts, as the server and the command-line script use.
 */
export function runVerification(publication: Publication): Promise<VerificationReport> {
  const onPage = () => new Promise<VerificationReport>((resolve) => setTimeout(() => resolve(verifyPublication(publication)), 0));
  if (typeof Worker === 'undefined') return onPage();
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(onPage());
      return;
    }
    worker.onmessage = (event: MessageEvent<VerificationReport>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(onPage());
    };
    worker.postMessage(publication);
  });
}
