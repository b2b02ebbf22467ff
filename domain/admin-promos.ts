/**
 * The console's promo codes (/api/v1/admin/promos): the form's rules, written once for the
 * screen and the server. Dates are typed and shown as IST wall-clock time ('2026-11-24T12:00').
 */
import { z } from 'zod';
import { IST_OFFSET_MS } from './schedule.ts';

export const PROMO_ADMIN_MESSAGES = {
  code: 'The code must be 3 to 20 letters or digits',
  kind: 'Choose percent or flat',
  percent: 'A percent discount must be more than 0 and at most 100, with at most 2 decimals',
  flat: 'A flat discount must be at least ₹1 and at most ₹1,00,000, with at most 2 decimals',
  cap: 'The cap must be empty or at least ₹1, with at most 2 decimals',
  capFlat: 'A cap only applies to a percent discount',
  date: 'Give a date and time (IST)',
  untilAfterFrom: 'The end must be after the start',
  count: 'Leave empty for no limit, or give a whole number from 1 to 10,00,000',
  perUserAboveTotal: 'The limit per person cannot be above the total limit',
  belowUses: 'The total limit cannot be below the {{uses}} uses already made',
  exists: 'This code already exists',
  notFound: 'This promo code does not exist',
} as const;

const IST_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** '2026-11-24T12:00' read as IST to epoch ms; undefined when it is no real date and time. */
export function istLocalToEpoch(text: string): number | undefined {
  const m = IST_LOCAL.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59)
    return undefined;
  return utc - IST_OFFSET_MS;
}

/** Epoch ms to the '2026-11-24T12:00' an IST datetime-local field holds. */
export function epochToIstLocal(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 16);
}

const blankToNull = (value: unknown) => (value === '' || value === undefined || value === null ? null : value);
const hundredths = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const istDateTime = z
  .string({ error: PROMO_ADMIN_MESSAGES.date })
  .refine((v) => istLocalToEpoch(v) !== undefined, PROMO_ADMIN_MESSAGES.date);
const count = z.preprocess(
  blankToNull,
  z.coerce
    .number({ error: PROMO_ADMIN_MESSAGES.count })
    .int(PROMO_ADMIN_MESSAGES.count)
    .min(1, PROMO_ADMIN_MESSAGES.count)
    .max(1_000_000, PROMO_ADMIN_MESSAGES.count)
    .nullable(),
);
const rupees = (message: string, max: number) =>
  z.coerce.number({ error: message }).min(1, message).max(max, message).refine(hundredths, message);

/** The limits and dates an admin may change after creating a code. */
const limitsShape = {
  /** Rupees; percent codes only; empty = no cap. */
  capRupees: z.preprocess(blankToNull, rupees(PROMO_ADMIN_MESSAGES.cap, 100_000).nullable()),
  validFrom: istDateTime,
  validUntil: istDateTime,
  maxUses: count,
  maxUsesPerUser: count,
};

function checkLimits(
  values: { validFrom: string; validUntil: string; maxUses: number | null; maxUsesPerUser: number | null },
  ctx: z.RefinementCtx,
) {
  const from = istLocalToEpoch(values.validFrom);
  const until = istLocalToEpoch(values.validUntil);
  if (from !== undefined && until !== undefined && until <= from)
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: PROMO_ADMIN_MESSAGES.untilAfterFrom });
  if (values.maxUses !== null && values.maxUsesPerUser !== null && values.maxUsesPerUser > values.maxUses) {
    ctx.addIssue({ code: 'custom', path: ['maxUsesPerUser'], message: PROMO_ADMIN_MESSAGES.perUserAboveTotal });
  }
}

export const promoCreateSchema = z
  .object({
    code: z
      .string({ error: PROMO_ADMIN_MESSAGES.code })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3,20}$/, PROMO_ADMIN_MESSAGES.code),
    kind: z.enum(['percent', 'flat'], { error: PROMO_ADMIN_MESSAGES.kind }),
    /** Percent (0.01 to 100) or rupees (1 to 1,00,000), by kind. */
    value: z.coerce.number({ error: PROMO_ADMIN_MESSAGES.percent }),
    ...limitsShape,
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'percent' && !(values.value > 0 && values.value <= 100 && hundredths(values.value)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: PROMO_ADMIN_MESSAGES.percent });
    if (values.kind === 'flat' && !(values.value >= 1 && values.value <= 100_000 && hundredths(values.value)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: PROMO_ADMIN_MESSAGES.flat });
    if (values.kind === 'flat' && values.capRupees !== null)
      ctx.addIssue({ code: 'custom', path: ['capRupees'], message: PROMO_ADMIN_MESSAGES.capFlat });
    checkLimits(values, ctx);
  });
export type PromoCreateInput = z.input<typeof promoCreateSchema>;
export type PromoCreate = z.output<typeof promoCreateSchema>;

export const promoUpdateSchema = z.object(limitsShape).superRefine(checkLimits);
export type PromoUpdateInput = z.input<typeof promoUpdateSchema>;
export type PromoUpdate = z.output<typeof promoUpdateSchema>;

export const promoListQuerySchema = z.object({
  status: z.enum(['active', 'inactive', '']).default(''),
  cursor: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const promoSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'flat']),
  basisPoints: z.number().int(),
  amountPaise: z.number().int(),
  capPaise: z.number().int().nullable(),
  validFrom: z.number(),
  validUntil: z.number(),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  isActive: z.boolean(),
  /** Redemptions so far (pending orders count; a failed payment gives its use back). */
  uses: z.number().int(),
  createdAt: z.number(),
});
export type AdminPromo = z.infer<typeof promoSchema>;

export const promoPageSchema = z.object({ promos: z.array(promoSchema), nextCursor: z.string().nullable() });
export type PromoPage = z.infer<typeof promoPageSchema>;
