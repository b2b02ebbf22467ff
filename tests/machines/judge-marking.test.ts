import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { JudgeContest } from '../../domain/judge-panel.ts';
import { ALREADY_MARKED, judgeMarkingMachine, NOT_JUDGEABLE } from '../../machines/judge-marking.machine.ts';
import {
  createModel,
  pathName,
  placeholderErrors,
  reachableLeafKeys,
  runPath,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

/** A contest as the panel loads it (domain/judge-panel.ts JudgeContest). */
const contest = (state: JudgeContest['state'], myMark: JudgeContest['myMark']): JudgeContest => ({
  contestId: 'c1',
  windowKey: '2026-11-23-A',
  closesAt: 1,
  showAt: 2,
  state,
  marks: myMark ? 1 : 0,
  required: 3,
  myMarkAt: myMark?.at ?? null,
  sealed: true,
  picture: { width: 1200, height: 800, variants: [] },
  myMark,
});
const open = contest('awaiting', null);
const mine = contest('judging', { x: 10, y: 20, at: 1 });
const over = contest('judged', null);

describe('judge-marking machine', () => {
  it('places one mark, moves it, confirms and submits it with the contest id', async () => {
    const { actor, fakes } = startSut(judgeMarkingMachine, { contestId: 'c1' });
    expect(fakes.lastInput('loadContest')).toEqual({ contestId: 'c1' });
    await fakes.resolve('loadContest', open);
    expect(actor.getSnapshot().value).toBe('marking');
    expect(actor.getSnapshot().can({ type: 'mark.submit' })).toBe(false);
    actor.send({ type: 'mark.place', point: { x: 5, y: 6 } });
    actor.send({ type: 'mark.place', point: { x: 7, y: 8 } });
    expect(actor.getSnapshot().context.point).toEqual({ x: 7, y: 8 });
    actor.send({ type: 'mark.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'confirm.no' });
    actor.send({ type: 'mark.place', point: { x: 9, y: 9 } });
    actor.send({ type: 'mark.submit' });
    actor.send({ type: 'confirm.yes' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fakes.lastInput('submitMark')).toEqual({ contestId: 'c1', point: { x: 9, y: 9 } });
    await fakes.resolve('submitMark', { state: 'judging', marks: 1, required: 3 });
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ point: { x: 9, y: 9 }, outcome: { marks: 1, required: 3 } });
  });

  it('opens straight on the stored mark when the judge has marked (final), and on closed when judged', async () => {
    const a = startSut(judgeMarkingMachine, { contestId: 'c1' });
    await a.fakes.resolve('loadContest', mine);
    expect(a.actor.getSnapshot().value).toBe('submitted');
    expect(a.actor.getSnapshot().context.point).toEqual({ x: 10, y: 20 });
    const b = startSut(judgeMarkingMachine, { contestId: 'c1' });
    await b.fakes.resolve('loadContest', over);
    expect(b.actor.getSnapshot().value).toBe('closed');
  });

  it('keeps the mark when a submit fails, retries, and can go back to move it', async () => {
    const { actor, fakes } = startSut(judgeMarkingMachine, { contestId: 'c1' });
    await fakes.resolve('loadContest', open);
    actor.send({ type: 'mark.place', point: { x: 1, y: 2 } });
    actor.send({ type: 'mark.submit' });
    actor.send({ type: 'confirm.yes' });
    await fakes.reject('submitMark', { code: null, message: 'Network Error' });
    expect(actor.getSnapshot().value).toBe('submitFailed');
    expect(actor.getSnapshot().context).toMatchObject({
      point: { x: 1, y: 2 },
      error: { code: null, message: 'Network Error' },
    });
    actor.send({ type: 'submit.retry' });
    expect(fakes.count('submitMark')).toBe(2);
    await fakes.reject('submitMark', {
      code: 'MARK_OUTSIDE_PICTURE',
      message: 'Your mark must be inside the picture.',
    });
    actor.send({ type: 'submit.cancel' });
    expect(actor.getSnapshot().value).toBe('marking');
    expect(actor.getSnapshot().context).toMatchObject({ point: { x: 1, y: 2 }, error: null });
  });

  it('reloads when the server already has this judge’s mark, and stops when the contest was judged meanwhile', async () => {
    const { actor, fakes } = startSut(judgeMarkingMachine, { contestId: 'c1' });
    await fakes.resolve('loadContest', open);
    actor.send({ type: 'mark.place', point: { x: 1, y: 2 } });
    actor.send({ type: 'mark.submit' });
    actor.send({ type: 'confirm.yes' });
    await fakes.reject('submitMark', { code: ALREADY_MARKED, message: 'already' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.count('loadContest')).toBe(2);
    await fakes.resolve('loadContest', mine);
    expect(actor.getSnapshot().context.point).toEqual({ x: 10, y: 20 });

    const b = startSut(judgeMarkingMachine, { contestId: 'c2' });
    await b.fakes.resolve('loadContest', open);
    b.actor.send({ type: 'mark.place', point: { x: 1, y: 2 } });
    b.actor.send({ type: 'mark.submit' });
    b.actor.send({ type: 'confirm.yes' });
    await b.fakes.reject('submitMark', { code: NOT_JUDGEABLE, message: 'judged' });
    expect(b.actor.getSnapshot().value).toBe('closed');
  });

  it('fails loudly when the app forgets an effect', async () => {
    expect(await placeholderErrors(judgeMarkingMachine)).toEqual({
      loadContest: 'loadContest not provided',
      submitMark: 'submitMark not provided',
    });
  });
});

type Snapshot = SnapshotFrom<typeof judgeMarkingMachine>;

const assertions: StateAssertions<Snapshot> = {
  loading: (s) => {
    expect(s.context.error).toBeNull();
    expect(s.can({ type: 'mark.place', point: { x: 1, y: 1 } })).toBe(false);
  },
  loadFailed: (s) => {
    expect(s.context.error).not.toBeNull();
    expect(s.can({ type: 'load.retry' })).toBe(true);
  },
  marking: (s) => {
    expect(s.context.contest?.myMark).toBeNull();
    expect(s.can({ type: 'mark.place', point: { x: 1, y: 1 } })).toBe(true);
    expect(s.can({ type: 'mark.submit' })).toBe(s.context.point !== null);
    expect(s.can({ type: 'confirm.yes' })).toBe(false);
  },
  confirming: (s) => {
    expect(s.context.point).not.toBeNull();
    expect(s.can({ type: 'mark.place', point: { x: 1, y: 1 } })).toBe(false);
    expect(s.can({ type: 'confirm.yes' })).toBe(true);
  },
  submitting: (s) => {
    expect(s.context.point).not.toBeNull();
    expect(s.context.error).toBeNull();
    expect(s.can({ type: 'mark.place', point: { x: 1, y: 1 } })).toBe(false);
  },
  submitFailed: (s) => {
    expect(s.context.error).not.toBeNull();
    expect(s.context.point).not.toBeNull();
  },
  submitted: (s) => {
    expect(s.status).toBe('done');
    expect(s.context.point).not.toBeNull();
  },
  closed: (s) => {
    expect(s.status).toBe('done');
  },
};

const events = [
  { type: 'xstate.done.actor.load', output: open },
  { type: 'xstate.done.actor.load', output: mine },
  { type: 'xstate.done.actor.load', output: over },
  { type: 'xstate.error.actor.load', error: { code: null, message: 'offline' } },
  { type: 'xstate.done.actor.submit', output: { state: 'judged', marks: 3, required: 3 } },
  { type: 'xstate.error.actor.submit', error: { code: null, message: 'offline' } },
  { type: 'xstate.error.actor.submit', error: { code: ALREADY_MARKED, message: 'already' } },
  { type: 'xstate.error.actor.submit', error: { code: NOT_JUDGEABLE, message: 'judged' } },
  { type: 'mark.place', point: { x: 3, y: 4 } },
  { type: 'mark.place', point: { x: 5, y: 6 } },
];

describe('judge-marking model', () => {
  const setup = createModel({ machine: judgeMarkingMachine, input: { contestId: 'c1' }, events });
  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });
  const shortest = setup.model.getShortestPaths();
  it('reaches every state through its shortest paths', () => {
    expect(new Set(shortest.flatMap((p) => p.steps.map((step) => String(step.state.value))))).toEqual(
      new Set(Object.keys(assertions)),
    );
  });
  describe('shortest paths', () => {
    for (const path of shortest) it(pathName(path), () => runPath(setup, path, assertions));
  });
});
