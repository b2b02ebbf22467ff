import type { Kysely } from 'kysely';
import { judgedMean, rankTickets } from '../../domain/judging.ts';
import { type ClaimDetails, TDS_DEFAULT_RATE_BP, TDS_DEFAULT_THRESHOLD_PAISE, tdsFor } from '../../domain/results.ts';
import { upcomingWindows, windowKey } from '../../domain/schedule.ts';
import { DEMO_RESULTS_KEY } from '../../server/db/meta-keys.ts';
import type { Database } from '../../server/db/schema.ts';
import { claimKey, encryptClaim } from '../../server/services/judging/claim-crypto.ts';
import { recountContest } from '../../server/services/contests/contest-counters.service.ts';
import { discardPreparedPicture, recordPicture, type StoredPicture } from '../../server/services/pictures/shared.ts';
import { preparePicture } from '../../server/services/pictures/picture.service.ts';
import { sealContestIn } from '../../server/services/judging/verification.service.ts';
import type { PictureStore } from '../../server/storage/picture-store.ts';
import { renderDemoScene } from './pictures.ts';
import { mulberry32 } from './pictures/random.ts';
import { activeUserRow } from '../../server/db/user-rows.ts';

/**
 * Two past published contests with demo players, their tickets, three demo judges' marks and the
 * ranking (domain/judging.ts), so a fresh development install shows /the_winners_circle and
 * /live_weekly_winner with something in them. Outside production only, once per database.
 * Everything is plainly demo: 'Demo player N', e-mails @example.invalid, phone numbers no Indian
 * mobile can have (+91 0...), no password (nobody can log in as them).
 */
export const DEMO_RESULTS_VERSION = '1';
export const DEMO_PLAYERS = 8;
const DEMO_JUDGES = 3;
const TICKETS_PER_CONTEST = 24;
/** Scene seeds not used by the practice pairs (0-5) or the demo contest picture (6). */
const SCENE_SEEDS = [9, 10];

const PRIZES = [
  { kind: 'merchandise' as const, en: 'Signed cricket bat', hi: 'हस्ताक्षरित क्रिकेट बल्ला', valuePaise: 800_000 },
  { kind: 'cash' as const, en: 'Cash prize of ₹25,000', hi: '₹25,000 का नकद इनाम', valuePaise: 2_500_000 },
];
const WINNER_STATES = ['Karnataka', 'Maharashtra'] as const;

export interface DemoResultsOptions {
  now?: number;
  width?: number;
  height?: number;
}

export interface DemoResultsResult {
  seeded: boolean;
  contests: string[];
  ms: number;
}

const clamp = (v: number, max: number) => Math.min(max - 1, Math.max(0, Math.round(v)));

