import { describe, expect, it } from 'vitest';
import { contestPhase } from '../../domain/schedule.ts';

// One rule for the web and the server (issue 30): entries are taken through closesAt.
const opensAt = '2026-03-02T06:30:00.000Z';
const closesAt = '2026-03-04T18:29:59.999Z';
const at = (iso: string, ms = 0) => new Date(Date.parse(iso) + ms);

describe('contestPhase: the domain rule at the edges', () => {
  it('keeps an open contest open at closesAt exactly and one ms before, and closes it one ms after', () => {
    const contest = { state: 'open', opensAt, closesAt };
    expect(contestPhase(contest, at(closesAt, -1))).toBe('open');
    expect(contestPhase(contest, at(closesAt))).toBe('open');
    expect(contestPhase(contest, at(closesAt, 1))).toBe('closed');
  });

  it('opens an upcoming contest at opensAt exactly, not one ms before', () => {
    const contest = { state: 'upcoming', opensAt, closesAt };
    expect(contestPhase(contest, at(opensAt, -1))).toBe('upcoming');
    expect(contestPhase(contest, at(opensAt))).toBe('open');
    expect(contestPhase(contest, at(closesAt))).toBe('open');
    expect(contestPhase(contest, at(closesAt, 1))).toBe('closed');
  });

  it('never moves a contest back: one the server opened stays open for a clock that is behind', () => {
    expect(contestPhase({ state: 'open', opensAt, closesAt }, at(opensAt, -60_000))).toBe('open');
  });

  it('calls every later state closed, whatever the clock says', () => {
    for (const state of ['closed', 'judging', 'judged', 'published', 'cancelled'])
      expect(contestPhase({ state, opensAt, closesAt }, at(opensAt, 1000))).toBe('closed');
  });
});
