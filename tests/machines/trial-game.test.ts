import { describe, expect, it } from 'vitest';
import { TRIAL_MAX_GAMES, TRIAL_MAX_TICKETS } from '../../domain/tickets.ts';
import { loadErrorCode, trialGameMachine, trialRules } from '../../machines/trial-game.machine.ts';
import { placeholderErrors, startSut } from './model-harness.ts';

import {
  pair,
  result,
  P1,
  P2,
  OUTSIDE,
  wentToRealGame,
  counted,
  machine,
  playing,
  revealed,
} from './trial-game.fixtures.ts';

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

  it("keeps the server's 4xx refusal of a submission for the screen, and drops it once the reveal comes", async () => {
    const { actor, fakes } = await playing();
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.submit' });
    const refusal = { code: 'WRONG_SITE_ADDRESS', message: 'Open the site at its address.', status: 403 };
    await fakes.reject('submitPractice', refusal);
    expect(actor.getSnapshot().context.refusal).toEqual(refusal);
    actor.send({ type: 'submit.retry' });
    await fakes.reject('submitPractice', { code: 'INTERNAL', message: 'Something went wrong', status: 500 });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    actor.send({ type: 'submit.retry' });
    await fakes.resolve('submitPractice', result);
    expect(actor.getSnapshot().context).toMatchObject({ refusal: null, errorCode: null, result });
  });

  it('keeps the pair picture and the reveal, and knows the first pair of the run from a replay', async () => {
    const { actor, fakes } = await playing();
    expect(actor.getSnapshot().context).toMatchObject({ picture: pair.picture, firstPair: true, result: null });
    actor.send({ type: 'ticket.mark', point: P1 });
    actor.send({ type: 'ticket.submit' });
    await fakes.resolve('submitPractice', result);
    expect(actor.getSnapshot().context.result?.reveal).toEqual(result.reveal);
    actor.send({ type: 'trial.replay' });
    expect(actor.getSnapshot().context.firstPair).toBe(false);
    const next = { pairId: 'pair2', picture: { width: 60, height: 40, variants: [] } };
    await fakes.resolve('loadPracticePair', next);
    expect(actor.getSnapshot().context).toMatchObject({ picture: next.picture, firstPair: false, result: null });
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
