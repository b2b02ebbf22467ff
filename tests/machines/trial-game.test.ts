import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { TRIAL_MAX_GAMES, TRIAL_MAX_TICKETS, type TicketPoint } from '../../domain/tickets.ts';
import {
  loadErrorCode,
  trialGameMachine,
  trialRules,
  type PracticePair,
  type PracticeResult,
} from '../../machines/trial-game.machine.ts';
import {
  createModel,
  pathName,
  placeholderErrors,
  allLeafKeys,
  pathLeafKeys,
  reachableLeafKeys,
  runPath,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof trialGameMachine>;

const pair: PracticePair = { pairId: 'pair1', picture: { width: 100, height: 80 } };
const result: PracticeResult = { ball: { x: 12, y: 12 }, distances: [2.83], bestTicketId: 't1', ballWidth: 6 };
const P1: TicketPoint = { x: 10, y: 10 };
const P2: TicketPoint = { x: 20, y: 20 };
const OUTSIDE: TicketPoint = { x: -1, y: 10 };

const wentToRealGame = new Set<AnyActorRef>();
/** The counts countGame was called with, per actor. */
const counted = new Map<AnyActorRef, number[]>();
const machine = trialGameMachine.provide({
  actions: {
    goToRealGame: ({ self }) => void wentToRealGame.add(self),
    countGame: ({ self }, params) => void counted.set(self, [...(counted.get(self) ?? []), params.gamesPlayed]),
  },
});

async function playing() {
  const sut = startSut(machine);
  await sut.fakes.resolve('loadPracticePair', pair);
  return sut;
}

async function revealed() {
  const sut = await playing();
  sut.actor.send({ type: 'ticket.mark', point: P1 });
  sut.actor.send({ type: 'ticket.submit' });
  await sut.fakes.resolve('submitPractice', result);
  return sut;
}

describe('trial-game machine', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(trialGameMachine)).toEqual({
      loadPracticePair: 'loadPracticePair not provided',
      submitPractice: 'submitPractice not provided',
    });
  });

  it('maps load failures to stable codes', () => {
    expect(loadErrorCode({ code: 'NO_IMAGE_PAIRS' })).toBe('noImagePairs');
    expect(loadErrorCode({ code: 'NO_GAME_IMAGE' })).toBe('noGameImage');
    expect(loadErrorCode(new Error('offline'))).toBe('loadFailed');
    expect(loadErrorCode(undefined)).toBe('loadFailed');
  });

  it('loads a first pair and starts with one selected, unmarked ticket', async () => {
    const { actor, fakes } = startSut(machine);
    expect(fakes.lastInput('loadPracticePair')).toEqual({ gamesPlayed: 0, previousPairId: null });
    await fakes.resolve('loadPracticePair', pair);
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('playing');
    expect(context).toMatchObject({ pairId: 'pair1', picture: pair.picture, gamesPlayed: 1, selectedId: 't1' });
    expect(context.draft).toEqual([{ id: 't1', point: null }]);
  });

  it.each([
    [{ code: 'NO_IMAGE_PAIRS' }, 'noImagePairs'],
    [{ code: 'NO_GAME_IMAGE' }, 'noGameImage'],
    [new Error('offline'), 'loadFailed'],
  ] as const)('shows load error %o as %s, and retries', async (error, code) => {
    const { actor, fakes } = startSut(machine);
    await fakes.reject('loadPracticePair', error);
    expect(actor.getSnapshot().value).toBe('loadError');
    expect(actor.getSnapshot().context.errorCode).toBe(code);
    actor.send({ type: 'load.retry' });
    await fakes.resolve('loadPracticePair', pair);
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    expect(actor.getSnapshot().context.gamesPlayed).toBe(1);
  });

  it("counts each game started through countGame, so the screen can keep today's count", async () => {
    const { actor, fakes } = await revealed();
    expect(counted.get(actor)).toEqual([1]);
    actor.send({ type: 'trial.replay' });
    await fakes.resolve('loadPracticePair', pair);
    expect(counted.get(actor)).toEqual([1, 2]);
  });

  it('goes on from the games already played today and stops at the daily limit', async () => {
    const { actor, fakes } = startSut(machine, { gamesPlayed: TRIAL_MAX_GAMES - 1 });
    expect(fakes.lastInput('loadPracticePair')).toEqual({ gamesPlayed: TRIAL_MAX_GAMES - 1, previousPairId: null });
    await fakes.resolve('loadPracticePair', pair);
    expect(actor.getSnapshot().context.gamesPlayed).toBe(TRIAL_MAX_GAMES);
    expect(counted.get(actor)).toEqual([TRIAL_MAX_GAMES]);
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.submit' });
    await fakes.resolve('submitPractice', result);
    expect(actor.getSnapshot().can({ type: 'trial.replay' })).toBe(false);
  });

  it("loads no pair when the day's games are used up: only the real game is left", () => {
    const { actor, fakes } = startSut(machine, { gamesPlayed: TRIAL_MAX_GAMES });
    expect(actor.getSnapshot().value).toBe('limitReached');
    expect(fakes.count('loadPracticePair')).toBe(0);
    expect(actor.getSnapshot().can({ type: 'ticket.add' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'load.retry' })).toBe(false);
    actor.send({ type: 'trial.playReal' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(wentToRealGame.has(actor)).toBe(true);
  });

  it.each([-1, 2.5, Number.NaN])('takes a stored count of %s as none', (gamesPlayed) => {
    const { actor } = startSut(machine, { gamesPlayed });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.gamesPlayed).toBe(0);
  });

  it(`allows ${TRIAL_MAX_TICKETS} tickets, then says No More Tickets`, async () => {
    const { actor } = await playing();
    for (let i = 1; i < TRIAL_MAX_TICKETS; i += 1) actor.send({ type: 'ticket.add' });
    expect(actor.getSnapshot().context.draft).toHaveLength(TRIAL_MAX_TICKETS);
    expect(actor.getSnapshot().context.lastRejection).toBeNull();
    expect(trialRules.add(actor.getSnapshot().context)).toEqual({ ok: false, reason: { code: 'noMoreTickets' } });
    actor.send({ type: 'ticket.add' });
    expect(actor.getSnapshot().context.draft).toHaveLength(TRIAL_MAX_TICKETS);
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'noMoreTickets' });
  });

  it('removes, selects and marks tickets with the ticket rules', async () => {
    const { actor } = await playing();
    actor.send({ type: 'ticket.remove', id: 't1' });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'lastTicket' });
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.mark', point: P1 });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'duplicateCoordinates' });
    actor.send({ type: 'ticket.mark', point: OUTSIDE });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'outOfBounds' });
    actor.send({ type: 'rejection.dismiss' });
    expect(actor.getSnapshot().can({ type: 'rejection.dismiss' })).toBe(false);
    actor.send({ type: 'ticket.select', id: 't1' });
    actor.send({ type: 'ticket.remove', id: 't1' });
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't2', point: null }]);
    expect(actor.getSnapshot().context.selectedId).toBe('t2');
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.remove', id: 't1' });
    expect(actor.getSnapshot().context.selectedId).toBe('t2');
    expect(actor.getSnapshot().can({ type: 'ticket.select', id: 't9' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ticket.remove', id: 't9' })).toBe(false);
  });

  it('submits only when every ticket is marked', async () => {
    const { actor, fakes } = await playing();
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.mark', point: P2 });
    actor.send({ type: 'ticket.submit' });
    expect(actor.getSnapshot().context.lastRejection).toEqual({ code: 'unmarkedTickets', count: 1 });
    actor.send({ type: 'ticket.select', id: 't1' });
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fakes.lastInput('submitPractice')).toEqual({
      pairId: 'pair1',
      tickets: [
        { id: 't1', point: P1 },
        { id: 't2', point: P2 },
      ],
    });
  });

  it('reveals the ball and the distances', async () => {
    const { actor } = await revealed();
    expect(actor.getSnapshot().value).toBe('revealed');
    expect(actor.getSnapshot().context.result).toEqual(result);
  });

  it('keeps the tickets when the reveal fails, to retry or edit', async () => {
    const { actor, fakes } = await playing();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.submit' });
    await fakes.reject('submitPractice', new Error('offline'));
    expect(actor.getSnapshot().value).toBe('submitError');
    expect(actor.getSnapshot().context.errorCode).toBe('submitFailed');
    actor.send({ type: 'submit.retry' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await fakes.reject('submitPractice', new Error('offline'));
    actor.send({ type: 'submit.cancel' });
    expect(actor.getSnapshot().value).toBe('playing');
    expect(actor.getSnapshot().context.draft).toEqual([{ id: 't1', point: P1 }]);
  });

  it('resets to one unmarked ticket on the same pair while playing', async () => {
    const { actor } = await playing();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.mark', point: P2 });
    actor.send({ type: 'trial.reset' });
    expect(actor.getSnapshot().value).toBe('playing');
    expect(actor.getSnapshot().context).toMatchObject({
      pairId: 'pair1',
      draft: [{ id: 't1', point: null }],
      selectedId: 't1',
      gamesPlayed: 1,
    });
  });

  it('never offers the solved picture again: after the reveal only a new picture or the real game', async () => {
    const { actor, fakes } = await revealed();
    expect(actor.getSnapshot().can({ type: 'trial.reset' })).toBe(false);
    actor.send({ type: 'trial.reset' });
    expect(actor.getSnapshot().value).toBe('revealed');
    expect(actor.getSnapshot().context.result).toEqual(result);
    // Play again asks for the pair after the solved one, and plays it with a fresh draft.
    actor.send({ type: 'trial.replay' });
    expect(fakes.lastInput('loadPracticePair')).toEqual({ gamesPlayed: 1, previousPairId: 'pair1' });
    await fakes.resolve('loadPracticePair', { ...pair, pairId: 'pair2' });
    expect(actor.getSnapshot().value).toBe('playing');
    expect(actor.getSnapshot().context).toMatchObject({
      pairId: 'pair2',
      draft: [{ id: 't1', point: null }],
      result: null,
      gamesPlayed: 2,
    });
  });

  it(`replays on the next pair until ${TRIAL_MAX_GAMES} games were played`, async () => {
    const sut = await revealed();
    const { actor, fakes } = sut;
    for (let game = 2; game <= TRIAL_MAX_GAMES; game += 1) {
      expect(actor.getSnapshot().can({ type: 'trial.replay' })).toBe(true);
      actor.send({ type: 'trial.replay' });
      expect(fakes.lastInput('loadPracticePair')).toEqual({ gamesPlayed: game - 1, previousPairId: `pair${game - 1}` });
      await fakes.resolve('loadPracticePair', { ...pair, pairId: `pair${game}` });
      expect(actor.getSnapshot().context.gamesPlayed).toBe(game);
      actor.send({ type: 'ticket.mark', point: P1 });
      actor.send({ type: 'ticket.submit' });
      await fakes.resolve('submitPractice', result);
    }
    expect(actor.getSnapshot().value).toBe('revealed');
    expect(actor.getSnapshot().can({ type: 'trial.replay' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'trial.reset' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'trial.playReal' })).toBe(true);
  });

  it('goes to the real game from anywhere', async () => {
    const { actor } = await playing();
    actor.send({ type: 'trial.playReal' });
    expect(actor.getSnapshot().value).toBe('exited');
    expect(actor.getSnapshot().status).toBe('done');
    expect(wentToRealGame.has(actor)).toBe(true);
  });
});

