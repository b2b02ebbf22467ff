/** The machine with recording actions, and the data its unit and model tests share. */
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { ContestTicketLimits, DraftTicket, TicketPoint } from '../../domain/tickets.ts';
import { ticketMarkingMachine, type LoadedContest } from '../../machines/ticket-marking.machine.ts';
import { startSut } from './model-harness.ts';

export type Snapshot = SnapshotFrom<typeof ticketMarkingMachine>;

export const input = { contestId: 'c1' };
export const picture = { width: 100, height: 80 };
export const HELD: TicketPoint = { x: 5, y: 5 };
export const P1: TicketPoint = { x: 10, y: 10 };
export const P2: TicketPoint = { x: 20, y: 20 };
export const OUTSIDE: TicketPoint = { x: 100, y: 10 };

/** Two more tickets for this person, plenty in the contest. */
export const twoAvailable: ContestTicketLimits = { maxPerPerson: 3, alreadyHeld: 1, ticketsLeft: 10 };
export const contest = (limits: ContestTicketLimits, draft: DraftTicket[] | null = null): LoadedContest => ({
  limits,
  picture,
  held: [HELD],
  cart: [],
  draft,
});

/** What persistDraft and clearDraft were called with, per actor. */
export const persisted = new Map<AnyActorRef, Array<{ contestId: string; draft: DraftTicket[] }>>();
export const cleared = new Map<AnyActorRef, string[]>();
export const machine = ticketMarkingMachine.provide({
  actions: {
    persistDraft: ({ self }, params) => persisted.set(self, [...(persisted.get(self) ?? []), params]),
    clearDraft: ({ self }, params) => cleared.set(self, [...(cleared.get(self) ?? []), params.contestId]),
  },
});

export async function ready(loaded: LoadedContest = contest(twoAvailable)) {
  const sut = startSut(machine, input);
  await sut.fakes.resolve('loadContest', loaded);
  return sut;
}
