import type { Kysely, Selectable } from 'kysely';
import {
  type AdminClaimDetail,
  type AdminClaimRow,
  type AdminClaimsPage,
  type AdminClaimsQuery,
  CLAIM_ERROR_CODES,
  CLAIM_MESSAGES,
  CLAIM_NEXT_STATUS,
  type ClaimDetails,
  type ClaimStatusChange,
  claimDetailsSchema,
  isResultPublic,
  type MyClaim,
  maskedClaim,
  type TaxBreakdown,
  type UnclaimedWinners,
} from '../../../domain/results.ts';
import { keysetPage, newestFirst } from '../../db/paging.ts';
import type { Database, PrizeClaimsTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { decryptClaim, encryptClaim } from './claim-crypto.ts';
import { taxForPrize } from './results.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const claimNotFound = () => notFound(SERVER_ERROR_MESSAGES.claimNotFound);

type ClaimRow = Selectable<PrizeClaimsTable>;

function readDetails(key: Buffer, claim: Pick<ClaimRow, 'id' | 'details_enc'>): ClaimDetails {
  return claimDetailsSchema.parse(JSON.parse(decryptClaim(key, claim.id, claim.details_enc)));
}

export function myClaimView(key: Buffer, claim: ClaimRow): MyClaim {
  return {
    status: claim.status,
    submittedAt: iso(claim.submitted_at)!,
    verifiedAt: iso(claim.verified_at),
    sentAt: iso(claim.sent_at),
    note: claim.note,
    masked: maskedClaim(readDetails(key, claim)),
    // The rate the claim was frozen with (tds / gross), not whatever the settings say today.
    tax: {
      grossPaise: Number(claim.gross_paise),
      tdsPaise: Number(claim.tds_paise),
      netPaise: Number(claim.net_paise),
      ratePercent:
        Number(claim.gross_paise) > 0
          ? Math.round((Number(claim.tds_paise) * 10_000) / Number(claim.gross_paise)) / 100
          : 0,
      thresholdPaise: 0,
      tdsPayer: claim.prize_kind === 'merchandise' ? (claim.tds_payer ?? 'winner') : null,
    },
  };
}

export async function findClaimOfContest(db: Kysely<Database>, contestId: string): Promise<ClaimRow | undefined> {
  return db.selectFrom('prize_claims').selectAll().where('contest_id', '=', contestId).executeTakeFirst();
}

/** The winner's claim as they see it (masked), with the tax it was frozen with. */
export async function myClaim(
  db: Kysely<Database>,
  key: Buffer,
  contestId: string,
  userId: string,
  tax: TaxBreakdown,
): Promise<MyClaim | null> {
  const claim = await findClaimOfContest(db, contestId);
  if (!claim || claim.user_id !== userId) return null;
  const view = myClaimView(key, claim);
  return {
    ...view,
    tax: {
      ...view.tax,
      ratePercent: view.tax.tdsPaise > 0 ? view.tax.ratePercent : tax.ratePercent,
      thresholdPaise: tax.thresholdPaise,
      // A claim made before prizes in kind were told apart: the contest's setting says who pays.
      tdsPayer: view.tax.tdsPayer ?? tax.tdsPayer ?? null,
    },
  };
}

/**
 * The winner (rank 1 of a published contest whose show has started) claims the prize, or corrects
 * a claim not yet verified. A cash prize asks a payout (UPI or bank); a prize in kind is delivered
 * to the address and asks none, its TDS collected or borne as the contest says (issue 26). The
 * details are encrypted before they touch the database; the audit entry says that a claim was
 * made, never what it holds.
 */
export async function submitClaim(
  db: Kysely<Database>,
  key: Buffer,
  input: {
    userId: string;
    contestId: string;
    details: ClaimDetails;
    lang: 'en' | 'hi';
    actor: AuditActor;
    now: number;
  },
): Promise<MyClaim> {
  const winning = await db
    .selectFrom('contest_ranks as r')
    .innerJoin('contests as c', 'c.id', 'r.contest_id')
    .select([
      'r.ticket_id',
      'r.user_id',
      'c.state',
      'c.show_at',
      'c.prize_kind',
      'c.prize_tds_payer',
      'c.prize_value_paise',
      'c.window_key',
    ])
    .where('r.contest_id', '=', input.contestId)
    .where('r.rank', '=', 1)
    .executeTakeFirst();
  if (
    !winning ||
    !isResultPublic({ state: winning.state, showAt: Number(winning.show_at) }, input.now) ||
    winning.user_id !== input.userId
  ) {
    throw new AppError(403, CLAIM_ERROR_CODES.notAWinner, CLAIM_MESSAGES.notAWinner);
  }
  const inKind = winning.prize_kind === 'merchandise';
  if (inKind && input.details.payout)
    throw new AppError(400, 'VALIDATION_FAILED', CLAIM_MESSAGES.payoutNotAsked, {
      'details.payout': CLAIM_MESSAGES.payoutNotAsked,
    });
  if (!inKind && !input.details.payout)
    throw new AppError(400, 'VALIDATION_FAILED', CLAIM_MESSAGES.payoutRequired, {
      'details.payout': CLAIM_MESSAGES.payoutRequired,
    });
  const tax = await taxForPrize(
    db,
    Number(winning.prize_value_paise),
    inKind ? { tdsPayer: winning.prize_tds_payer } : null,
  );
  const plaintext = JSON.stringify(input.details);
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('prize_claims')
      .selectAll()
      .where('contest_id', '=', input.contestId)
      .executeTakeFirst();
    if (existing && existing.status !== 'submitted')
      throw new AppError(409, CLAIM_ERROR_CODES.claimLocked, CLAIM_MESSAGES.claimLocked);
    const id = existing?.id ?? crypto.randomUUID();
    const row = {
      details_enc: encryptClaim(key, id, plaintext),
      state: input.details.address.state,
      gross_paise: tax.grossPaise,
      tds_paise: tax.tdsPaise,
      net_paise: tax.netPaise,
      prize_kind: winning.prize_kind,
      tds_payer: tax.tdsPayer ?? null,
      language: input.lang,
      submitted_at: input.now,
      updated_at: input.now,
    };
    if (existing) {
      await trx.updateTable('prize_claims').set(row).where('id', '=', id).where('status', '=', 'submitted').execute();
    } else {
      await trx
        .insertInto('prize_claims')
        .values({
          id,
          contest_id: input.contestId,
          user_id: input.userId,
          ticket_id: winning.ticket_id,
          status: 'submitted',
          note: null,
          verified_at: null,
          sent_at: null,
          ...row,
        })
        .execute();
    }
    await recordAudit(trx, input.actor, {
      action: existing ? 'claim.update' : 'claim.submit',
      targetType: 'claim',
      targetId: id,
      summary: `${existing ? 'Corrected' : 'Submitted'} the prize claim of contest ${winning.window_key}`,
      after: {
        status: 'submitted',
        state: row.state,
        grossPaise: tax.grossPaise,
        tdsPaise: tax.tdsPaise,
        netPaise: tax.netPaise,
        prizeKind: winning.prize_kind,
        tdsPayer: tax.tdsPayer ?? null,
      },
      now: input.now,
    });
  });
  return (await myClaim(db, key, input.contestId, input.userId, tax))!;
}

