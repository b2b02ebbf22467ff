/**
 * The console's Contests area (server/routes/admin/contests.routes.ts and
 * src/screens/admin/contests): the list with its figures, the create/edit body, the locks and
 * the cancellation. Money is integer paise on the wire; the form speaks rupees and IST
 * wall-clock times and turns them into this body with contestInputOfForm.
 */
export {
  CANCEL_REASON_MAX,
  CONTEST_ADMIN_ERROR_CODES,
  CONTEST_ADMIN_MESSAGES,
  CONTEST_FIELD_MESSAGES,
  contestMessageKey,
  isHttpsUrl,
  MAX_TICKETS_PER_PERSON_MAX,
  type OverlapDetails,
  overlapMessage,
  PRIZE_TITLE_MAX,
  PRIZE_VALUE_MAX_PAISE,
  SEALED_ANSWER_ERROR_CODES,
  SEALED_ANSWER_MESSAGES,
  STREAM_URL_MAX,
  TICKET_PRICE_MAX_PAISE,
  TOTAL_TICKETS_MAX,
  windowHeldMessage,
} from './admin-contests/messages.ts';
export {
  type AdminContest,
  adminContestSchema,
  type AdminContestsPage,
  adminContestsPageSchema,
  type AdminContestsQuery,
  adminContestsQuerySchema,
  type CancelContest,
  cancelContestSchema,
  type CloseContest,
  closeContestSchema,
  type ReopenContest,
  reopenContestSchema,
  type SponsorInput,
  sponsorInputSchema,
  type TdsPayer,
  tdsPayerSchema,
  type ContestDefaultsAnswer,
  contestDefaultsSchema,
  contestIdParamsSchema,
  type ContestInput,
  contestInputSchema,
  type DecidedBy,
  decidedBySchema,
  type LockedField,
  lockedFieldSchema,
} from './admin-contests/input.ts';
export {
  type ContestCounters,
  contestCountersSchema,
  type CountersCheck,
  countersCheckSchema,
  type CountersRepair,
  countersRepairSchema,
} from './admin-contests/counters.ts';
export {
  type ContestForm,
  contestFormOf,
  contestFormSchema,
  contestInputOfForm,
  instantOfIstInput,
  istCloseInputOf,
  istInputOf,
} from './admin-contests/form.ts';
export {
  CONTEST_DEFAULTS_KEY,
  CONTEST_DEFAULTS_MESSAGES,
  type ContestDefaultsForm,
  contestDefaultsFormOf,
  contestDefaultsFormSchema,
  contestDefaultsOfForm,
  type ContestDefaultsPage,
  contestDefaultsPageSchema,
  type ContestDefaultsSettings,
  contestDefaultsSettingsSchema,
} from './admin-contests/defaults.ts';
