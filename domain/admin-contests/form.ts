import { istDate, istParts } from '../schedule.ts';
import { z } from 'zod';
import {
  type ContestDefaultsAnswer,
  type ContestInput,
  contestInputSchema,
  type DecidedBy,
  decidedBySchema,
  type TdsPayer,
  tdsPayerSchema,
} from './input.ts';
import type { SponsorView } from '../sponsor.ts';
import {
  CONTEST_ADMIN_MESSAGES,
  CONTEST_FIELD_MESSAGES,
  isHttpsUrl,
  SEALED_ANSWER_MESSAGES,
  STREAM_URL_MAX,
} from './messages.ts';

// The form: IST wall-clock times (datetime-local) and rupees, to and from the API body.

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
    /** Issue 26: who pays the TDS of a prize in kind. */
    prizeTdsPayer: tdsPayerSchema,
    /** Issue 26: the sponsor; all three empty: none. */
    sponsorName: z.string(),
    sponsorUrl: z.string(),
    sponsorPictureId: z.string(),
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
      const sponsorField = key === 'sponsor' ? SPONSOR_FIELDS[String(issue.path[1])] : undefined;
      const path =
        sponsorField ??
        (key === 'prizeValuePaise' ? 'prizeValueRupees' : key === 'ticketPricePaise' ? 'ticketPriceRupees' : key);
      if (path in form) ctx.addIssue({ code: 'custom', message: issue.message, path: [path] });
    }
  });
export type ContestForm = z.infer<typeof contestFormSchema>;

const SPONSOR_FIELDS: Record<string, string> = {
  name: 'sponsorName',
  url: 'sponsorUrl',
  pictureId: 'sponsorPictureId',
};

/** The form's sponsor fields as the body's sponsor: null when all are empty. */
function sponsorOfForm(form: Pick<ContestForm, 'sponsorName' | 'sponsorUrl' | 'sponsorPictureId'>) {
  const name = form.sponsorName.trim();
  const url = form.sponsorUrl.trim();
  if (name === '' && url === '' && form.sponsorPictureId === '') return null;
  return { name, url: url === '' ? null : url, pictureId: form.sponsorPictureId === '' ? null : form.sponsorPictureId };
}

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
    sponsor: sponsorOfForm(form),
    prizeTdsPayer: form.prizeTdsPayer,
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
  c: Omit<ContestDefaultsAnswer, 'slot' | 'pictureId'> & {
    pictureId?: string | null;
    prizePictureId?: string | null;
    streamUrl?: string | null;
    decidedBy?: DecidedBy;
    prizeTdsPayer?: TdsPayer;
    sponsor?: (SponsorView & { pictureId: string | null }) | null;
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
    prizeTdsPayer: c.prizeTdsPayer ?? 'winner',
    sponsorName: c.sponsor?.name ?? '',
    sponsorUrl: c.sponsor?.url ?? '',
    sponsorPictureId: c.sponsor?.pictureId ?? '',
  };
}