function claimRows(db: Kysely<Database>) {
  return db
    .selectFrom('prize_claims as pc')
    .innerJoin('contests as c', 'c.id', 'pc.contest_id')
    .innerJoin('users as u', 'u.id', 'pc.user_id')
    .select([
      'pc.id',
      'pc.contest_id',
      'pc.status',
      'pc.state',
      'pc.gross_paise',
      'pc.tds_paise',
      'pc.net_paise',
      'pc.note',
      'pc.submitted_at',
      'pc.verified_at',
      'pc.sent_at',
      'pc.details_enc',
      'pc.tds_payer',
      'c.slot',
      'c.show_at',
      'c.prize_title_en',
      'c.prize_kind',
      'c.window_key',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
    ]);
}
type ClaimJoin = Awaited<ReturnType<ReturnType<typeof claimRows>['executeTakeFirstOrThrow']>>;

function adminRow(row: ClaimJoin): AdminClaimRow {
  return {
    id: row.id,
    contestId: row.contest_id,
    slot: row.slot,
    showAt: iso(row.show_at)!,
    prizeTitle: row.prize_title_en,
    prizeKind: row.prize_kind,
    tdsPayer: row.prize_kind === 'merchandise' ? (row.tds_payer ?? 'winner') : null,
    winnerName: `${row.first_name} ${row.last_name}`.trim(),
    state: row.state,
    status: row.status,
    grossPaise: Number(row.gross_paise),
    tdsPaise: Number(row.tds_paise),
    netPaise: Number(row.net_paise),
    note: row.note,
    submittedAt: iso(row.submitted_at)!,
    verifiedAt: iso(row.verified_at),
    sentAt: iso(row.sent_at),
  };
}

/** Newest claim first; no personal detail beyond the winner's name. */
export async function listClaims(db: Kysely<Database>, query: AdminClaimsQuery): Promise<AdminClaimsPage> {
  let q = claimRows(db);
  if (query.status) q = q.where('pc.status', '=', query.status);
  const rows = await newestFirst(q, 'pc.submitted_at', 'pc.id', query).execute();
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => [Number(row.submitted_at), row.id]);
  return { claims: page.map(adminRow), nextCursor };
}

const DAY_MS = 86_400_000;

