import type { Insertable } from 'kysely';
import sharp from 'sharp';
import type { ContestDefaults } from '../../server/config.ts';
import type { TicketsTable } from '../../server/db/schema.ts';
import { DEMO_CONTEST_PICTURE_KEY } from '../../server/db/meta-keys.ts';
import {
  checkContest,
  type CounterCheck,
  recountContest,
} from '../../server/services/contests/contest-counters.service.ts';
import { insertContest } from '../../server/services/contests/contest.service.ts';
import { storePicture } from '../../server/services/pictures/picture.service.ts';
import type { ServerHarness } from './server-harness.ts';

export const PICTURE_WIDTH = 1600;
export const PICTURE_HEIGHT = 1000;

/** A plain contest picture, stored like an upload; optionally recorded as the demo contest picture. */
export async function addContestPicture(server: ServerHarness, options: { asDemo?: boolean } = {}): Promise<string> {
  const jpeg = await sharp({
    create: { width: PICTURE_WIDTH, height: PICTURE_HEIGHT, channels: 3, background: '#2e7d32' },
  })
    .jpeg()
    .toBuffer();
  const picture = await storePicture(server.app.db, server.app.pictures, jpeg, 'contest');
  if (options.asDemo) {
    await server.app.db
      .insertInto('app_meta')
      .values({ key: DEMO_CONTEST_PICTURE_KEY, value: picture.id, updated_at: Date.now() })
      .execute();
  }
  return picture.id;
}

export interface TestContestOptions {
  pictureId: string;
  now: number;
  /** Relative to now; default: opened an hour ago, closes in two days. */
  opensInMs?: number;
  closesInMs?: number;
  defaults?: Partial<ContestDefaults>;
}

/** A contest outside the weekly schedule (its own window key), with the limits a test needs. */
export async function addTestContest(server: ServerHarness, options: TestContestOptions): Promise<string> {
  const id = crypto.randomUUID();
  const opensAt = options.now + (options.opensInMs ?? -3_600_000);
  const closesAt = options.now + (options.closesInMs ?? 2 * 86_400_000);
  await insertContest(server.app.db, {
    id,
    windowKey: `test-${id.slice(0, 18)}`,
    window: {
      slot: 'A',
      opensAt: new Date(opensAt),
      closesAt: new Date(closesAt),
      showAt: new Date(closesAt + 3_600_000),
    },
    pictureId: options.pictureId,
    defaults: { ...server.config.contestDefaults, ...options.defaults },
    now: options.now,
  });
  return id;
}

/**
 * Tickets written straight into the database (a fixture, not a purchase), then each contest's
 * counters recounted as the console's repair does, so the app sees them as it would sold ones.
 */
export async function insertTickets(server: ServerHarness, rows: Array<Insertable<TicketsTable>>): Promise<void> {
  if (rows.length === 0) return;
  await server.app.db.transaction().execute(async (trx) => {
    await trx.insertInto('tickets').values(rows).execute();
    for (const contestId of new Set(rows.map((r) => r.contest_id))) await recountContest(trx, contestId);
  });
}

/** The counters check of every contest that has tickets or counters (expected all ok after a flow). */
export async function checkAllCounters(server: ServerHarness): Promise<CounterCheck[]> {
  const ids = await server.app.db.selectFrom('contests').select('id').orderBy('id').execute();
  const checks: CounterCheck[] = [];
  for (const { id } of ids) checks.push(await checkContest(server.app.db, id));
  return checks;
}

/** A PUT as the console sends it (JSON, the XHR marker, the admin's cookie). */
export function put(server: ServerHarness, url: string, payload: unknown, cookie: string) {
  return server.app.inject({
    method: 'PUT',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
  });
}
