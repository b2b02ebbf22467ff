import type { Kysely } from 'kysely';
import { CONTEST_ERROR_CODES, CONTEST_ERROR_MESSAGES } from '../../../domain/contests.ts';
import type { Promo } from '../../../domain/money.ts';
import { PROMO_ERROR_CODES, PROMO_ERROR_MESSAGES } from '../../../domain/payments.ts';
import { promoCodeSchema } from '../../../domain/validation.ts';
import { VALIDATION_MESSAGES } from '../../../domain/form-rules.ts';
import type { Database, PromoCodesTable } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { findContest } from '../contests/contest.service.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const invalidPromo = () => new AppError(400, PROMO_ERROR_CODES.invalidPromo, PROMO_ERROR_MESSAGES.invalidPromo);
export const promoFailed = () => new AppError(500, PROMO_ERROR_CODES.promoFailed, PROMO_ERROR_MESSAGES.promoFailed);

/** 'diwali50 ' -> 'DIWALI50'; an empty code is refused with the spec's words. */
export function normalisePromoCode(code: string): string {
  const parsed = promoCodeSchema.safeParse({ code });
  if (!parsed.success) throw new AppError(400, 'PROMO_REQUIRED', VALIDATION_MESSAGES.promoCodeRequired);
  return parsed.data.code;
}

/**
 * The code if this person may use it now: it exists, is active, is within its dates and has
 * uses left overall and for this person. Redemptions are written with the payment order and
 * removed when it fails, so pending orders count against the limits.
 */
export async function usablePromo(db: Db, code: string, userId: string, now: number): Promise<PromoCodesTable> {
  const promo = await db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!promo || promo.is_active !== 1 || now < promo.valid_from || now > promo.valid_until) throw invalidPromo();
  if (promo.max_uses !== null) {
    const used = await db
      .selectFrom('promo_redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('promo_code', '=', code)
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= promo.max_uses) throw invalidPromo();
  }
  if (promo.max_uses_per_user !== null) {
    const mine = await db
      .selectFrom('promo_redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('promo_code', '=', code)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(mine.n) >= promo.max_uses_per_user) throw invalidPromo();
  }
  return promo;
}

/** Keeps the code with this person's cart for the contest; the bill then shows 'Promo Applied'. */
export async function applyPromo(
  db: Kysely<Database>,
  userId: string,
  contestId: string,
  rawCode: string,
  now: number,
): Promise<void> {
  const code = normalisePromoCode(rawCode);
  try {
    const contest = await findContest(db, contestId);
    if (!contest) throw new AppError(404, CONTEST_ERROR_CODES.contestNotFound, CONTEST_ERROR_MESSAGES.contestNotFound);
    const applied = await db
      .selectFrom('cart_promos')
      .select('promo_code')
      .where('user_id', '=', userId)
      .where('contest_id', '=', contestId)
      .executeTakeFirst();
    if (applied)
      throw new AppError(400, PROMO_ERROR_CODES.promoAlreadyApplied, PROMO_ERROR_MESSAGES.promoAlreadyApplied);
    await usablePromo(db, code, userId, now);
    await db
      .insertInto('cart_promos')
      .values({ user_id: userId, contest_id: contestId, promo_code: code, created_at: now })
      .execute();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Two tabs applying at once: the primary key said no.
    if (isUniqueViolation(error)) {
      throw new AppError(400, PROMO_ERROR_CODES.promoAlreadyApplied, PROMO_ERROR_MESSAGES.promoAlreadyApplied);
    }
    throw Object.assign(promoFailed(), { cause: error });
  }
}

export async function removePromo(db: Kysely<Database>, userId: string, contestId: string): Promise<void> {
  const result = await db
    .deleteFrom('cart_promos')
    .where('user_id', '=', userId)
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new AppError(400, PROMO_ERROR_CODES.promoNotApplied, PROMO_ERROR_MESSAGES.promoNotApplied);
}

export async function appliedPromoCode(db: Db, userId: string, contestId: string): Promise<string | null> {
  const row = await db
    .selectFrom('cart_promos')
    .select('promo_code')
    .where('user_id', '=', userId)
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  return row?.promo_code ?? null;
}

export interface NewPromo {
  code: string;
  promo: Promo;
  validFrom: number;
  validUntil: number;
  maxUses?: number | null;
  maxUsesPerUser?: number | null;
  isActive?: boolean;
}

/** For the admin console (later), the demo code and tests. */
export async function createPromoCode(db: Kysely<Database>, input: NewPromo, now: number): Promise<void> {
  const p = input.promo;
  await db
    .insertInto('promo_codes')
    .values({
      code: normalisePromoCode(input.code),
      kind: p.kind,
      basis_points: p.kind === 'percent' ? p.basisPoints : 0,
      amount_paise: p.kind === 'flat' ? p.amountPaise : 0,
      cap_paise: p.kind === 'percent' ? (p.capPaise ?? null) : null,
      valid_from: input.validFrom,
      valid_until: input.validUntil,
      max_uses: input.maxUses ?? null,
      max_uses_per_user: input.maxUsesPerUser ?? null,
      is_active: input.isActive === false ? 0 : 1,
      created_at: now,
    })
    .execute();
}

export const DEMO_PROMO_CODE = 'WELCOME10';

/** WELCOME10 (10% off, at most Rs 50, once per person, for a year) on a fresh install, never in production. */
export async function seedDemoPromo(db: Kysely<Database>, isProduction: boolean, now: number): Promise<boolean> {
  if (isProduction) return false;
  const exists = await db
    .selectFrom('promo_codes')
    .select('code')
    .where('code', '=', DEMO_PROMO_CODE)
    .executeTakeFirst();
  if (exists) return false;
  try {
    await createPromoCode(
      db,
      {
        code: DEMO_PROMO_CODE,
        promo: { kind: 'percent', basisPoints: 1000, capPaise: 5000 },
        validFrom: now,
        validUntil: now + 365 * 86_400_000,
        maxUsesPerUser: 1,
      },
      now,
    );
    return true;
  } catch {
    return false; // another instance made it first
  }
}
