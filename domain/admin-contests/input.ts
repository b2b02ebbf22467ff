import { contestStateSchema } from '../contests.ts';
import { z } from 'zod';
import { SPONSOR_NAME_MAX, SPONSOR_URL_MAX, sponsorViewSchema } from '../sponsor.ts';
import { userReasonSchema } from '../admin-users.ts';
import {
  CANCEL_REASON_MAX,
  CONTEST_ADMIN_MESSAGES,
  CONTEST_FIELD_MESSAGES,
  isHttpsUrl,
  MAX_TICKETS_PER_PERSON_MAX,
  PRIZE_TITLE_MAX,
  PRIZE_VALUE_MAX_PAISE,
  STREAM_URL_MAX,
  TICKET_PRICE_MAX_PAISE,
  TOTAL_TICKETS_MAX,
} from './messages.ts';

// What the console and the API exchange: the create/edit body, the list, the cancellation, the defaults and the picture pickers.

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

/** Issue 26: a prize in kind's TDS (section 194B) is collected from the winner before dispatch, or borne by the company. */
export const tdsPayerSchema = z.enum(['winner', 'company'], { error: CONTEST_FIELD_MESSAGES.tdsPayer });
export type TdsPayer = z.infer<typeof tdsPayerSchema>;

/** Issue 26: who funds the prize; the link is https only, the logo a picture of kind 'sponsor'. */
export const sponsorInputSchema = z.object({
  name: z
    .string({ error: CONTEST_FIELD_MESSAGES.sponsorName })
    .trim()
    .min(1, CONTEST_FIELD_MESSAGES.sponsorName)
    .max(SPONSOR_NAME_MAX, CONTEST_FIELD_MESSAGES.sponsorName),
  url: z
    .string()
    .trim()
    .max(SPONSOR_URL_MAX, CONTEST_FIELD_MESSAGES.sponsorUrlTooLong)
    .refine(isHttpsUrl, CONTEST_ADMIN_MESSAGES.sponsorHttps)
    .nullable(),
  pictureId: z.string().trim().min(1).max(64).nullable(),
});
export type SponsorInput = z.infer<typeof sponsorInputSchema>;

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
    /** Issue 26: absent = none on create, unchanged on edit; null removes it. */
    sponsor: sponsorInputSchema.nullable().optional(),
    /** Issue 26: absent = 'winner' on create, unchanged on edit. Read for a prize in kind only. */
    prizeTdsPayer: tdsPayerSchema.optional(),
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

/** Issue 26: Close now takes a reason for the audit log (players are not told), as the console's other reasons. */
export const closeContestSchema = userReasonSchema;
export type CloseContest = z.infer<typeof closeContestSchema>;

/** Issue 26: Reopen takes a reason and the new close (an instant after now, no later than the show). */
export const reopenContestSchema = userReasonSchema.extend({
  closesAt: z.iso.datetime({ offset: true, error: CONTEST_FIELD_MESSAGES.instant }),
});
export type ReopenContest = z.infer<typeof reopenContestSchema>;

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
  /** Issue 26: the sponsor as stored (pictureId) and shown (logoUrl); null: none. */
  sponsor: sponsorViewSchema.extend({ pictureId: z.string().nullable() }).nullable().optional(),
  prizeTdsPayer: tdsPayerSchema.optional(),
  /** Close now is offered (the contest takes entries now). */
  closable: z.boolean().optional(),
  /** Reopen is offered: closed, not yet marked by a judge nor decided, not published or cancelled. */
  reopenable: z.boolean().optional(),
  /** The close a Close now replaced (Reopen offers it back while it is in the future); null otherwise. */
  closedEarlyFrom: z.string().nullable().optional(),
  /** The entry list is sealed: a Reopen withdraws the seal (kept in the audit log) and seals again at the new close. */
  sealed: z.boolean().optional(),
});
export type AdminContest = z.infer<typeof adminContestSchema>;

export const adminContestsPageSchema = z.object({
  items: z.array(adminContestSchema),
  nextCursor: z.string().nullable(),
});
export type AdminContestsPage = z.infer<typeof adminContestsPageSchema>;

/** What a new contest starts with: the schedule's next free window and the operator's defaults (Contest defaults). */
export const contestDefaultsSchema = z.object({
  pictureId: z.string().nullable().optional(),
  prizePictureId: z.string().nullable().optional(),
  prizeTdsPayer: tdsPayerSchema.optional(),
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
