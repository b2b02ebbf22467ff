/**
 * The one catalogue of the error codes the API answers with, and the shape of an error answer.
 *
 * Every refusal goes out as `{ code, message, fields?, details? }` (server/plugins/error-handler.ts):
 * - `code` is one of API_ERROR_CODES (the server's AppError accepts no other);
 * - `message` is the English text, in the spec's words where it has them;
 * - `details` carries what a code's text needs (ERROR_DETAIL_KEYS), so the web builds its own
 *   sentence in the reader's language instead of reading numbers out of English.
 * The web translates by code: common.json `serverErrors.<CODE>` for the site-wide ones, the
 * screens' own namespaces for the rest (tests/domain/api-errors.test.ts checks the Hindi ones).
 *
 * Areas keep their code maps beside their rules (CONTEST_ERROR_CODES in contests.ts and so on);
 * this file gathers them and holds the codes and texts of the parts that have no domain module
 * of their own: accounts, sign-in, the console's accounts and the server's plumbing.
 */
import { CLAIM_ERROR_CODES } from './results/claims.ts';
import { CONTEST_ADMIN_ERROR_CODES, SEALED_ANSWER_ERROR_CODES } from './admin-contests/messages.ts';
import { CONTEST_ERROR_CODES } from './contests.ts';
import { JUDGING_ERROR_CODES } from './judge-panel.ts';
import { LOCATION_ERROR_CODES } from './location-answers.ts';
import { PAYMENT_ERROR_CODES, PROMO_ERROR_CODES } from './payments.ts';
import { PICTURE_UPLOAD_ERROR_CODES, PRACTICE_PAIR_ERROR_CODES } from './admin-pictures.ts';
import { PRACTICE_ERROR_CODES } from './practice-answers.ts';
import { ROLE_ERROR_CODES } from './roles.ts';
import { TICKET_REASON_ERROR_CODES } from './tickets.ts';
import { BRAND } from './brand.ts';
import { type ApiErrorDetails, ERROR_DETAIL_KEYS } from './api-error-details.ts';

export type { ApiErrorDetails, DetailedErrorCode } from './api-error-details.ts';
export { ERROR_DETAIL_KEYS, errorDetailsOf } from './api-error-details.ts';

/** Sign-up, log-in, codes, Google sign-in and the account's own settings. */
export const ACCOUNT_ERROR_CODES = {
  loginFailed: 'LOGIN_FAILED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  accountDeleted: 'ACCOUNT_DELETED',
  wrongPassword: 'WRONG_PASSWORD',
  otpExpired: 'OTP_EXPIRED',
  otpLocked: 'OTP_LOCKED',
  otpIncorrect: 'OTP_INCORRECT',
  otpCooldown: 'OTP_COOLDOWN',
  alreadyRegistered: 'ALREADY_REGISTERED',
  emailRegistered: 'EMAIL_REGISTERED',
  phoneTaken: 'PHONE_TAKEN',
  googleEmailLocked: 'GOOGLE_EMAIL_LOCKED',
  noPendingSocial: 'NO_PENDING_SOCIAL',
  socialAccountExists: 'SOCIAL_ACCOUNT_EXISTS',
  googleAccountMismatch: 'GOOGLE_ACCOUNT_MISMATCH',
  googleNotConfigured: 'GOOGLE_NOT_CONFIGURED',
  oidcState: 'OIDC_STATE',
  googleUnavailable: 'GOOGLE_UNAVAILABLE',
  googleTokenInvalid: 'GOOGLE_TOKEN_INVALID',
  pushServiceNotAllowed: 'PUSH_SERVICE_NOT_ALLOWED',
  pushEndpointTaken: 'PUSH_ENDPOINT_TAKEN',
} as const;

