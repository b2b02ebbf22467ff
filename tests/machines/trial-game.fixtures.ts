/** The machine with recording actions, and the data its unit and model tests share. */
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { type TicketPoint } from '../../domain/tickets.ts';
import { trialGameMachine, type PracticePair, type PracticeResult } from '../../machines/trial-game.machine.ts';
import { startSut } from './model-harness.ts';

export type Snapshot = SnapshotFrom<typeof trialGameMachine>;

export const pair: PracticePair = { pairId: 'pair1', picture: { width: 100, height: 80, variants: [] } };
export const result: PracticeResult = {
  ball: { x: 12, y: 12 },
  distances: [2.83],
  bestTicketId: 't1',
  ballWidth: 6,
  reveal: { width: 100, height: 80, variants: [{ name: 'large', url: '/reveal.webp', width: 100, height: 80 }] },
};
export const P1: TicketPoint = { x: 10, y: 10 };
export const P2: TicketPoint = { x: 20, y: 20 };
export const OUTSIDE: TicketPoint = { x: -1, y: 10 };

export const wentToRealGame = new Set<AnyActorRef>();
/** The counts countGame was called with, per actor. */
export const counted = new Map<AnyActorRef, number[]>();
export const machine = trialGameMachine.provide({
  actions: {
    goToRealGame: ({ self }) => void wentToRealGame.add(self),
    countGame: ({ self }, params) => void counted.set(self, [...(counted.get(self) ?? []), params.gamesPlayed]),
  },
});

export async function playing() {
  const sut = startSut(machine);
  await sut.fakes.resolve('loadPracticePair', pair);
  return sut;
}

export async function revealed() {
  const sut = await playing();
  sut.actor.send({ type: 'ticket.mark', point: P1 });
  sut.actor.send({ type: 'ticket.submit' });
  await sut.fakes.resolve('submitPractice', result);
  return sut;
}
