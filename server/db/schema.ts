import type {
  AppMetaTable,
  AuditLogTable,
  ContactMessagesTable,
  PressArticlesTable,
  SettingsTable,
  UserRolesTable,
} from './schema/site.ts';
import type { PictureFilesTable, PictureVariantsTable, PicturesTable, PracticePairsTable } from './schema/pictures.ts';
import type {
  CodeSendsTable,
  LoginFailuresTable,
  OtpCodesTable,
  OutboxMessagesTable,
  SessionsTable,
  SocialPendingTable,
  UsersTable,
} from './schema/accounts.ts';
import type {
  CartItemsTable,
  ContestCountersTable,
  ContestPlayerCountsTable,
  ContestSealsTable,
  ContestsTable,
  ReservationsTable,
  TicketsTable,
} from './schema/contests.ts';
import type {
  CartPromosTable,
  InvoiceCountersTable,
  InvoicesTable,
  PaymentsTable,
  PromoCodesTable,
  PromoRedemptionsTable,
  SandboxOrdersTable,
  WebhookEventsTable,
} from './schema/payments.ts';
import type {
  ContestCancelNoticesTable,
  ContestRanksTable,
  JudgeMarksTable,
  PrizeClaimsTable,
  PushNoticesTable,
  PushSubscriptionsTable,
  ResultNoticesTable,
} from './schema/results.ts';

// The table types live by area in schema/; every caller imports them from here.
export type * from './schema/site.ts';
export type * from './schema/pictures.ts';
export type * from './schema/accounts.ts';
export type * from './schema/contests.ts';
export type * from './schema/payments.ts';
export type * from './schema/results.ts';
/** Every account plays; these roles come on top (user_roles), and one person may hold both. */
export type { StaffRole } from '../../domain/roles.ts';

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
  code_sends: CodeSendsTable;
  login_failures: LoginFailuresTable;
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
