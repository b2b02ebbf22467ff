import { VALIDATION_MESSAGES } from '../domain/form-rules.ts';

/**
 * Schemas in domain/ carry stable message codes so that the web can translate them; the API
 * answers in the spec's English words. Unknown text (a message that is not a code) passes.
 */
export function messageFor(codeOrText: string): string {
  return (VALIDATION_MESSAGES as Record<string, string>)[codeOrText] ?? codeOrText;
}
