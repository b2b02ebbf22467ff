/**
 * The console's Contests area (server/routes/admin/contests.routes.ts and
 * src/screens/admin/contests): the list with its figures, the create/edit body, the locks and
 * the cancellation. Money is integer paise on the wire; the form speaks rupees and IST
 * wall-clock times and turns them into this body with contestInputOfForm.
 */
import { z } from 'zod';
import { contestStateSchema } from './contests.ts';
import { istDate, istParts } from './schedule.ts';

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
  pictureMissing: 'Pick a contest picture from the contest photos.',
  prizePictureMissing: 'Pick a prize photo from the prize photos, or none.',
  notFound: 'This contest does not exist.',
  locked: 'Tickets have been sold for this contest: its price, picture and window can no longer change.',
  judging: 'Judging has started for this contest: its picture and window can no longer change.',
  totalBelowTaken: 'Total tickets cannot be fewer than the tickets already taken ({{taken}}).',
  notEditable: 'A cancelled or published contest can no longer be edited.',
  notCancellable: 'A published or already cancelled contest cannot be cancelled.',
  cancelled: 'The contest has been cancelled. Paid tickets are being refunded and players told.',
} as const;

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
} as const;

/**
 * The key of a message of this area (a field rule's or a refusal's), so the console can show it
 * in the reader's language; undefined for any other text, shown as it came.
 */
export function contestMessageKey(text: string): string | undefined {
  for (const [key, value] of Object.entries(CONTEST_FIELD_MESSAGES)) if (value === text) return `fields.${key}`;
  for (const [key, value] of Object.entries(CONTEST_ADMIN_MESSAGES)) if (value === text) return `refusals.${key}`;
  if (/^Total tickets cannot be fewer than the tickets already taken \(\d+\)\.$/.test(text))
    return 'refusals.totalBelowTaken';
  for (const [key, value] of Object.entries(SEALED_ANSWER_MESSAGES)) if (value === text) return `refusals.${key}`;
  return undefined;
}

export const CONTEST_ADMIN_ERROR_CODES = {
  windowOrder: 'CONTEST_WINDOW_ORDER',
  closedWindow: 'CONTEST_WINDOW_CLOSED',
  overlap: 'CONTEST_WINDOW_OVERLAP',
  pictureMissing: 'CONTEST_PICTURE_MISSING',
  prizePictureMissing: 'PRIZE_PICTURE_MISSING',
  notFound: 'CONTEST_NOT_FOUND',
  locked: 'CONTEST_LOCKED',
  judging: 'CONTEST_JUDGING_LOCKED',
  totalBelowTaken: 'TOTAL_BELOW_TAKEN',
  notEditable: 'CONTEST_NOT_EDITABLE',
  notCancellable: 'CONTEST_NOT_CANCELLABLE',
} as const;

/** A stream link players open: https only, so the page never sends them to a plain or script address. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

const instant = z.iso.datetime({ offset: true, error: CONTEST_FIELD_MESSAGES.instant });
const paise = (max: number, tooHigh: string) =>
  z
    .number({ error: CONTEST_FIELD_MESSAGES.wholePaise })
    .int(CONTEST_FIELD_MESSAGES.wholePaise)
    .min(0, CONTEST_FIELD_MESSAGES.notNegative)
    .max(max, tooHigh);

/** Issue 12: a contest is decided by its judges' marks, or by a sealed answer (the true ball position, committed to when it is set). */
export const decidedBySchema = z.enum(['judges', 'sealedAnswer']);
export type DecidedBy = z.infer<typeof decidedBySchema>;

export const SEALED_ANSWER_MESSAGES = {
  answerRequired: 'A contest decided by a sealed answer needs the true ball position (answerPoint) inside the picture.',
  answerLocked:
    'The sealed answer is published once the contest opens: who decides and the answer can no longer change.',
} as const;
export const SEALED_ANSWER_ERROR_CODES = {
  answerRequired: 'SEALED_ANSWER_REQUIRED',
  answerLocked: 'SEALED_ANSWER_LOCKED',
} as const;

