// Limits, the messages the API answers with and their error codes.

export const PRIZE_TITLE_MAX = 120;
export const CANCEL_REASON_MAX = 500;
export const STREAM_URL_MAX = 500;
/** ₹10,000 a ticket. */
export const TICKET_PRICE_MAX_PAISE = 1_000_000;
/** ₹1 crore. */
export const PRIZE_VALUE_MAX_PAISE = 10_000_000_00;
export const MAX_TICKETS_PER_PERSON_MAX = 1000;
export const TOTAL_TICKETS_MAX = 10_000_000;

export const CONTEST_ADMIN_MESSAGES = {
  windowOrder: 'The contest must open before it closes, and the winner show cannot start before it closes.',
  closedWindow: 'The window has already closed: pick a window that closes in the future.',
  streamHttps: 'The stream URL must be a full https:// address.',
  overlap: 'Another contest takes entries in this window. Pick a window that does not overlap it.',
  windowHeld:
    'Another contest holds this schedule window, though their times do not overlap. Pick another window, or cancel that contest first.',
  pictureMissing: 'Pick a contest picture from the contest photos.',
  prizePictureMissing: 'Pick a prize photo from the prize photos, or none.',
  notFound: 'This contest does not exist.',
  locked: 'Tickets have been sold for this contest: its price, picture and window can no longer change.',
  judging: 'Judging has started for this contest: its picture and window can no longer change.',
  totalBelowTaken: 'Total tickets cannot be fewer than the tickets already taken ({{taken}}).',
  notEditable: 'A cancelled or published contest can no longer be edited.',
  notCancellable: 'A published or already cancelled contest cannot be cancelled.',
  cancelled: 'The contest has been cancelled. Paid tickets are being refunded and players told.',
  sponsorLogoMissing: 'Pick the sponsor’s logo from the sponsor logos, or none.',
  sponsorHttps: 'The sponsor’s link must be a full https:// address.',
  notOpen: 'Only a contest that takes entries now can be closed now.',
  closedNow: 'The contest is closed. Its entry list is sealed once its last payments have ended; judging opens then.',
  notReopenable:
    'Only a closed contest can be reopened, and only before any judge has marked it or its result is decided.',
  reopenClose: 'The new close must be in the future and no later than the winner show.',
  reopened: 'The contest takes entries again until its new close.',
} as const;

/** The overlap refusal names the contest it overlaps (issue 26); the console links to it. */
export function overlapMessage(other: { slot: 'A' | 'B'; windowKey: string }): string {
  return `${CONTEST_ADMIN_MESSAGES.overlap.replace(' Pick', ` It overlaps contest ${other.slot} (${other.windowKey}). Pick`)}`;
}

/**
 * A new contest in a schedule window whose contest closed early (or was moved out of it) overlaps
 * nothing, but that contest still holds the window (its key, admin-contest.service.ts). The
 * refusal names it; the console links to it, as for an overlap.
 */
export function windowHeldMessage(other: { slot: 'A' | 'B'; windowKey: string }): string {
  return CONTEST_ADMIN_MESSAGES.windowHeld.replace('Another contest', `Contest ${other.slot} (${other.windowKey})`);
}

/** What an overlap or window-held refusal carries in `details`: the contest in the way. */
export interface OverlapDetails {
  contestId: string;
  windowKey: string;
  slot: 'A' | 'B';
  opensAt: string;
  closesAt: string;
}

/** The field rules' messages (English, as the API answers them; the console shows them translated). */
export const CONTEST_FIELD_MESSAGES = {
  instant: 'Give the time as an ISO 8601 instant',
  pickDate: 'Pick a date and time',
  prizeKind: 'The prize is merchandise or cash',
  prizeTitleEn: 'Give the prize a title in English',
  prizeTitleHi: 'Give the prize a title in Hindi',
  titleTooLong: `At most ${PRIZE_TITLE_MAX} characters`,
  rupeesValue: 'Give the value in rupees, e.g. 25000',
  rupeesPrice: 'Give the price in rupees (0 for free entry)',
  wholeNumber: 'Give a whole number',
  notNegative: 'Amounts cannot be negative',
  wholePaise: 'Amounts are whole paise',
  prizeValueTooHigh: 'The prize value can be at most ₹1,00,00,000',
  priceTooHigh: 'The ticket price can be at most ₹10,000',
  maxTicketsMin: 'Allow at least 1 ticket per person',
  maxTicketsMax: `At most ${MAX_TICKETS_PER_PERSON_MAX} tickets per person`,
  totalTicketsMin: 'Offer at least 1 ticket',
  totalTicketsMax: `At most ${TOTAL_TICKETS_MAX.toLocaleString('en-IN')} tickets`,
  maxOverTotal: 'Tickets per person cannot exceed the total tickets',
  streamTooLong: `At most ${STREAM_URL_MAX} characters`,
  reasonRequired: 'Give the reason players will read (at least 5 characters)',
  reasonTooLong: `At most ${CANCEL_REASON_MAX} characters`,
  sponsorName: 'Give the sponsor’s name (at most 80 characters), or remove the sponsor',
  sponsorUrlTooLong: 'At most 500 characters',
  tdsPayer: 'Choose who pays the TDS: the winner or the company',
} as const;

/**
 * The key of a message of this area (a field rule's or a refusal's), so the console can show it
 * in the reader's language; undefined for any other text, shown as it came.
 */
export function contestMessageKey(text: string): string | undefined {
  for (const [key, value] of Object.entries(CONTEST_FIELD_MESSAGES)) if (value === text) return `fields.${key}`;
  for (const [key, value] of Object.entries(CONTEST_ADMIN_MESSAGES)) if (value === text) return `refusals.${key}`;
  for (const [key, value] of Object.entries(SEALED_ANSWER_MESSAGES)) if (value === text) return `refusals.${key}`;
  return undefined;
}

export const CONTEST_ADMIN_ERROR_CODES = {
  windowOrder: 'CONTEST_WINDOW_ORDER',
  closedWindow: 'CONTEST_WINDOW_CLOSED',
  overlap: 'CONTEST_WINDOW_OVERLAP',
  windowHeld: 'CONTEST_WINDOW_HELD',
  pictureMissing: 'CONTEST_PICTURE_MISSING',
  prizePictureMissing: 'PRIZE_PICTURE_MISSING',
  notFound: 'CONTEST_NOT_FOUND',
  locked: 'CONTEST_LOCKED',
  judging: 'CONTEST_JUDGING_LOCKED',
  totalBelowTaken: 'TOTAL_BELOW_TAKEN',
  notEditable: 'CONTEST_NOT_EDITABLE',
  notCancellable: 'CONTEST_NOT_CANCELLABLE',
  sponsorLogoMissing: 'SPONSOR_LOGO_MISSING',
  notOpen: 'CONTEST_NOT_OPEN',
  notReopenable: 'CONTEST_NOT_REOPENABLE',
  reopenClose: 'REOPEN_CLOSE_INVALID',
} as const;

/** A stream link players open: https only, so the page never sends them to a plain or script address. */
export function isHttpsUrl(value: string): boolean {
  // Also the sponsor's link (domain/sponsor.ts): the same rule for every address players open.
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const SEALED_ANSWER_MESSAGES = {
  answerRequired: 'A contest decided by a sealed answer needs the true ball position (answerPoint) inside the picture.',
  answerLocked:
    'The sealed answer is published once the contest opens: who decides and the answer can no longer change.',
} as const;
export const SEALED_ANSWER_ERROR_CODES = {
  answerRequired: 'SEALED_ANSWER_REQUIRED',
  answerLocked: 'SEALED_ANSWER_LOCKED',
} as const;
