import type { Kysely, Selectable } from 'kysely';
import {
  type AdminPromo,
  istLocalToEpoch,
  PROMO_ADMIN_MESSAGES,
  type PromoCreate,
  type PromoPage,
  type PromoUpdate,
} from '../../../domain/admin-promos.ts';
import type { Database, PromoCodesTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { uniqueTransaction } from '../../db/errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';

type Row = Selectable<PromoCodesTable> & { uses: number | string | bigint | null };

const notFound = () => new AppError(404, 'PROMO_NOT_FOUND', PROMO_ADMIN_MESSAGES.notFound);
const promoExists = () =>
  new AppError(409, 'PROMO_EXISTS', PROMO_ADMIN_MESSAGES.exists, { code: PROMO_ADMIN_MESSAGES.exists });
const paise = (rupees: number) => Math.round(rupees * 100);
const epoch = (text: string) => istLocalToEpoch(text)!;

function withUses(db: Kysely<Database>) {
  return db
    .selectFrom('promo_codes')
    .selectAll('promo_codes')
    .select((eb) =>
      eb
        .selectFrom('promo_redemptions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('promo_redemptions.promo_code', '=', 'promo_codes.code')
        .as('uses'),
    );
}

function toPromo(row: Row): AdminPromo {
  return {
    code: row.code,
    kind: row.kind,
    basisPoints: Number(row.basis_points),
    amountPaise: Number(row.amount_paise),
    capPaise: row.cap_paise === null ? null : Number(row.cap_paise),
    validFrom: Number(row.valid_from),
    validUntil: Number(row.valid_until),
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    maxUsesPerUser: row.max_uses_per_user === null ? null : Number(row.max_uses_per_user),
    isActive: Number(row.is_active) === 1,
    uses: Number(row.uses ?? 0),
    createdAt: Number(row.created_at),
  };
}

/** The fields an operator reads in the audit log's before/after. */
function auditView(p: AdminPromo) {
  return {
    kind: p.kind,
    discount: p.kind === 'percent' ? `${p.basisPoints / 100}%` : `₹${p.amountPaise / 100}`,
    capPaise: p.capPaise,
    validFrom: new Date(p.validFrom).toISOString(),
    validUntil: new Date(p.validUntil).toISOString(),
    maxUses: p.maxUses,
    maxUsesPerUser: p.maxUsesPerUser,
    isActive: p.isActive,
  };
}

/** Newest first, a page at a time (the cursor is the offset of the next page). */
export async function listPromos(
  db: Kysely<Database>,
  query: { status: 'active' | 'inactive' | ''; cursor?: string | undefined; limit: number },
): Promise<PromoPage> {
  const offset = query.cursor ? Number(query.cursor) : 0;
  let q = withUses(db);
  if (query.status === 'active') q = q.where('promo_codes.is_active', '=', 1);
  if (query.status === 'inactive') q = q.where('promo_codes.is_active', '=', 0);
  const rows = await q
    .orderBy('promo_codes.created_at', 'desc')
    .orderBy('promo_codes.code')
    .limit(query.limit + 1)
    .offset(offset)
    .execute();
  return {
    promos: rows.slice(0, query.limit).map(toPromo),
    nextCursor: rows.length > query.limit ? String(offset + query.limit) : null,
  };
}

export async function getPromo(db: Kysely<Database>, code: string): Promise<AdminPromo> {
  const row = await withUses(db).where('promo_codes.code', '=', code.toUpperCase()).executeTakeFirst();
  if (!row) throw notFound();
  return toPromo(row);
}

export async function createPromo(
  db: Kysely<Database>,
  actor: AuditActor,
  input: PromoCreate,
  now: number,
): Promise<AdminPromo> {
  return uniqueTransaction(db, promoExists, async (trx) => {
    const existing = await trx
      .selectFrom('promo_codes')
      .select('code')
      .where('code', '=', input.code)
      .executeTakeFirst();
    if (existing) throw promoExists();
    await trx
      .insertInto('promo_codes')
      .values({
        code: input.code,
        kind: input.kind,
        basis_points: input.kind === 'percent' ? Math.round(input.value * 100) : 0,
        amount_paise: input.kind === 'flat' ? paise(input.value) : 0,
        cap_paise: input.kind === 'percent' && input.capRupees !== null ? paise(input.capRupees) : null,
        valid_from: epoch(input.validFrom),
        valid_until: epoch(input.validUntil),
        max_uses: input.maxUses,
        max_uses_per_user: input.maxUsesPerUser,
        is_active: 1,
        created_at: now,
      })
      .execute();
    const promo = await getPromo(trx, input.code);
    await recordAudit(trx, actor, {
      action: 'promo.create',
      targetType: 'promo',
      targetId: promo.code,
      summary: `Created promo code ${promo.code}`,
      after: auditView(promo),
      now,
    });
    return promo;
  });
}

export async function updatePromo(
  db: Kysely<Database>,
  actor: AuditActor,
  code: string,
  input: PromoUpdate,
  now: number,
): Promise<AdminPromo> {
  return db.transaction().execute(async (trx) => {
    const before = await getPromo(trx, code);
    if (before.kind === 'flat' && input.capRupees !== null)
      throw new AppError(400, 'VALIDATION_FAILED', PROMO_ADMIN_MESSAGES.capFlat, {
        capRupees: PROMO_ADMIN_MESSAGES.capFlat,
      });
    if (input.maxUses !== null && input.maxUses < before.uses) {
      const message = PROMO_ADMIN_MESSAGES.belowUses.replace('{{uses}}', String(before.uses));
      throw new AppError(409, 'PROMO_BELOW_USES', message, { maxUses: message }, { uses: before.uses });
    }
    await trx
      .updateTable('promo_codes')
      .set({
        cap_paise: before.kind === 'percent' && input.capRupees !== null ? paise(input.capRupees) : null,
        valid_from: epoch(input.validFrom),
        valid_until: epoch(input.validUntil),
        max_uses: input.maxUses,
        max_uses_per_user: input.maxUsesPerUser,
      })
      .where('code', '=', before.code)
      .execute();
    const after = await getPromo(trx, before.code);
    await recordAudit(trx, actor, {
      action: 'promo.update',
      targetType: 'promo',
      targetId: before.code,
      summary: `Changed the limits of promo code ${before.code}`,
      before: auditView(before),
      after: auditView(after),
      now,
    });
    return after;
  });
}

/** Deactivated codes are refused at once ('Invalid Promo Code'); what was already paid stays. */
export async function setPromoActive(
  db: Kysely<Database>,
  actor: AuditActor,
  code: string,
  active: boolean,
  now: number,
): Promise<{ promo: AdminPromo; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await getPromo(trx, code);
    if (before.isActive === active) return { promo: before, changed: false };
    await trx
      .updateTable('promo_codes')
      .set({ is_active: active ? 1 : 0 })
      .where('code', '=', before.code)
      .execute();
    const after = await getPromo(trx, before.code);
    await recordAudit(trx, actor, {
      action: active ? 'promo.reactivate' : 'promo.deactivate',
      targetType: 'promo',
      targetId: before.code,
      summary: `${active ? 'Reactivated' : 'Deactivated'} promo code ${before.code}`,
      before: { isActive: before.isActive },
      after: { isActive: after.isActive },
      now,
    });
    return { promo: after, changed: true };
  });
}