const assertions: StateAssertions<Snapshot> = {
  loading: (snapshot, sut) => {
    expect(sut.fakes.lastInput('loadPracticePair')).toEqual({
      gamesPlayed: snapshot.context.gamesPlayed,
      previousPairId: snapshot.context.pairId,
    });
    expect(snapshot.can({ type: 'trial.playReal' })).toBe(true);
  },
  loadError: (snapshot) => {
    expect(['noImagePairs', 'noGameImage', 'loadFailed']).toContain(snapshot.context.errorCode);
    expect(snapshot.can({ type: 'load.retry' })).toBe(true);
  },
  playing: (snapshot) => {
    const { draft, selectedId, lastRejection, gamesPlayed } = snapshot.context;
    expect(draft.length).toBeGreaterThan(0);
    expect(draft.length).toBeLessThanOrEqual(TRIAL_MAX_TICKETS);
    expect(draft.map((t) => t.id)).toContain(selectedId);
    const keys = draft.flatMap((t) => (t.point ? [`${t.point.x},${t.point.y}`] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(gamesPlayed).toBeGreaterThanOrEqual(1);
    expect(gamesPlayed).toBeLessThanOrEqual(TRIAL_MAX_GAMES);
    expect(snapshot.context.result).toBeNull();
    expect(snapshot.can({ type: 'rejection.dismiss' })).toBe(lastRejection !== null);
    expect(snapshot.can({ type: 'trial.replay' })).toBe(false);
  },
  submitting: (snapshot, sut) => {
    expect(snapshot.context.draft.every((t) => t.point !== null)).toBe(true);
    expect(sut.fakes.lastInput('submitPractice')).toEqual({ pairId: 'pair1', tickets: snapshot.context.draft });
  },
  submitError: (snapshot) => {
    expect(snapshot.context.errorCode).toBe('submitFailed');
  },
  revealed: (snapshot) => {
    expect(snapshot.context.result).toEqual(result);
    expect(snapshot.can({ type: 'trial.replay' })).toBe(snapshot.context.gamesPlayed < TRIAL_MAX_GAMES);
    expect(snapshot.can({ type: 'trial.reset' })).toBe(false);
    expect(snapshot.can({ type: 'ticket.mark', point: P2 })).toBe(false);
  },
  exited: (snapshot, sut) => {
    expect(snapshot.status).toBe('done');
    expect(wentToRealGame.has(sut.actor)).toBe(true);
  },
};

const actorEvents = [
  { type: 'xstate.done.actor.loadPracticePair', output: pair },
  { type: 'xstate.error.actor.loadPracticePair', error: { code: 'NO_IMAGE_PAIRS' } },
  { type: 'xstate.error.actor.loadPracticePair', error: { code: 'NO_GAME_IMAGE' } },
  { type: 'xstate.error.actor.loadPracticePair', error: { message: 'offline' } },
  { type: 'xstate.done.actor.submitPractice', output: result },
  { type: 'xstate.error.actor.submitPractice', error: { message: 'offline' } },
];

/** The events of a game played straight through: one mark, submit, reveal, next pair. */
const straight = [
  'xstate.done.actor.loadPracticePair',
  'xstate.done.actor.submitPractice',
  'ticket.mark',
  'ticket.submit',
  'trial.replay',
];
const allMarked = (s: Snapshot) => s.context.draft.every((t) => t.point !== null);

describe('trial-game model: editing (shortest paths)', () => {
  // Every payload variant of every event in the first game, with two tickets at most (the
  // tenth-ticket rule is a unit test); later games go straight through to the fourth reveal, where
  // everything is allowed again. The whole graph would have millions of states.
  const setup = createModel({
    machine,
    events: [
      ...actorEvents,
      { type: 'ticket.mark', point: P1 },
      { type: 'ticket.mark', point: P2 },
      { type: 'ticket.mark', point: OUTSIDE },
      { type: 'ticket.select', id: 't1' },
      { type: 'ticket.select', id: 't2' },
      { type: 'ticket.remove', id: 't1' },
      { type: 'ticket.remove', id: 't2' },
    ],
    filterEvents: (state, event) => {
      const s = state as Snapshot;
      if (event.type === 'ticket.add' && s.context.draft.length >= 2) return false;
      if (s.context.gamesPlayed <= 1) return true;
      if (event.type === 'ticket.mark') return (event as unknown as { point: TicketPoint }).point === P1;
      if (event.type === 'ticket.submit') return allMarked(s);
      return straight.includes(event.type) || (s.value === 'revealed' && s.context.gamesPlayed === TRIAL_MAX_GAMES);
    },
  });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  // A visitor who comes back with the day's games used up starts in limitReached.
  const usedUp = createModel({ machine, input: { gamesPlayed: TRIAL_MAX_GAMES }, events: actorEvents });
  const usedUpAssertions: StateAssertions<Snapshot> = {
    ...assertions,
    limitReached: (snapshot) => {
      expect(snapshot.context.gamesPlayed).toBe(TRIAL_MAX_GAMES);
      expect(snapshot.can({ type: 'trial.playReal' })).toBe(true);
    },
  };

  const paths = setup.model.getShortestPaths();
  const usedUpPaths = usedUp.model.getShortestPaths();
  it('reaches every state of the machine by some path', () => {
    expect(pathLeafKeys([...paths, ...usedUpPaths])).toEqual(allLeafKeys(machine));
  });
  for (const path of paths) it(pathName(path), () => runPath(setup, path, assertions));
  for (const path of usedUpPaths) it(`used up: ${pathName(path)}`, () => runPath(usedUp, path, usedUpAssertions));
});

describe('trial-game model: games (shortest and simple paths)', () => {
  // The game loop with the least editing: load errors in the first load, reveal errors in the
  // first game, the real game (and a reset, which the reveal no longer takes) after the fourth
  // reveal. Simple paths over the whole
  // graph run into the millions.
  const setup = createModel({
    machine,
    events: [...actorEvents, { type: 'ticket.mark', point: P1 }],
    filterEvents: (state, event) => {
      const s = state as Snapshot;
      const { gamesPlayed } = s.context;
      if (['ticket.add', 'ticket.remove', 'ticket.select', 'rejection.dismiss'].includes(event.type)) return false;
      if (event.type === 'ticket.submit') return allMarked(s);
      if (['xstate.error.actor.loadPracticePair', 'load.retry'].includes(event.type)) return gamesPlayed === 0;
      if (['xstate.error.actor.submitPractice', 'submit.retry', 'submit.cancel'].includes(event.type))
        return gamesPlayed === 1;
      if (['trial.playReal', 'trial.reset'].includes(event.type))
        return s.value === 'revealed' && gamesPlayed === TRIAL_MAX_GAMES;
      return true;
    },
  });

  const shortest = setup.model.getShortestPaths();
  const simple = setup.model.getSimplePaths();
  it('reaches every state the game loop can reach', () => {
    expect(pathLeafKeys(shortest)).toEqual(reachableLeafKeys(setup));
    expect(pathLeafKeys(simple)).toEqual(reachableLeafKeys(setup));
  });
  describe('shortest', () => {
    for (const path of shortest) it(pathName(path), () => runPath(setup, path, assertions));
  });
  describe('simple', () => {
    for (const path of simple) it(pathName(path), () => runPath(setup, path, assertions));
  });
});