/** The console's accounts, messages, press and promo pages, and the verification pages. */
export const CONSOLE_ERROR_CODES = {
  userNotFound: 'USER_NOT_FOUND',
  userNotActive: 'USER_NOT_ACTIVE',
  userAlreadyActive: 'USER_ALREADY_ACTIVE',
  cannotSuspendSelf: 'CANNOT_SUSPEND_SELF',
  cannotDeleteSelf: 'CANNOT_DELETE_SELF',
  cannotDeleteStaff: 'CANNOT_DELETE_STAFF',
  userAlreadyDeleted: 'USER_ALREADY_DELETED',
  accountErased: 'ACCOUNT_ERASED',
  retentionPassed: 'RETENTION_PASSED',
  lastAdmin: 'LAST_ADMIN',
  messageNotFound: 'MESSAGE_NOT_FOUND',
  articleNotFound: 'ARTICLE_NOT_FOUND',
  slugTaken: 'SLUG_TAKEN',
  promoNotFound: 'PROMO_NOT_FOUND',
  promoExists: 'PROMO_EXISTS',
  promoBelowUses: 'PROMO_BELOW_USES',
  notSealed: 'NOT_SEALED',
} as const;

/** The server's plumbing: sessions, forms, limits, health and the services behind it. */
export const SYSTEM_ERROR_CODES = {
  validationFailed: 'VALIDATION_FAILED',
  badRequest: 'BAD_REQUEST',
  notFound: 'NOT_FOUND',
  internal: 'INTERNAL',
  unauthenticated: 'UNAUTHENTICATED',
  csrf: 'CSRF',
  wrongSiteAddress: 'WRONG_SITE_ADDRESS',
  rateLimited: 'RATE_LIMITED',
  busy: 'BUSY',
  nulInText: 'NUL_IN_TEXT',
  notBuilt: 'NOT_BUILT',
  notReady: 'NOT_READY',
  badWebhook: 'BAD_WEBHOOK',
  paymentsUnavailable: 'PAYMENTS_UNAVAILABLE',
  invoicesUnavailable: 'INVOICES_UNAVAILABLE',
  invoiceNotAvailable: 'INVOICE_NOT_AVAILABLE',
  promoRequired: 'PROMO_REQUIRED',
} as const;

/** Every code by area; an area's own map stays where its rules are. */
export const API_ERROR_CODE_GROUPS = {
  account: ACCOUNT_ERROR_CODES,
  console: CONSOLE_ERROR_CODES,
  system: SYSTEM_ERROR_CODES,
  contest: CONTEST_ERROR_CODES,
  ticket: TICKET_REASON_ERROR_CODES,
  promo: PROMO_ERROR_CODES,
  payment: PAYMENT_ERROR_CODES,
  practice: PRACTICE_ERROR_CODES,
  role: ROLE_ERROR_CODES,
  location: LOCATION_ERROR_CODES,
  claim: CLAIM_ERROR_CODES,
  pictureUpload: PICTURE_UPLOAD_ERROR_CODES,
  practicePair: PRACTICE_PAIR_ERROR_CODES,
  contestAdmin: CONTEST_ADMIN_ERROR_CODES,
  sealedAnswer: SEALED_ANSWER_ERROR_CODES,
  judging: JUDGING_ERROR_CODES,
} as const;

type Groups = typeof API_ERROR_CODE_GROUPS;
/** A code the API may answer with. */
export type ApiErrorCode = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** All codes, each once (a few areas share one: CONTEST_NOT_FOUND, INVALID_PICTURE). */
export const API_ERROR_CODES: readonly ApiErrorCode[] = [
  ...new Set(Object.values(API_ERROR_CODE_GROUPS).flatMap((group) => Object.values(group) as ApiErrorCode[])),
];

/**
 * The English texts of the codes above whose areas have no message map of their own. The
 * sentences with numbers are functions of the same numbers the answer's `details` carries.
 */
