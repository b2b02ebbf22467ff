import type { Generated } from 'kysely';

/** Judging and results: judges' marks, rankings, result notices, prize claims, cancel notices and Web Push. */

/** One judge's mark of the ball on a contest's picture, in original-photo pixels. */
export interface JudgeMarksTable {
  contest_id: string;
  judge_id: string;
  x: number;
  y: number;
  created_at: number;
}

/** A judged contest's ranking: one row per confirmed ticket; rank 1 wins. */
export interface ContestRanksTable {
  ticket_id: string;
  contest_id: string;
  user_id: string;
  /** 1-based, unique per contest. */
  rank: number;
  /** Euclidean distance to the judged point in original-photo pixels (display; ranking used exact maths). */
  distance: number;
}

/** Who must be told a published result (the winner, every entrant); sent_at once told. */
export interface ResultNoticesTable {
  contest_id: string;
  user_id: string;
  kind: 'winner' | 'entrant';
  /** The entrant's best rank in the contest. */
  best_rank: number;
  created_at: number;
  sent_at: number | null;
  attempts: Generated<number>;
  /** A sender's lease (migration 052): until then no other sender takes the notice. */
  claimed_until: Generated<number | null>;
  /** When each channel went, so a retry sends only the one that failed. */
  sms_sent_at: Generated<number | null>;
  email_sent_at: Generated<number | null>;
}

// --- results: the winner's prize claim (migration 2026-11-24-060) ---
export type ClaimStatus = 'submitted' | 'verified' | 'sent';

/** One claim per published contest, by its winner. Personal details only ever encrypted. */
export interface PrizeClaimsTable {
  id: string;
  contest_id: string;
  user_id: string;
  /** The winning ticket (rank 1). */
  ticket_id: string;
  status: ClaimStatus;
  /** 'v1:' + base64(iv | tag | ciphertext) of the ClaimDetails JSON (server/services/judging/claim-crypto.ts). */
  details_enc: string;
  /** The address's state, shown on the winner card. */
  state: string;
  gross_paise: number;
  tds_paise: number;
  net_paise: number;
  /** The operator's note to the winner. */
  note: string | null;
  submitted_at: number;
  verified_at: number | null;
  sent_at: number | null;
  updated_at: number;
  /** Issue 26 (migration 2026-11-27-500): the prize's kind when claimed; a prize in kind asks no payout. */
  prize_kind: Generated<'merchandise' | 'cash'>;
  /** A prize in kind's TDS payer, frozen with the claim; null for cash (withheld from the payout). */
  tds_payer: Generated<'winner' | 'company' | null>;
  /** The winner's language when they claimed: the claim's messages are written in it. */
  language: Generated<'en' | 'hi'>;
  /** The last status the winner was told of (null: none yet); the notices job tells the rest. */
  told_status: Generated<ClaimStatus | null>;
}

// --- contests console: who must be told of a cancelled contest (migration 2026-11-24-040) ---
/** One row per player holding confirmed tickets when a contest was cancelled; sent_at once told. */
export interface ContestCancelNoticesTable {
  contest_id: string;
  user_id: string;
  /** The player's confirmed tickets, as the message says. */
  tickets: number;
  created_at: number;
  sent_at: number | null;
  attempts: Generated<number>;
  /** A sender's lease: another sender leaves the notice alone until then. */
  claimed_until: Generated<number | null>;
  sms_sent_at: Generated<number | null>;
  email_sent_at: Generated<number | null>;
}

/** A browser's Web Push subscription (the spec's device token), for one logged-in player. */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  lang: 'en' | 'hi';
  created_at: number;
}

/** A contest's push notice of one kind ('open', 'closing', 'results'), claimed once, then counted. */
export interface PushNoticesTable {
  contest_id: string;
  kind: string;
  sent_at: number;
  sent: Generated<number>;
  gone: Generated<number>;
  failed: Generated<number>;
}