export const contestInputSchema = z
  .object({
    opensAt: instant,
    closesAt: instant,
    showAt: instant,
    pictureId: z
      .string({ error: CONTEST_ADMIN_MESSAGES.pictureMissing })
      .trim()
      .min(1, CONTEST_ADMIN_MESSAGES.pictureMissing)
      .max(64),
    prizeKind: z.enum(['merchandise', 'cash'], { error: CONTEST_FIELD_MESSAGES.prizeKind }),
    prizeTitleEn: z
      .string()
      .trim()
      .min(1, CONTEST_FIELD_MESSAGES.prizeTitleEn)
      .max(PRIZE_TITLE_MAX, CONTEST_FIELD_MESSAGES.titleTooLong),
    prizeTitleHi: z
      .string()
      .trim()
      .min(1, CONTEST_FIELD_MESSAGES.prizeTitleHi)
      .max(PRIZE_TITLE_MAX, CONTEST_FIELD_MESSAGES.titleTooLong),
    prizeValuePaise: paise(PRIZE_VALUE_MAX_PAISE, CONTEST_FIELD_MESSAGES.prizeValueTooHigh),
    prizePictureId: z.string().trim().min(1).max(64).nullable(),
    ticketPricePaise: paise(TICKET_PRICE_MAX_PAISE, CONTEST_FIELD_MESSAGES.priceTooHigh),
    maxTickets: z
      .number({ error: CONTEST_FIELD_MESSAGES.wholeNumber })
      .int(CONTEST_FIELD_MESSAGES.wholeNumber)
      .min(1, CONTEST_FIELD_MESSAGES.maxTicketsMin)
      .max(MAX_TICKETS_PER_PERSON_MAX, CONTEST_FIELD_MESSAGES.maxTicketsMax),
    totalTickets: z
      .number({ error: CONTEST_FIELD_MESSAGES.wholeNumber })
      .int(CONTEST_FIELD_MESSAGES.wholeNumber)
      .min(1, CONTEST_FIELD_MESSAGES.totalTicketsMin)
      .max(TOTAL_TICKETS_MAX, CONTEST_FIELD_MESSAGES.totalTicketsMax),
    streamUrl: z
      .string()
      .trim()
      .max(STREAM_URL_MAX, CONTEST_FIELD_MESSAGES.streamTooLong)
      .refine(isHttpsUrl, CONTEST_ADMIN_MESSAGES.streamHttps)
      .nullable(),
    /** Issue 12: who decides the judged point; absent = 'judges' on create, unchanged on edit. */
    decidedBy: decidedBySchema.optional(),
    /** The true ball position (original-photo pixels), required with decidedBy 'sealedAnswer'; committed to at once, revealed at publication. */
    answerPoint: z
      .object({ x: z.number().int().min(0), y: z.number().int().min(0) })
      .nullable()
      .optional(),
  })
  .refine((c) => Date.parse(c.opensAt) < Date.parse(c.closesAt) && Date.parse(c.closesAt) <= Date.parse(c.showAt), {
    message: CONTEST_ADMIN_MESSAGES.windowOrder,
    path: ['closesAt'],
  })
  .refine((c) => c.maxTickets <= c.totalTickets, {
    message: CONTEST_FIELD_MESSAGES.maxOverTotal,
    path: ['maxTickets'],
  });
export type ContestInput = z.infer<typeof contestInputSchema>;

export const contestIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const cancelContestSchema = z.object({
  reason: z
    .string({ error: CONTEST_FIELD_MESSAGES.reasonRequired })
    .trim()
    .min(5, CONTEST_FIELD_MESSAGES.reasonRequired)
    .max(CANCEL_REASON_MAX, CONTEST_FIELD_MESSAGES.reasonTooLong),
});
export type CancelContest = z.infer<typeof cancelContestSchema>;

export const adminContestsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminContestsQuery = z.output<typeof adminContestsQuerySchema>;

export const lockedFieldSchema = z.enum(['price', 'picture', 'window']);
export type LockedField = z.infer<typeof lockedFieldSchema>;

