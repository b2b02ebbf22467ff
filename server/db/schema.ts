import type { Generated } from 'kysely';

/**
 * The typed shape of every table. Conventions that hold on SQLite and PostgreSQL alike:
 * ids are random UUID text, instants are integer epoch milliseconds, money is integer paise,
 * flags are integers 0/1, picture coordinates are integer pixels of the original photo.
 */
export interface Database {
  app_meta: AppMetaTable;
  contact_messages: ContactMessagesTable;
  press_articles: PressArticlesTable;
  pictures: PicturesTable;
  picture_variants: PictureVariantsTable;
  picture_files: PictureFilesTable;
  practice_pairs: PracticePairsTable;
  users: UsersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  outbox_messages: OutboxMessagesTable;
  social_pending: SocialPendingTable;
  contests: ContestsTable;
  contest_seals: ContestSealsTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  cart_promos: CartPromosTable;
  payments: PaymentsTable;
  webhook_events: WebhookEventsTable;
  sandbox_orders: SandboxOrdersTable;
  tickets: TicketsTable;
  reservations: ReservationsTable;
  cart_items: CartItemsTable;
  settings: SettingsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  user_roles: UserRolesTable;
  audit_log: AuditLogTable;
  judge_marks: JudgeMarksTable;
  contest_ranks: ContestRanksTable;
  result_notices: ResultNoticesTable;
  prize_claims: PrizeClaimsTable;
  contest_cancel_notices: ContestCancelNoticesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_notices: PushNoticesTable;
  contest_counters: ContestCountersTable;
  contest_player_counts: ContestPlayerCountsTable;
}

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface ContactMessagesTable {
  id: string;
  subject: string;
  email: string;
  phone: string;
  message: string;
  language: string;
  /** 'new' (open) or 'answered'. */
  status: Generated<string>;
  created_at: number;
  // Console operations (migration 2026-11-24-020).
  answered_at: Generated<number | null>;
  answered_by: Generated<string | null>;
}

export interface PressArticlesTable {
  id: string;
  slug: string;
  outlet: string;
  title_en: string;
  title_hi: Generated<string>;
  summary_en: string;
  summary_hi: Generated<string>;
  /** Paragraphs separated by blank lines. */
  body_en: string;
  body_hi: Generated<string>;
  /** The original article, when there is one. */
  source_url: string | null;
  published_at: number;
  is_published: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type PictureKind = 'practice_removed' | 'practice_original' | 'contest' | 'prize' | 'avatar';
/** 'avatar' is the 256 px square of a profile picture, served to its owner only. */
export type PictureVariantName = 'original' | 'large' | 'small' | 'avatar';

/** Width and height as seen, EXIF orientation applied: the space of every game coordinate. */
export interface PicturesTable {
  id: string;
  kind: PictureKind;
  width: number;
  height: number;
  /** Of the original file as uploaded. */
  mime: string;
  bytes: number;
  created_at: number;
}

/** 'original' is the uploaded file, never served; 'large' and 'small' are JPEG display copies. */
/** The bytes of a picture file when PICTURE_STORAGE=database; key = picture_variants.path. */
export interface PictureFilesTable {
  key: string;
  picture_id: string;
  bytes: number;
  data: Buffer;
  created_at: number;
}

export interface PictureVariantsTable {
  picture_id: string;
  name: PictureVariantName;
  width: number;
  height: number;
  /** Relative to DATA_DIR/uploads. */
  path: string;
  bytes: number;
}

export interface PracticePairsTable {
  id: string;
  removed_picture_id: string;
  original_picture_id: string;
  /** The ball centre in original-picture pixels; never sent before an answer is submitted. */
  ball_x: number;
  ball_y: number;
  /** The ball's width in original-picture pixels; null for pairs made before it was asked for. */
  ball_width: number | null;
  is_active: Generated<number>;
  sort_order: number;
  created_at: number;
}

export type UserStatus = 'pending' | 'active' | 'suspended' | 'deleted';
/** Every account plays; these roles come on top (user_roles), and one person may hold both. */
export type { StaffRole } from '../../domain/roles.ts';
import type { StaffRole } from '../../domain/roles.ts';
export type SignupMethod = 'password' | 'google';

export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  /** Lower-cased. */
  email: string;
  /** E.164, '+91' and 10 digits. */
  phone: string;
  /** 'scrypt$N$r$p$salt$hash'; null for social-only users. */
  password_hash: string | null;
  status: UserStatus;
  // users.role is a leftover of the first schema (player/admin), no longer read: roles live in
  // user_roles. The column keeps its default, so it is not in this type.
  avatar_picture_id: string | null;
  signup_method: SignupMethod;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /** The Google account's 'sub'; null until the user signs in with Google. */
  google_subject: Generated<string | null>;
  /** When a deleted account's personal data was erased (the row stays for tax records). */
  erased_at: Generated<number | null>;
  // Console operations (migration 2026-11-24-020): an admin's suspension; null when the person
  // deactivated the account themselves.
  suspended_at: Generated<number | null>;
  suspend_reason: Generated<string | null>;
}