/**
 * Every public result (published and its show started: the players' gate) whose winner, the
 * rank-1 ticket's holder, has not claimed the prize: newest first by when the result became
 * public. No deadline is applied here; the list only shows how long each has waited.
 */
export async function listUnclaimedWinners(db: Kysely<Database>, now: number): Promise<UnclaimedWinners> {
  const rows = await db
    .selectFrom('contests as c')
    .innerJoin('contest_ranks as r', (join) => join.onRef('r.contest_id', '=', 'c.id').on('r.rank', '=', 1))
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('prize_claims as pc', 'pc.contest_id', 'c.id')
    .select([
      'c.id',
      'c.window_key',
      'c.slot',
      'c.prize_title_en',
      'c.prize_kind',
      'c.prize_value_paise',
      'c.published_at',
      'c.show_at',
      'u.first_name',
    ])
    .where('c.state', '=', 'published')
    .where('c.published_at', 'is not', null)
    .where('c.show_at', '<=', now)
    .where('pc.id', 'is', null)
    .execute();
  const winners = rows.map((row) => {
    const publishedAt = Number(row.published_at);
    const showAt = Number(row.show_at);
    const publicSince = Math.max(publishedAt, showAt);
    return {
      contestId: row.id,
      windowKey: row.window_key,
      slot: row.slot,
      // As the winners' pages name the winner: the first name only.
      winnerName: row.first_name.trim(),
      prizeTitle: row.prize_title_en,
      prizeKind: row.prize_kind,
      prizeValuePaise: Number(row.prize_value_paise),
      publishedAt: iso(publishedAt)!,
      showAt: iso(showAt)!,
      publicSince: iso(publicSince)!,
      daysAgo: Math.max(0, Math.floor((now - publicSince) / DAY_MS)),
      sortKey: publicSince,
    };
  });
  winners.sort((a, b) => b.sortKey - a.sortKey || (a.contestId < b.contestId ? 1 : -1));
  return { winners: winners.map(({ sortKey: _sortKey, ...winner }) => winner) };
}

/** The decrypted details for an admin; the read itself is written to the audit log. */
export async function viewClaim(
  db: Kysely<Database>,
  key: Buffer,
  id: string,
  actor: AuditActor,
  now: number,
): Promise<AdminClaimDetail> {
  return db.transaction().execute(async (trx) => {
    const row = await claimRows(trx as unknown as Kysely<Database>)
      .where('pc.id', '=', id)
      .executeTakeFirst();
    if (!row) throw claimNotFound();
    const details = readDetails(key, { id: row.id, details_enc: row.details_enc });
    await recordAudit(trx, actor, {
      action: 'claim.view',
      targetType: 'claim',
      targetId: id,
      summary: `Viewed the prize claim details of contest ${row.window_key}`,
      now,
    });
    return { ...adminRow(row), email: row.email, phone: row.phone, details };
  });
}

/**
 * submitted -> verified -> sent, with an optional note to the winner; audited. A note belongs to
 * the step it is given with: it goes with that step's message and shows on My entries until the
 * next step, which carries only its own (a step given none clears it). Given without a new
 * status, it changes the current step's note.
 */
export async function changeClaimStatus(
  db: Kysely<Database>,
  id: string,
  change: ClaimStatusChange,
  actor: AuditActor,
  now: number,
): Promise<AdminClaimRow> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('prize_claims')
      .select(['status', 'note', 'contest_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw claimNotFound();
    const moving = change.status !== before.status;
    const note = change.note === undefined ? (moving ? null : before.note) : change.note || null;
    if (moving && CLAIM_NEXT_STATUS[before.status] !== change.status) {
      throw new AppError(
        409,
        CLAIM_ERROR_CODES.badTransition,
        SERVER_ERROR_MESSAGES.claimBadTransition(before.status, change.status),
      );
    }
    if (change.status === before.status && note === before.note) return;
    const stamp =
      change.status === before.status
        ? {}
        : change.status === 'verified'
          ? { verified_at: now }
          : change.status === 'sent'
            ? { sent_at: now }
            : {};
    await trx
      .updateTable('prize_claims')
      .set({ status: change.status, note, updated_at: now, ...stamp })
      .where('id', '=', id)
      .where('status', '=', before.status)
      .execute();
    await recordAudit(trx, actor, {
      action:
        change.status === before.status ? 'claim.note' : `claim.${change.status === 'verified' ? 'verify' : 'send'}`,
      targetType: 'claim',
      targetId: id,
      summary:
        change.status === before.status ? 'Changed the note of a prize claim' : `Marked a prize claim ${change.status}`,
      before: { status: before.status, note: before.note },
      after: { status: change.status, note },
      now,
    });
  });
  const row = await claimRows(db).where('pc.id', '=', id).executeTakeFirstOrThrow();
  return adminRow(row);
}