export async function seedDemoResults(
  db: Kysely<Database>,
  config: { pictures: PictureStore; isProduction: boolean; secret: string },
  options: DemoResultsOptions = {},
): Promise<DemoResultsResult> {
  const started = performance.now();
  const skipped = (): DemoResultsResult => ({
    seeded: false,
    contests: [],
    ms: Math.round(performance.now() - started),
  });
  if (config.isProduction) return skipped();
  if (await db.selectFrom('app_meta').select('key').where('key', '=', DEMO_RESULTS_KEY).executeTakeFirst())
    return skipped();

  const now = options.now ?? Date.now();
  // The last two windows whose show is over, from the weekly schedule.
  const windows = upcomingWindows(new Date(now - 12 * 86_400_000), 8)
    .filter((w) => w.showAt.getTime() + 3 * 3_600_000 < now)
    .slice(-2);
  if (windows.length < 2) return skipped();

  const size = { width: options.width ?? 1800, height: options.height ?? 1200 };
  const scenes: Array<{ picture: StoredPicture; ball: { x: number; y: number } }> = [];
  try {
    for (const seed of SCENE_SEEDS) {
      const scene = await renderDemoScene(seed, size);
      scenes.push({
        picture: await preparePicture(config.pictures, scene.withoutBall, 'contest', now),
        ball: scene.ball,
      });
    }
  } catch (error) {
    await Promise.all(scenes.map((s) => discardPreparedPicture(config.pictures, s.picture)));
    throw error;
  }

  const key = claimKey(config.secret);
  const contestIds: string[] = [];
  let claimed = false;
  try {
    claimed = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('app_meta')
        .values({ key: DEMO_RESULTS_KEY, value: DEMO_RESULTS_VERSION, updated_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      for (const scene of scenes) await recordPicture(trx, scene.picture);

      const person = (role: 'player' | 'judge', n: number) =>
        activeUserRow(
          {
            firstName: role === 'player' ? `Demo player ${n}` : `Demo judge ${n}`,
            lastName: 'Demo',
            email: `demo.${role}.${n}.${crypto.randomUUID().slice(0, 8)}@example.invalid`,
            // +91 0...: no Indian mobile starts with 0, so these never collide with a real sign-up.
            phone: `+910${String(role === 'player' ? n : 100 + n).padStart(4, '0')}${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
          },
          now,
        );
      const players = Array.from({ length: DEMO_PLAYERS }, (_, i) => person('player', i + 1));
      const judges = Array.from({ length: DEMO_JUDGES }, (_, i) => person('judge', i + 1));
      await trx
        .insertInto('users')
        .values([...players, ...judges])
        .execute();
      await trx
        .insertInto('user_roles')
        .values(judges.map((j) => ({ user_id: j.id, role: 'judge' as const, granted_by: null, granted_at: now })))
        .execute();

      for (const [index, window] of windows.entries()) {
        const scene = scenes[index]!;
        const prize = PRIZES[index]!;
        // Seeded, so the demo looks the same on every machine.
        const random = mulberry32(1000 + index);
        const { width, height } = scene.picture;
        const contestId = crypto.randomUUID();
        contestIds.push(contestId);
        const showAt = window.showAt.getTime();
        const publishedAt = Math.min(now - 3_600_000, showAt + 45 * 60_000);
        // Three judges a few pixels either side of the ball.
        const marks = Array.from({ length: DEMO_JUDGES }, () => ({
          x: clamp(scene.ball.x + (random() - 0.5) * 10, width),
          y: clamp(scene.ball.y + (random() - 0.5) * 10, height),
        }));
        const mean = judgedMean(marks);
        await trx
          .insertInto('contests')
          .values({
            id: contestId,
            window_key: windowKey(window),
            slot: window.slot,
            opens_at: window.opensAt.getTime(),
            closes_at: window.closesAt.getTime(),
            show_at: showAt,
            picture_id: scene.picture.id,
            prize_kind: prize.kind,
            prize_title_en: prize.en,
            prize_title_hi: prize.hi,
            prize_value_paise: prize.valuePaise,
            ticket_price_paise: 0,
            max_tickets_per_person: 75,
            total_tickets: 10_000,
            state: 'published',
            created_at: window.opensAt.getTime(),
            updated_at: publishedAt,
            judged_sum_x: mean.sumX,
            judged_sum_y: mean.sumY,
            judged_count: mean.count,
            judged_at: window.closesAt.getTime() + 3_600_000,
            published_at: publishedAt,
          })
          .onConflict((oc) => oc.column('window_key').doNothing())
          .execute();
        const stored = await trx
          .selectFrom('contests')
          .select('id')
          .where('window_key', '=', windowKey(window))
          .executeTakeFirstOrThrow();
        if (stored.id !== contestId) {
          // A real contest holds this window already (an older install): leave it alone.
          contestIds.pop();
          continue;
        }
        await trx
          .insertInto('judge_marks')
          .values(
            marks.map((m, j) => ({
              contest_id: contestId,
              judge_id: judges[j]!.id,
              x: m.x,
              y: m.y,
              created_at: window.closesAt.getTime() + (j + 1) * 600_000,
            })),
          )
          .execute();

        // Entries: most guesses spread around the ball, some anywhere on the picture.
        const span = window.closesAt.getTime() - window.opensAt.getTime();
        const tickets = Array.from({ length: TICKETS_PER_CONTEST }, (_, t) => {
          const near = random() < 0.7;
          const x = near
            ? clamp(scene.ball.x + (random() - 0.5) * width * 0.25, width)
            : clamp(random() * width, width);
          const y = near
            ? clamp(scene.ball.y + (random() - 0.5) * height * 0.25, height)
            : clamp(random() * height, height);
          const at = window.opensAt.getTime() + Math.floor(((t + random()) / TICKETS_PER_CONTEST) * span);
          return {
            id: crypto.randomUUID(),
            contest_id: contestId,
            user_id: players[t % DEMO_PLAYERS]!.id,
            x,
            y,
            status: 'confirmed' as const,
            reservation_id: null,
            created_at: at,
            confirmed_at: at,
          };
        });
        await trx.insertInto('tickets').values(tickets).execute();
        // Written straight in, so counted straight after: the contest's counters match its tickets.
        await recountContest(trx, contestId);
        // Sealed at close like a real contest (issue 12), so the published result checks out.
        await sealContestIn(trx, config.secret, contestId, window.closesAt.getTime());
        const owner = new Map<string, string>(tickets.map((t) => [t.id, t.user_id]));
        const ranked = rankTickets(
          tickets.map((t) => ({ id: t.id, point: { x: t.x, y: t.y }, confirmedAt: new Date(t.confirmed_at) })),
          mean,
        );
        await trx
          .insertInto('contest_ranks')
          .values(
            ranked.map((r) => ({
              ticket_id: r.ticket.id,
              contest_id: contestId,
              user_id: owner.get(r.ticket.id)!,
              rank: r.rank,
              distance: r.distance,
            })),
          )
          .execute();

        // The winner's claim, as the console tracks it (the older one already paid out).
        const winnerTicket = ranked[0]!.ticket.id;
        const state = WINNER_STATES[index]!;
        const details: ClaimDetails = {
          fullName: 'Demo Winner',
          pan: 'AAAPZ1234C',
          address: {
            line1: '1 Demo Street',
            line2: '',
            city: state === 'Karnataka' ? 'Bengaluru' : 'Pune',
            state,
            pin: state === 'Karnataka' ? '560001' : '411001',
          },
          // A prize in kind is delivered to the address: no payout (issue 26).
          ...(prize.kind === 'cash' ? { payout: { method: 'upi' as const, upiId: 'demo.winner@upi' } } : {}),
        };
        const tax = tdsFor(
          prize.valuePaise,
          { rateBp: TDS_DEFAULT_RATE_BP, thresholdPaise: TDS_DEFAULT_THRESHOLD_PAISE },
          prize.kind === 'merchandise' ? { tdsPayer: 'winner' } : null,
        );
        const claimId = crypto.randomUUID();
        const older = index === 0;
        await trx
          .insertInto('prize_claims')
          .values({
            id: claimId,
            contest_id: contestId,
            user_id: owner.get(winnerTicket)!,
            ticket_id: winnerTicket,
            status: older ? 'sent' : 'submitted',
            details_enc: encryptClaim(key, claimId, JSON.stringify(details)),
            state,
            gross_paise: tax.grossPaise,
            tds_paise: tax.tdsPaise,
            net_paise: tax.netPaise,
            prize_kind: prize.kind,
            tds_payer: tax.tdsPayer ?? null,
            // The demo's claims are as told already: nobody is messaged about them.
            told_status: older ? 'sent' : 'submitted',
            note: older ? 'Demo: dispatched by courier' : null,
            submitted_at: publishedAt + 3_600_000,
            verified_at: older ? publishedAt + 86_400_000 : null,
            sent_at: older ? publishedAt + 2 * 86_400_000 : null,
            updated_at: publishedAt + 3_600_000,
          })
          .execute();
      }
      return true;
    });
  } finally {
    if (!claimed) await Promise.all(scenes.map((s) => discardPreparedPicture(config.pictures, s.picture)));
  }
  if (!claimed) return skipped();
  return { seeded: true, contests: contestIds, ms: Math.round(performance.now() - started) };
}
