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

const instant = z.iso.datetime({ offset: true, error: 'Give the time as an ISO 8601 instant' });
const paise = (max: number, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of paise`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is too high`);

export const contestInputSchema = z
  .object({
    opensAt: instant,
    closesAt: instant,
    showAt: instant,
    pictureId: z.string({ error: CONTEST_ADMIN_MESSAGES.pictureMissing }).trim().min(1, CONTEST_ADMIN_MESSAGES.pictureMissing).max(64),
    prizeKind: z.enum(['merchandise', 'cash'], { error: 'The prize is merchandise or cash' }),
    prizeTitleEn: z.string().trim().min(1, 'Give the prize a title in English').max(PRIZE_TITLE_MAX, `At most ${PRIZE_TITLE_MAX} characters`),
    prizeTitleHi: z.string().trim().min(1, 'Give the prize a title in Hindi').max(PRIZE_TITLE_MAX, `At most ${PRIZE_TITLE_MAX} characters`),
    prizeValuePaise: paise(PRIZE_VALUE_MAX_PAISE, 'The prize value'),
    prizePictureId: z.string().trim().min(1).max(64).nullable(),
    ticketPricePaise: paise(TICKET_PRICE_MAX_PAISE, 'The ticket price'),
    maxTickets: z.number().int('Tickets per person must be a whole number').min(1, 'Allow at least 1 ticket per person').max(MAX_TICKETS_PER_PERSON_MAX, `At most ${MAX_TICKETS_PER_PERSON_MAX} tickets per person`),
    totalTickets: z.number().int('Total tickets must be a whole number').min(1, 'Offer at least 1 ticket').max(TOTAL_TICKETS_MAX, `At most ${TOTAL_TICKETS_MAX} tickets`),
    streamUrl: z.string().trim().max(STREAM_URL_MAX).refine(isHttpsUrl, CONTEST_ADMIN_MESSAGES.streamHttps).nullable(),
  })
  .refine((c) => Date.parse(c.opensAt) < Date.parse(c.closesAt) && Date.parse(c.closesAt) <= Date.parse(c.showAt), { message: CONTEST_ADMIN_MESSAGES.windowOrder, path: ['closesAt'] })
  .refine((c) => c.maxTickets <= c.totalTickets, { message: 'Tickets per person cannot exceed the total tickets', path: ['maxTickets'] });
export type ContestInput = z.infer<typeof contestInputSchema>;

export const contestIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const cancelContestSchema = z.object({
  reason: z.string({ error: 'Give the reason players will read' }).trim().min(5, 'Give the reason players will read (at least 5 characters)').max(CANCEL_REASON_MAX, `At most ${CANCEL_REASON_MAX} characters`),
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
});
export type AdminContest = z.infer<typeof adminContestSchema>;

export const adminContestsPageSchema = z.object({ items: z.array(adminContestSchema), nextCursor: z.string().nullable() });
export type AdminContestsPage = z.infer<typeof adminContestsPageSchema>;

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
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => Number(s ?? 0)) as [number, number, number, number, number, number];
  const at = istDate(year, month, day, hour, minute, second);
  const back = istParts(at);
  if (back.year !== year || back.month !== month || back.day !== day || back.hour !== hour || back.minute !== minute) return null;
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

const dateField = z.string().refine((v) => instantOfIstInput(v) !== null, 'Pick a date and time');

export const contestFormSchema = z
  .object({
    opensAt: dateField,
    closesAt: dateField,
    showAt: dateField,
    pictureId: z.string().min(1, CONTEST_ADMIN_MESSAGES.pictureMissing),
    prizeKind: z.enum(['merchandise', 'cash']),
    prizeTitleEn: contestInputSchema.shape.prizeTitleEn,
    prizeTitleHi: contestInputSchema.shape.prizeTitleHi,
    prizeValueRupees: z.string().trim().regex(RUPEES, 'Give the value in rupees, e.g. 25000'),
    prizePictureId: z.string(),
    ticketPriceRupees: z.string().trim().regex(RUPEES, 'Give the price in rupees (0 for free entry)'),
    maxTickets: z.string().trim().regex(WHOLE, 'Give a whole number'),
    totalTickets: z.string().trim().regex(WHOLE, 'Give a whole number'),
    streamUrl: z.string().trim().max(STREAM_URL_MAX).refine((v) => v === '' || isHttpsUrl(v), CONTEST_ADMIN_MESSAGES.streamHttps),
  })
  .superRefine((form, ctx) => {
    const input = contestInputOfForm(form);
    const parsed = contestInputSchema.safeParse(input);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'closesAt');
      const path = key === 'prizeValuePaise' ? 'prizeValueRupees' : key === 'ticketPricePaise' ? 'ticketPriceRupees' : key;
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
  };
}

const rupeesOf = (p: number) => (p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2));

/** A contest (or the defaults) as form values. */
export function contestFormOf(c: Omit<ContestDefaultsAnswer, 'slot'> & { pictureId?: string; prizePictureId?: string | null; streamUrl?: string | null }): ContestForm {
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
