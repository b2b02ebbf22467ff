import { judgedMean, rankTickets } from '../../domain/judging.ts';
import { insertActiveUsers } from './accounts.ts';
import { addTestContest, insertTickets } from './contests.ts';
import type { ServerHarness } from './server-harness.ts';

export interface PublishedFixture {
  contestId: string;
  players: Array<{ id: string; cookie: string }>;
  /** Ticket ids in the order of `points`. */
  ticketIds: string[];
  winner: { id: string; cookie: string };
}

/**
 * A closed contest with confirmed tickets, judge marks and its ranking, written straight into the
 * database the way judging and publishing leave it (those are another part's routes).
 * points[i] belongs to players[owners[i]].
 */
export async function addJudgedContest(
  server: ServerHarness,
  options: {
    pictureId: string;
    now: number;
    points: Array<{ x: number; y: number }>;
    owners?: number[];
    players?: number;
    marks?: Array<{ x: number; y: number }>;
    publishedAt?: number | null;
    prizeValuePaise?: number;
    /** Issue 26: merchandise or cash (the suite's CONTEST_PRIZE_KIND by default) and who pays a prize in kind's TDS. */
    prizeKind?: 'merchandise' | 'cash';
    prizeTdsPayer?: 'winner' | 'company';
    streamUrl?: string | null;
    showInMs?: number;
  },
): Promise<PublishedFixture> {
  const db = server.app.db;
  const contestId = await addTestContest(server, {
    pictureId: options.pictureId,
    now: options.now,
    opensInMs: -3 * 86_400_000,
    closesInMs: -86_400_000,
    defaults: {
      prizeValuePaise: options.prizeValuePaise ?? 500_000,
      ...(options.prizeKind ? { prizeKind: options.prizeKind } : {}),
      ...(options.prizeTdsPayer ? { prizeTdsPayer: options.prizeTdsPayer } : {}),
    },
  });
  const players = await insertActiveUsers(server, options.players ?? options.points.length, options.now);
  const marks = options.marks ?? [
    { x: 800, y: 500 },
    { x: 801, y: 500 },
    { x: 800, y: 502 },
  ];
  const judges = await insertActiveUsers(server, marks.length, options.now);
  const tickets = options.points.map((point, i) => ({
    id: crypto.randomUUID(),
    contest_id: contestId,
    user_id: players[options.owners?.[i] ?? i]!.id,
    x: point.x,
    y: point.y,
    status: 'confirmed' as const,
    reservation_id: null,
    created_at: options.now - 2 * 86_400_000 + i,
    confirmed_at: options.now - 2 * 86_400_000 + i,
  }));
  await insertTickets(server, tickets);
  for (const [i, mark] of marks.entries()) {
    await db
      .insertInto('judge_marks')
      .values({ contest_id: contestId, judge_id: judges[i]!.id, x: mark.x, y: mark.y, created_at: options.now })
      .execute();
  }
  const mean = judgedMean(marks);
  const ranked = rankTickets(
    tickets.map((t) => ({ id: t.id, point: { x: t.x, y: t.y }, confirmedAt: new Date(t.confirmed_at) })),
    mean,
  );
  const byId = new Map<string, (typeof tickets)[number]>(tickets.map((t) => [t.id, t]));
  if (ranked.length) {
    await db
      .insertInto('contest_ranks')
      .values(
        ranked.map((r) => ({
          ticket_id: r.ticket.id,
          contest_id: contestId,
          user_id: byId.get(r.ticket.id)!.user_id,
          rank: r.rank,
          distance: r.distance,
        })),
      )
      .execute();
  }
  const published = options.publishedAt !== null;
  await db
    .updateTable('contests')
    .set({
      state: published ? 'published' : 'judged',
      judged_sum_x: mean.sumX,
      judged_sum_y: mean.sumY,
      judged_count: mean.count,
      judged_at: options.now,
      published_at: published ? (options.publishedAt ?? options.now) : null,
      stream_url: options.streamUrl ?? null,
      ...(options.showInMs === undefined ? {} : { show_at: options.now + options.showInMs }),
    })
    .where('id', '=', contestId)
    .execute();
  const winnerTicket = ranked[0] ? byId.get(ranked[0].ticket.id)! : undefined;
  const winner = players.find((p) => p.id === winnerTicket?.user_id) ?? players[0]!;
  return { contestId, players, ticketIds: tickets.map((t) => t.id), winner };
}
