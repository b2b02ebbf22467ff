import { z } from 'zod';
import { contestInputSchema, tdsPayerSchema } from './input.ts';
import { CONTEST_ADMIN_MESSAGES, CONTEST_FIELD_MESSAGES } from './messages.ts';

/**
 * Issue 26, the console's Contest defaults page: what the scheduler's contests (and the console's
 * new-contest form) start with. Set in the console (settings key 'contest_defaults', audited);
 * until then the environment's CONTEST_* values are the defaults.
 */
export const CONTEST_DEFAULTS_KEY = 'contest_defaults';

const base = contestInputSchema.shape;

export const contestDefaultsSettingsSchema = z
  .object({
    /** The contest picture; null: the seeded demo picture. */
    pictureId: z.string().trim().min(1).max(64).nullable(),
    prizeKind: base.prizeKind,
    prizeTitleEn: base.prizeTitleEn,
    prizeTitleHi: base.prizeTitleHi,
    prizeValuePaise: base.prizeValuePaise,
    prizePictureId: base.prizePictureId,
    prizeTdsPayer: tdsPayerSchema,
    ticketPricePaise: base.ticketPricePaise,
    maxTickets: base.maxTickets,
    totalTickets: base.totalTickets,
  })
  .refine((d) => d.maxTickets <= d.totalTickets, {
    message: CONTEST_FIELD_MESSAGES.maxOverTotal,
    path: ['maxTickets'],
  });
export type ContestDefaultsSettings = z.infer<typeof contestDefaultsSettingsSchema>;

/** What the page reads: the defaults in force, where they come from and the pictures' small copies. */
export const contestDefaultsPageSchema = z.object({
  values: contestDefaultsSettingsSchema,
  /** 'console': set on this page; 'environment': the CONTEST_* variables (nothing set here yet). */
  source: z.enum(['console', 'environment']),
  pictureUrl: z.string().nullable(),
  prizePictureUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ContestDefaultsPage = z.infer<typeof contestDefaultsPageSchema>;

const RUPEES = /^\d{1,9}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,8}$/;

/** The page's form: rupees and whole numbers as typed. */
export const contestDefaultsFormSchema = z
  .object({
    pictureId: z.string(),
    prizeKind: z.enum(['merchandise', 'cash']),
    prizeTitleEn: base.prizeTitleEn,
    prizeTitleHi: base.prizeTitleHi,
    prizeValueRupees: z.string().trim().regex(RUPEES, CONTEST_FIELD_MESSAGES.rupeesValue),
    prizePictureId: z.string(),
    prizeTdsPayer: tdsPayerSchema,
    ticketPriceRupees: z.string().trim().regex(RUPEES, CONTEST_FIELD_MESSAGES.rupeesPrice),
    maxTickets: z.string().trim().regex(WHOLE, CONTEST_FIELD_MESSAGES.wholeNumber),
    totalTickets: z.string().trim().regex(WHOLE, CONTEST_FIELD_MESSAGES.wholeNumber),
  })
  .superRefine((form, ctx) => {
    const parsed = contestDefaultsSettingsSchema.safeParse(contestDefaultsOfForm(form));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'maxTickets');
      const path =
        key === 'prizeValuePaise' ? 'prizeValueRupees' : key === 'ticketPricePaise' ? 'ticketPriceRupees' : key;
      if (path in form) ctx.addIssue({ code: 'custom', message: issue.message, path: [path] });
    }
  });
export type ContestDefaultsForm = z.infer<typeof contestDefaultsFormSchema>;

const toPaise = (rupees: string) => Math.round(Number(rupees.trim()) * 100);
const rupeesOf = (p: number) => (p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2));

export function contestDefaultsOfForm(form: ContestDefaultsForm): ContestDefaultsSettings {
  return {
    pictureId: form.pictureId === '' ? null : form.pictureId,
    prizeKind: form.prizeKind,
    prizeTitleEn: form.prizeTitleEn.trim(),
    prizeTitleHi: form.prizeTitleHi.trim(),
    prizeValuePaise: toPaise(form.prizeValueRupees),
    prizePictureId: form.prizePictureId === '' ? null : form.prizePictureId,
    prizeTdsPayer: form.prizeTdsPayer,
    ticketPricePaise: toPaise(form.ticketPriceRupees),
    maxTickets: Number(form.maxTickets.trim()),
    totalTickets: Number(form.totalTickets.trim()),
  };
}

export function contestDefaultsFormOf(values: ContestDefaultsSettings): ContestDefaultsForm {
  return {
    pictureId: values.pictureId ?? '',
    prizeKind: values.prizeKind,
    prizeTitleEn: values.prizeTitleEn,
    prizeTitleHi: values.prizeTitleHi,
    prizeValueRupees: rupeesOf(values.prizeValuePaise),
    prizePictureId: values.prizePictureId ?? '',
    prizeTdsPayer: values.prizeTdsPayer,
    ticketPriceRupees: rupeesOf(values.ticketPricePaise),
    maxTickets: String(values.maxTickets),
    totalTickets: String(values.totalTickets),
  };
}

/** The messages this page's refusals use (the pictures' kinds), for the console's translation by text. */
export const CONTEST_DEFAULTS_MESSAGES = {
  saved: 'The contest defaults have been saved. The next contests the schedule makes take them.',
  reset: 'The contest defaults are back to the environment’s values.',
  pictureMissing: CONTEST_ADMIN_MESSAGES.pictureMissing,
} as const;
