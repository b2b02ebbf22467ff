import type { RuleResult } from '../../../domain/tickets.ts';

/**
 * Two answers of a ticket rule say the same (allowed, or refused for the same reason): a screen
 * that selects a rule from its machine re-renders only when the answer changes.
 */
export function sameRule(a: RuleResult, b: RuleResult): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
