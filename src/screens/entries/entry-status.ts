import type { MyEntry, MyTicket } from '../../../domain/results.ts';

/**
 * Where one ticket stands, as My entries says it (issue 25): held (reserved while a payment is
 * made), confirmed, sealed (in the entry list fixed at the close, with a receipt), ranked (the
 * result is published and the ticket has its place).
 */
export type TicketStatus = 'held' | 'confirmed' | 'sealed' | 'ranked';

export function ticketStatus(ticket: MyTicket, entry: Pick<MyEntry, 'sealed'>): TicketStatus {
  if (ticket.status === 'reserved') return 'held';
  if (ticket.rank !== null) return 'ranked';
  return entry.sealed ? 'sealed' : 'confirmed';
}

/**
 * What a contest card counts down to: its close while entries are taken, then its live show until
 * the result is out; nothing once published, cancelled, or past both.
 */
export function entryCountdown(
  entry: Pick<MyEntry, 'state' | 'closesAt' | 'showAt'>,
  now: Date,
): { to: 'close' | 'show'; at: Date } | null {
  if (entry.state === 'published' || entry.state === 'cancelled') return null;
  const closes = new Date(entry.closesAt);
  if ((entry.state === 'open' || entry.state === 'upcoming') && now < closes) return { to: 'close', at: closes };
  const show = new Date(entry.showAt);
  return now < show ? { to: 'show', at: show } : null;
}

/**
 * How a card's title tells the close: still ahead ('closes'), past ('closed', also after an early
 * close, whatever the time says), or never reached because the contest was cancelled first.
 */
export type CloseWording = 'closes' | 'closed' | 'cancelledBeforeClose';

export function closeWording(entry: Pick<MyEntry, 'state' | 'closesAt'>, now: Date): CloseWording {
  const ahead = now < new Date(entry.closesAt);
  if (entry.state === 'cancelled') return ahead ? 'cancelledBeforeClose' : 'closed';
  return ahead && (entry.state === 'open' || entry.state === 'upcoming') ? 'closes' : 'closed';
}

/** The player's best ticket of a published contest (rank 1 is the winner), for the card's result line. */
export function bestTicket(entry: Pick<MyEntry, 'tickets'>): MyTicket | null {
  let best: MyTicket | null = null;
  for (const ticket of entry.tickets)
    if (ticket.rank !== null && (best === null || ticket.rank < (best.rank ?? Infinity))) best = ticket;
  return best;
}
