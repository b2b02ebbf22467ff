import {
  CONTEST_ADMIN_ERROR_CODES,
  CONTEST_ADMIN_MESSAGES,
  CONTEST_DEFAULTS_KEY,
  type ContestDefaultsPage,
  type ContestDefaultsSettings,
  contestDefaultsSettingsSchema,
} from '../../../domain/admin-contests.ts';
import type { ContestDefaults } from '../../config.ts';
import type { Kysely } from 'kysely';
import type { Database, PictureKind } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { variantUrl } from '../pictures/serving.ts';

/** The environment's CONTEST_* values as the page's shape: the defaults until the console sets its own. */
export function environmentDefaults(env: ContestDefaults): ContestDefaultsSettings {
  return {
    pictureId: null,
    prizeKind: env.prizeKind,
    prizeTitleEn: env.prizeTitleEn,
    prizeTitleHi: env.prizeTitleHi,
    prizeValuePaise: env.prizeValuePaise,
    prizePictureId: null,
    prizeTdsPayer: 'winner',
    ticketPricePaise: env.ticketPricePaise,
    maxTickets: env.maxTicketsPerPerson,
    totalTickets: env.totalTickets,
  };
}

async function stored(db: Db): Promise<{ values: ContestDefaultsSettings; updatedAt: number } | null> {
  const row = await db
    .selectFrom('settings')
    .select(['value', 'updated_at'])
    .where('key', '=', CONTEST_DEFAULTS_KEY)
    .executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = contestDefaultsSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? { values: parsed.data, updatedAt: Number(row.updated_at) } : null;
  } catch {
    return null;
  }
}

/** The defaults in force: the console's (Contest defaults page), else the environment's. */
export async function effectiveContestDefaults(
  db: Db,
  env: ContestDefaults,
): Promise<{ values: ContestDefaultsSettings; source: 'console' | 'environment'; updatedAt: number | null }> {
  const set = await stored(db);
  return set
    ? { values: set.values, source: 'console', updatedAt: set.updatedAt }
    : { values: environmentDefaults(env), source: 'environment', updatedAt: null };
}

/** The scheduler's ContestDefaults (the insert's shape) from the page's values. */
export function scheduleDefaultsOf(values: ContestDefaultsSettings): ContestDefaults {
  return {
    ticketPricePaise: values.ticketPricePaise,
    maxTicketsPerPerson: values.maxTickets,
    totalTickets: values.totalTickets,
    prizeKind: values.prizeKind,
    prizeTitleEn: values.prizeTitleEn,
    prizeTitleHi: values.prizeTitleHi,
    prizeValuePaise: values.prizeValuePaise,
    prizePictureId: values.prizePictureId,
    prizeTdsPayer: values.prizeTdsPayer,
  };
}

async function smallUrl(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const row = await db
    .selectFrom('picture_variants')
    .select('picture_id')
    .where('picture_id', '=', id)
    .where('name', '=', 'small')
    .executeTakeFirst();
  return row ? variantUrl(id, 'small') : null;
}

export async function contestDefaultsPage(db: Db, env: ContestDefaults): Promise<ContestDefaultsPage> {
  const { values, source, updatedAt } = await effectiveContestDefaults(db, env);
  return {
    values,
    source,
    pictureUrl: await smallUrl(db, values.pictureId),
    prizePictureUrl: await smallUrl(db, values.prizePictureId),
    updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
  };
}

async function requireKind(db: Db, id: string | null, kind: PictureKind): Promise<void> {
  if (id === null) return;
  const row = await db
    .selectFrom('pictures')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (row) return;
  const key = kind === 'contest' ? 'pictureMissing' : 'prizePictureMissing';
  throw new AppError(400, CONTEST_ADMIN_ERROR_CODES[key], CONTEST_ADMIN_MESSAGES[key], {
    [kind === 'contest' ? 'pictureId' : 'prizePictureId']: CONTEST_ADMIN_MESSAGES[key],
  });
}

/**
 * Sets the defaults (null: back to the environment's), audited as 'setting.contest_defaults' with
 * the values before and after. Contests already made keep theirs; the next ones take these.
 */
export async function setContestDefaults(
  db: Kysely<Database>,
  actor: AuditActor,
  next: ContestDefaultsSettings | null,
  env: ContestDefaults,
  now: number,
): Promise<ContestDefaultsPage> {
  if (next) {
    await requireKind(db, next.pictureId, 'contest');
    await requireKind(db, next.prizePictureId, 'prize');
  }
  await db.transaction().execute(async (trx) => {
    const before = await effectiveContestDefaults(trx, env);
    if (next) {
      const value = JSON.stringify(next);
      await trx
        .insertInto('settings')
        .values({ key: CONTEST_DEFAULTS_KEY, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
    } else {
      if (before.source === 'environment') return;
      await trx.deleteFrom('settings').where('key', '=', CONTEST_DEFAULTS_KEY).execute();
    }
    await recordAudit(trx, actor, {
      action: 'setting.contest_defaults',
      targetType: 'setting',
      targetId: CONTEST_DEFAULTS_KEY,
      summary: next ? 'Set the contest defaults' : 'Handed the contest defaults back to the environment',
      before: { ...before.values, source: before.source },
      after: next ? { ...next, source: 'console' } : { ...environmentDefaults(env), source: 'environment' },
      now,
    });
  });
  return contestDefaultsPage(db, env);
}