/** The cookie holds a random id; only its sha256 is stored, so a database leak opens no session. */
export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end, however active the session is. */
  expires_at: number;
  user_agent: string | null;
  ip: string | null;
  /** Where play is allowed: the state the device was found in (IN-MH), until when, signed. */
  location_state: string | null;
  location_until: number | null;
  location_sig: string | null;
}

/** 'login': a code by SMS that logs an active account in instead of its password. */
export type OtpPurpose = 'signup' | 'reset' | 'login';

export interface OtpCodesTable {
  /** The opaque otpToken the client holds. */
  id: string;
  purpose: OtpPurpose;
  /** Null for a decoy challenge, which can never succeed. */
  user_id: string | null;
  recipient_key: string;
  /** HMAC-SHA256 of the code with the server secret. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  last_sent_at: number;
  consumed_at: number | null;
}

export interface OutboxMessagesTable {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: number;
}

/** Someone who proved a Google identity and has not finished the social sign-up form yet. */
export interface SocialPendingTable {
  /** sha256 of the cs_social cookie's value. */
  id: string;
  subject: string;
  /** Verified by the provider; lower-cased. */
  email: string;
  given_name: string;
  family_name: string;
  created_at: number;
  expires_at: number;
}

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
}

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

/** Settings admins change at run time (paid play); the environment gives the default. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Codes are stored upper case; 'percent' uses basis_points (and cap_paise), 'flat' amount_paise. */
export interface PromoCodesTable {
  code: string;
  kind: 'percent' | 'flat';
  basis_points: number;
  amount_paise: number;
  cap_paise: number | null;
  valid_from: number;
  valid_until: number;
  /** null = no limit. */
  max_uses: number | null;
  max_uses_per_user: number | null;
  is_active: number;
  created_at: number;
}

export interface PromoRedemptionsTable {
  id: string;
  promo_code: string;
  user_id: string;
  payment_id: string;
  created_at: number;
}

/** The promo applied to one person's cart for one contest. */
export interface CartPromosTable {
  user_id: string;
  contest_id: string;
  promo_code: string;
  created_at: number;
}

export type PaymentStatus = 'pending' | 'success' | 'failed' | 'cancelled' | 'error';
export type GatewayName = 'sandbox' | 'razorpay';

export interface PaymentsTable {
  id: string;
  user_id: string;
  reservation_id: string;
  contest_id: string;
  gateway: GatewayName;
  gateway_order_id: string;
  gateway_payment_id: string | null;
  status: PaymentStatus;
  amount_paise: number;
  /** The bill at order time, as JSON (domain/money Bill). */
  bill_json: string;
  promo_code: string | null;
  ref_no: string;
  phone: string;
  failure_reason: string | null;
  /** 1 when money came in for tickets we could not give (expired reservation, late capture): refund it. */
  refund_due: Generated<number>;
  refund_id: string | null;
  refunded_at: number | null;
  created_at: number;
  updated_at: number;
  finalized_at: number | null;
}

export interface WebhookEventsTable {
  event_id: string;
  gateway: string;
  received_at: number;
  payload_hash: string;
}

/** The embedded sandbox gateway's orders (what Razorpay would keep on its side). */
export interface SandboxOrdersTable {
  id: string;
  amount_paise: number;
  receipt: string;
  notes_json: string;
  status: 'created' | 'paid' | 'failed' | 'cancelled';
  payment_id: string | null;
  refund_id: string | null;
  created_at: number;
  /** When Success was pressed (the capture time); null until paid. */
  paid_at: Generated<number | null>;
}

export interface InvoicesTable {
  id: string;
  payment_id: string;
  /** e.g. 'CS/2026-27/000001'. */
  number: string;
  /** e.g. '2026-27' (April to March, IST). */
  financial_year: string;
  serial: number;
  issued_at: number;
}

export interface InvoiceCountersTable {
  financial_year: string;
  last_number: number;
}

export interface UserRolesTable {
  user_id: string;
  role: StaffRole;
  /** Null for roles given from the shell (npm run admin:create) or by the migration. */
  granted_by: string | null;
  granted_at: number;
}

/** Append-only: who did what to which thing, when, with the thing before and after (JSON). */
export interface AuditLogTable {
  id: string;
  /** Null for the system (a scheduled job, the shell). */
  actor_id: string | null;
  /** The actor's name at the time, so the log still reads after an account is erased. */
  actor_name: string;
  /** Dot-namespaced, e.g. 'contest.update', 'role.grant'. */
  action: string;
  target_type: string;
  target_id: string | null;
  /** One line an operator reads in the log. */
  summary: string;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  created_at: number;
}

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
  /** 'v1:' + base64(iv | tag | ciphertext) of the ClaimDetails JSON (server/services/claim-crypto.ts). */
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