export const adminContestSchema = z.object({
  id: z.string(),
  windowKey: z.string(),
  slot: z.enum(['A', 'B']),
  state: contestStateSchema,
  opensAt: z.string(),
  closesAt: z.string(),
  showAt: z.string(),
  pictureId: z.string(),
  /** The small display copy, for the list and the picker; null when its files are missing. */
  pictureUrl: z.string().nullable(),
  prizeKind: z.enum(['merchandise', 'cash']),
  prizeTitleEn: z.string(),
  prizeTitleHi: z.string(),
  prizeValuePaise: z.number().int(),
  prizePictureId: z.string().nullable(),
  prizePictureUrl: z.string().nullable(),
  ticketPricePaise: z.number().int(),
  maxTickets: z.number().int(),
  totalTickets: z.number().int(),
  streamUrl: z.string().nullable(),
  /** Confirmed tickets. */
  ticketsSold: z.number().int(),
  /** Reserved plus confirmed: the floor of totalTickets. */
  ticketsTaken: z.number().int(),
  /** Sum of the successful payments. */
  revenuePaise: z.number().int(),
  /** Of those, what has gone back through the gateway. */
  refundedPaise: z.number().int(),
  /** Distinct players with a confirmed ticket. */
  entrants: z.number().int(),
  /** What can no longer change, and why (null when nothing is locked). */
  lockedFields: z.array(lockedFieldSchema),
  lockReason: z.string().nullable(),
  editable: z.boolean(),
  cancellable: z.boolean(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Issue 12 (always sent by the server): who decides, and the sealed answer's commitment (the answer itself stays server-side until publication). */
  decidedBy: decidedBySchema.optional(),
  commitment: z.object({ hash: z.string(), committedAt: z.string() }).nullable().optional(),
});
export type AdminContest = z.infer<typeof adminContestSchema>;

export const adminContestsPageSchema = z.object({
  items: z.array(adminContestSchema),
  nextCursor: z.string().nullable(),
});
export type AdminContestsPage = z.infer<typeof adminContestsPageSchema>;

/**
 * The ticket counters check (POST /admin/contests/counters/check): each contest whose tickets can
 * still change (not published, not cancelled), its counters against its tickets. The counters are
 * what every page and purchase reads; the tickets are the truth they are kept from.
 */
export const contestCountersSchema = z.object({
  contestId: z.string(),
  windowKey: z.string(),
  slot: z.enum(['A', 'B']),
  state: contestStateSchema,
  opensAt: z.string(),
  closesAt: z.string(),
  /** The counter: reserved plus confirmed tickets, as the site reads it. */
  takenCounter: z.number().int(),
  /** Reserved plus confirmed tickets, counted. */
  takenActual: z.number().int(),
  /** Players holding live tickets. */
  players: z.number().int(),
  /** Players whose held counter differs from their live tickets. */
  playersMismatched: z.number().int(),
  ok: z.boolean(),
});
export type ContestCounters = z.infer<typeof contestCountersSchema>;
export const countersCheckSchema = z.object({ checkedAt: z.string(), contests: z.array(contestCountersSchema) });
export type CountersCheck = z.infer<typeof countersCheckSchema>;
/** A repair: the contest's counters before the recount and after it. */
export const countersRepairSchema = z.object({ before: contestCountersSchema, after: contestCountersSchema });
export type CountersRepair = z.infer<typeof countersRepairSchema>;

/** What a new contest starts with: the schedule's next free window and the configured defaults. */
export const contestDefaultsSchema = z.object({
  slot: z.enum(['A', 'B']),
  opensAt: z.string(),
  closesAt: z.string(),
  showAt: z.string(),
  prizeKind: z.enum(['merchandise', 'cash']),
  prizeTitleEn: z.string(),
  prizeTitleHi: z.string(),
  prizeValuePaise: z.number().int(),
  ticketPricePaise: z.number().int(),
  maxTickets: z.number().int(),
  totalTickets: z.number().int(),
});
export type ContestDefaultsAnswer = z.infer<typeof contestDefaultsSchema>;

// --- the form: IST wall-clock times (datetime-local) and rupees ---

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as the 'YYYY-MM-DDTHH:mm' an <input type="datetime-local"> shows, in IST. */
export function istInputOf(iso: string): string {
  const p = istParts(new Date(iso));
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const IST_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DDTHH:mm' read as IST, or null when it is not a real date and time. */
export function instantOfIstInput(value: string): Date | null {
  const m = IST_INPUT.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => Number(s ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = istDate(year, month, day, hour, minute, second);
  const back = istParts(at);
  if (back.year !== year || back.month !== month || back.day !== day || back.hour !== hour || back.minute !== minute)
    return null;
  return at;
}

/**
 * The close minute as typed means "through the end of that minute" (23:59 takes entries up to
 * 23:59:59.999), like the schedule's windows.
 */
function closeInstant(value: string): Date | null {
  const at = instantOfIstInput(value);
  return at ? new Date(at.getTime() + 59_999) : null;
}

/** The input shows the minute a window closes in; the schedule's close is its last millisecond. */
export function istCloseInputOf(iso: string): string {
  return istInputOf(iso);
}

const RUPEES = /^\d{1,9}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,8}$/;
const rupeesToPaise = (value: string) => Math.round(Number(value.trim()) * 100);

/** A pixel of the original photo, or empty. */
const ANSWER_COORDINATE = /^\d{0,6}$/;

const dateField = z.string().refine((v) => instantOfIstInput(v) !== null, CONTEST_FIELD_MESSAGES.pickDate);

export const contestFormSchema = z
  .object({
    opensAt: dateField,
    closesAt: dateField,
    showAt: dateField,
    pictureId: z.string().min(1, CONTEST_ADMIN_MESSAGES.pictureMissing),
    prizeKind: z.enum(['merchandise', 'cash']),
    prizeTitleEn: contestInputSchema.shape.prizeTitleEn,
    prizeTitleHi: contestInputSchema.shape.prizeTitleHi,
    prizeValueRupees: z.string().trim().regex(RUPEES, CONTEST_FIELD_MESSAGES.rupeesValue),
    prizePictureId: z.string(),
    ticketPriceRupees: z.string().trim().regex(RUPEES, CONTEST_FIELD_MESSAGES.rupeesPrice),
    maxTickets: z.string().trim().regex(WHOLE, CONTEST_FIELD_MESSAGES.wholeNumber),
    totalTickets: z.string().trim().regex(WHOLE, CONTEST_FIELD_MESSAGES.wholeNumber),
    streamUrl: z
      .string()
      .trim()
      .max(STREAM_URL_MAX, CONTEST_FIELD_MESSAGES.streamTooLong)
      .refine((v) => v === '' || isHttpsUrl(v), CONTEST_ADMIN_MESSAGES.streamHttps),
    /** Issue 12: the judges' mean, or a sealed answer typed as X and Y (empty keeps the one on file). */
    decidedBy: decidedBySchema,
    answerX: z.string().trim().regex(ANSWER_COORDINATE, CONTEST_FIELD_MESSAGES.wholeNumber),
    answerY: z.string().trim().regex(ANSWER_COORDINATE, CONTEST_FIELD_MESSAGES.wholeNumber),
  })
  .superRefine((form, ctx) => {
    if (form.decidedBy === 'sealedAnswer' && (form.answerX.trim() === '') !== (form.answerY.trim() === '')) {
      ctx.addIssue({
        code: 'custom',
        message: SEALED_ANSWER_MESSAGES.answerRequired,
        path: [form.answerX.trim() === '' ? 'answerX' : 'answerY'],
      });
    }
    const input = contestInputOfForm(form);
    const parsed = contestInputSchema.safeParse(input);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'closesAt');
      const path =
        key === 'prizeValuePaise' ? 'prizeValueRupees' : key === 'ticketPricePaise' ? 'ticketPriceRupees' : key;
      if (path in form) ctx.addIssue({ code: 'custom', message: issue.message, path: [path] });
    }
  });
