import { describe, expect, it } from 'vitest';
import { TRIAL_MAX_GAMES, TRIAL_MAX_TICKETS, type TicketPoint } from '../../domain/tickets.ts';
import {
  createModel,
  describeShortestAndSimplePaths,
  pathName,
  allLeafKeys,
  pathLeafKeys,
  reachableLeafKeys,
  runPath,
  type StateAssertions,
} from './model-harness.ts';

import { type Snapshot, pair, result, P1, P2, OUTSIDE, wentToRealGame, machine } from './trial-game.fixtures.ts';

const assertions: StateAssertions<Snapshot> = {
  loading: (snapshot, sut) => {
    expect(sut.fakes.lastInput('loadPracticePair')).toEqual({
      gamesPlayed: snapshot.context.gamesPlayed,
      previousPairId: snapshot.context.pairId,
    });
    // The first pair of the run is asked for with no pair before it; a replay's is not the first.
    expect(snapshot.context.firstPair).toBe(snapshot.context.pairId === null);
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
    // The pair's picture (variants and all) is the machine's, for the stage to draw.
    expect(snapshot.context.picture).toEqual(pair.picture);
    expect(snapshot.context.firstPair).toBe(gamesPlayed === 1);
    expect(snapshot.can({ type: 'rejection.dismiss' })).toBe(lastRejection !== null);
    expect(snapshot.can({ type: 'trial.replay' })).toBe(false);
    // A tap on the picture is always heard: it places, or says why not; a drag moves a known ticket.
    expect(snapshot.can({ type: 'ticket.place', point: P1 })).toBe(true);
    expect(snapshot.can({ type: 'ticket.move', id: 't9', point: P1 })).toBe(false);
    expect(snapshot.can({ type: 'ticket.move', id: draft[0]!.id, point: P2 })).toBe(true);
  },
  submitting: (snapshot, sut) => {
    expect(snapshot.context.draft.every((t) => t.point !== null)).toBe(true);
    expect(sut.fakes.lastInput('submitPractice')).toEqual({ pairId: 'pair1', tickets: snapshot.context.draft });
  },
  submitError: (snapshot) => {
    expect(snapshot.context.errorCode).toBe('submitFailed');
    // A lost connection: no refusal of the server's to say, the generic text fits.
    expect(snapshot.context.refusal).toBeNull();
  },
  revealed: (snapshot) => {
    expect(snapshot.context.result).toEqual(result);
    expect(snapshot.can({ type: 'trial.replay' })).toBe(snapshot.context.gamesPlayed < TRIAL_MAX_GAMES);
    expect(snapshot.can({ type: 'trial.reset' })).toBe(false);
    expect(snapshot.can({ type: 'ticket.mark', point: P2 })).toBe(false);
    expect(snapshot.can({ type: 'ticket.place', point: P2 })).toBe(false);
    expect(snapshot.can({ type: 'ticket.move', id: 't1', point: P2 })).toBe(false);
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
      { type: 'ticket.place', point: P1 },
      { type: 'ticket.place', point: P2 },
      { type: 'ticket.place', point: OUTSIDE },
      { type: 'ticket.move', id: 't1', point: P2 },
      { type: 'ticket.move', id: 't2', point: P1 },
      { type: 'ticket.move', id: 't9', point: P1 },
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
      // A tap on an empty spot adds a ticket when every one is marked: two at most here too.
      if (event.type === 'ticket.add' && s.context.draft.length >= 2) return false;
      if (event.type === 'ticket.place' && s.context.draft.length >= 2 && allMarked(s)) return false;
      if (s.context.gamesPlayed <= 1) return true;
      // Later games go straight through, marked from the keyboard.
      if (event.type === 'ticket.move' || event.type === 'ticket.place') return false;
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
    events: [...actorEvents, { type: 'ticket.mark', point: P1 }, { type: 'ticket.place', point: P1 }],
    filterEvents: (state, event) => {
      const s = state as Snapshot;
      const { gamesPlayed } = s.context;
      if (['ticket.add', 'ticket.remove', 'ticket.select', 'rejection.dismiss', 'ticket.move'].includes(event.type))
        return false;
      // The first game is marked by a tap on the picture, the later ones by the keyboard.
      if (event.type === 'ticket.place') return gamesPlayed === 1;
      if (event.type === 'ticket.mark') return gamesPlayed > 1;
      if (event.type === 'ticket.submit') return allMarked(s);
      if (['xstate.error.actor.loadPracticePair', 'load.retry'].includes(event.type)) return gamesPlayed === 0;
      if (['xstate.error.actor.submitPractice', 'submit.retry', 'submit.cancel'].includes(event.type))
        return gamesPlayed === 1;
      if (['trial.playReal', 'trial.reset'].includes(event.type))
        return s.value === 'revealed' && gamesPlayed === TRIAL_MAX_GAMES;
      return true;
    },
  });

  describeShortestAndSimplePaths(setup, assertions);
});