export const SERVER_ERROR_MESSAGES = {
  loginFailed: 'Login Failed',
  accountSuspended: `This account is deactivated. To reactivate it, e-mail ${BRAND.supportEmail}.`,
  accountDeleted: `This account was deleted. To restore it, e-mail ${BRAND.supportEmail}.`,
  wrongPassword: 'Current password is not correct',
  otpExpired: 'The code has expired. Ask for a new one.',
  otpLocked: 'Too many wrong codes. Ask for a new one.',
  otpIncorrect: ({ triesLeft }: ApiErrorDetails<'OTP_INCORRECT'>) =>
    `The code is not correct. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  otpCooldown: ({ retryAfterSeconds }: ApiErrorDetails<'OTP_COOLDOWN'>) =>
    `Please wait ${retryAfterSeconds} seconds before asking for a new code.`,
  rateLimited: ({ retryAfterSeconds }: ApiErrorDetails<'RATE_LIMITED'>) =>
    `Too many requests. Please try again in ${retryAfterSeconds} seconds.`,
  googleSignInAgain: 'Please sign in with Google again.',
  googleSignInExpired: 'Your Google sign-in has expired. Please sign in with Google again.',
  socialAccountExists: 'An account with this Google e-mail already exists. Please sign in with Google again.',
  googleAccountMismatch:
    'This e-mail belongs to an account linked to another Google account. Log in with your password instead.',
  googleNotConfigured: 'Google sign-in is not configured',
  oidcState: 'Your Google sign-in has expired or was started in another window. Please sign in with Google again.',
  googleUnavailable: 'Google sign-in is not available right now. Please try again in a few minutes.',
  googleTokenInvalid: 'We could not verify your Google sign-in. Please try again.',
  avatarTooLarge: (megabytes: number) => `The picture is larger than ${megabytes} MB. Choose a smaller one.`,
  unauthenticated: 'Please log in to continue.',
  csrf: 'This request was refused because it did not come from this site. Reload the page and try again.',
  wrongSiteAddress: (origin: string, siteOrigin: string) =>
    `This page was opened at ${origin}, but this site's address is ${siteOrigin}. Open ${siteOrigin} and try again.`,
  notFound: 'Not found',
  badWebhook: 'The webhook body is not JSON.',
  paymentsUnavailable: 'Payments are not available right now. Please try again later.',
  invoicesUnavailable: 'Invoices are not configured',
  invoiceNotAvailable: 'An invoice is available once the payment succeeds',
  userNotFound: 'This account does not exist.',
  userNotActiveForRole: 'Only an active account can be given a role.',
  userNotActiveForSuspend: 'Only an active account can be suspended.',
  userAlreadyActive: 'This account is already active.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotDeleteSelf: 'You cannot delete your own account from the console.',
  cannotDeleteStaff: 'A staff account (admin or judge) cannot be deleted: take its roles away first.',
  userAlreadyDeleted: 'This account is already deleted.',
  accountErased:
    'This account cannot be restored: its personal data was erased after the retention period. The person can sign up again.',
  retentionPassed: (retentionDays: number) =>
    `This account cannot be restored: it was deleted more than ${retentionDays} days ago and its personal data is being erased. The person can sign up again.`,
  messageNotFound: 'This message does not exist (it may have been erased with its sender’s account).',
  receiptsNotSealed: 'Receipts are ready once the contest closes and its entry list is sealed.',
  judgingNotSealed: 'The entry list is sealed once the last payments of this contest have ended; judging opens then.',
  sealedTreeLevels: (height: number) => `The sealed tree has levels 0 to ${height}.`,
  sealedTreeNode: (depth: number, index: number) => `Level ${depth} of the sealed tree has no node ${index}.`,
  sandboxOrderNotFound: 'This sandbox order does not exist.',
  contestIdUnknown: 'No contest has this id.',
  resultNotPublished: 'The result of this contest is not published yet.',
  publishedBeforeSeals: 'This contest was published before results were sealed; there is nothing to check.',
  ticketNotYours: 'You have no confirmed ticket with this id.',
  ticketNotSealed: 'This ticket is not in the sealed entry list.',
  claimNotFound: 'This claim does not exist.',
  claimBadTransition: (from: string, to: string) => `A ${from} claim cannot become ${to}.`,
  noContestComingUp: 'No contest is running or coming up.',
  articleNotFound: 'Article not found',
  noTranslation: 'No such translation file',
  unknownStateCodes: (codes: readonly string[]) => `Unknown state code: ${codes.join(', ')}`,
  notReady: 'The database is not reachable.',
  shuttingDown: 'This server is shutting down; another one takes the requests.',
  pushEndpointTaken: 'These notifications belong to another account on this browser. Notifications stay off.',
} as const;

/** Every code that carries numbers is a code of this catalogue (checked by the compiler). */
export const DETAIL_KEYS_BY_CODE: Partial<Record<ApiErrorCode, readonly string[]>> = ERROR_DETAIL_KEYS;

/** The body of every error answer. */
export interface ApiErrorBody {
  message: string;
  code: ApiErrorCode;
  /** A message per form field, in the spec's words. */
  fields?: Record<string, string>;
  /** ERROR_DETAIL_KEYS's numbers, or AREA_RESTRICTED's LocationRestriction. */
  details?: unknown;
}
