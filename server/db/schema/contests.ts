import type { Generated } from 'kysely';

/** Contests, their seals, tickets, counters, reservations and carts. */

export type PrizeKind = 'merchandise' | 'cash';
/**
 * What is stored: 'upcoming' until judging starts; 'judging' once the first judge has marked;
 * 'judged' when the required judges have (the judged point is fixed); 'published'; 'cancelled'.
 * Whether an 'upcoming' row is upcoming, open or closed comes from the clock.
 */
export type ContestStoredState = 'upcoming' | 'judging' | 'judged' | 'published' | 'cancelled';

export interface ContestsTable {
  id: string;
  /** domain/schedule windowKey, e.g. '2026-11-23-A'; unique, so two machines never make one window twice. */
  window_key: string;
  slot: 'A' | 'B';
  opens_at: number;
  closes_at: number;
  show_at: number;
  picture_id: string;
  prize_kind: PrizeKind;
  prize_title_en: string;
  prize_title_hi: string;
  prize_value_paise: number;
  /** 0 = free entry. */
  ticket_price_paise: number;
  max_tickets_per_person: number;
  total_tickets: number;
  state: Generated<ContestStoredState>;
  created_at: number;
  updated_at: number;
  /** The prize's photo on the home card (kind 'prize'); null: none. */
  prize_picture_id: Generated<string | null>;
  /** Where the live winner show streams (e.g. a YouTube live URL); null: not set yet. */
  stream_url: Generated<string | null>;
  cancelled_at: Generated<number | null>;
  cancel_reason: Generated<string | null>;
  /** The judged point as the exact mean of the judges' marks: (sum_x / count, sum_y / count). */
  judged_sum_x: Generated<number | null>;
  judged_sum_y: Generated<number | null>;
  judged_count: Generated<number | null>;
  judged_at: Generated<number | null>;
  published_at: Generated<number | null>;
  published_by: Generated<string | null>;
  /** Issue 12: who decides the point; 'sealedAnswer' = the committed true ball position (answer_*). */
  decided_by: Generated<'judges' | 'sealedAnswer'>;
  answer_x: Generated<number | null>;
  answer_y: Generated<number | null>;
  answer_salt: Generated<string | null>;
  answer_commitment: Generated<string | null>;
  answer_committed_at: Generated<number | null>;
  /** Issue 26 (migration 2026-11-27-500): who funds the prize, shown as "Prize by ..."; all null: none. */
  sponsor_name: Generated<string | null>;
  /** https only. */
  sponsor_url: Generated<string | null>;
  /** The logo (picture kind 'sponsor'). */
  sponsor_picture_id: Generated<string | null>;
  /** A prize in kind's TDS (section 194B): collected from the 'winner' before dispatch, or borne by the 'company'. */
  prize_tds_payer: Generated<TdsPayer>;
  /** The closes_at a 'Close now' replaced, which 'Reopen' offers back; null otherwise. */
  closed_early_from: Generated<number | null>;
}

export type TdsPayer = 'winner' | 'company';

/** The entry list frozen at close (migration 2026-11-25-080): root, size, time, leaves (JSON SealedEntry[] in leaf order). */
export interface ContestSealsTable {
  contest_id: string;
  root: string;
  leaf_count: number;
  sealed_at: number;
  leaves: string;
}

export type TicketStatus = 'reserved' | 'confirmed' | 'released';

export interface TicketsTable {
  id: string;
  contest_id: string;
  user_id: string;
  x: number;
  y: number;
  status: TicketStatus;
  reservation_id: string | null;
  created_at: number;
  confirmed_at: number | null;
  /** Place in its reservation, in the order the player marked them (migration 2026-11-25-090). */
  position: Generated<number>;
}

/** A contest's reserved plus confirmed tickets, kept with every change of them (migration 2026-11-25-070); no row: 0. */
export interface ContestCountersTable {
  contest_id: string;
  taken: Generated<number>;
}

/** One player's reserved plus confirmed tickets in a contest, kept like contest_counters; no row: 0. */
export interface ContestPlayerCountsTable {
  contest_id: string;
  user_id: string;
  held: Generated<number>;
}

export type ReservationStatus = 'active' | 'confirmed' | 'expired' | 'cancelled';

export interface ReservationsTable {
  id: string;
  user_id: string;
  contest_id: string;
  status: ReservationStatus;
  ticket_count: number;
  /** The bill's grand total. */
  amount_paise: number;
  expires_at: number;
  created_at: number;
}

export interface CartItemsTable {
  id: string;
  user_id: string;
  contest_id: string;
  x: number;
  y: number;
  created_at: number;
  /** Grows with every ticket put in one player's cart for one contest: the play screen's order (migration 2026-11-25-090). */
  position: Generated<number>;
}