export type ContestForm = z.infer<typeof contestFormSchema>;

/** The form's values as the API body (times read as IST, rupees to paise). */
export function contestInputOfForm(form: ContestForm): ContestInput {
  const iso = (d: Date | null) => (d ? d.toISOString() : '');
  return {
    opensAt: iso(instantOfIstInput(form.opensAt)),
    closesAt: iso(closeInstant(form.closesAt)),
    showAt: iso(instantOfIstInput(form.showAt)),
    pictureId: form.pictureId,
    prizeKind: form.prizeKind,
    prizeTitleEn: form.prizeTitleEn.trim(),
    prizeTitleHi: form.prizeTitleHi.trim(),
    prizeValuePaise: rupeesToPaise(form.prizeValueRupees),
    prizePictureId: form.prizePictureId === '' ? null : form.prizePictureId,
    ticketPricePaise: rupeesToPaise(form.ticketPriceRupees),
    maxTickets: Number(form.maxTickets.trim()),
    totalTickets: Number(form.totalTickets.trim()),
    streamUrl: form.streamUrl.trim() === '' ? null : form.streamUrl.trim(),
    decidedBy: form.decidedBy,
    // Typed: a new answer (sealed anew on save). Empty: the answer on file stays, or the server asks for one.
    ...(form.decidedBy === 'sealedAnswer' && form.answerX.trim() !== '' && form.answerY.trim() !== ''
      ? { answerPoint: { x: Number(form.answerX.trim()), y: Number(form.answerY.trim()) } }
      : {}),
  };
}

const rupeesOf = (p: number) => (p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2));

/** A contest (or the defaults) as form values. */
export function contestFormOf(
  c: Omit<ContestDefaultsAnswer, 'slot'> & {
    pictureId?: string;
    prizePictureId?: string | null;
    streamUrl?: string | null;
    decidedBy?: DecidedBy;
  },
): ContestForm {
  return {
    opensAt: istInputOf(c.opensAt),
    closesAt: istCloseInputOf(c.closesAt),
    showAt: istInputOf(c.showAt),
    pictureId: c.pictureId ?? '',
    prizeKind: c.prizeKind,
    prizeTitleEn: c.prizeTitleEn,
    prizeTitleHi: c.prizeTitleHi,
    prizeValueRupees: rupeesOf(c.prizeValuePaise),
    prizePictureId: c.prizePictureId ?? '',
    ticketPriceRupees: rupeesOf(c.ticketPricePaise),
    maxTickets: String(c.maxTickets),
    totalTickets: String(c.totalTickets),
    streamUrl: c.streamUrl ?? '',
    decidedBy: c.decidedBy ?? 'judges',
    // The answer itself never leaves the server before publication: the form starts empty.
    answerX: '',
    answerY: '',
  };
}

/** GET /api/v1/admin/pictures?kind=... (the photos area): what the pickers read. */
export const adminPictureSchema = z.object({
  id: z.string(),
  kind: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  mime: z.string(),
  createdAt: z.string(),
  smallUrl: z.string().nullable(),
  largeUrl: z.string().nullable(),
  usedBy: z.unknown(),
});
export type AdminPicture = z.infer<typeof adminPictureSchema>;
