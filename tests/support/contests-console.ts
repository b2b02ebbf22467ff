import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import type { ContestInput } from '../../domain/admin-contests.ts';
import { istDate } from '../../domain/schedule.ts';
import { storePicture } from '../../server/services/pictures/picture.service.ts';
import { insertActiveUsers, insertStaff, post, useTestClock } from './accounts.ts';
import { addContestPicture } from './contests.ts';
import type { ServerHarness } from './server-harness.ts';

export type ConsoleUser = { id: string; cookie: string };

async function addPrizePicture(server: ServerHarness): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffb300' } })
    .jpeg()
    .toBuffer();
  return (await storePicture(server.app.db, server.app.pictures, jpeg, 'prize')).id;
}

/**
 * The contests console suites' world, made before their first test: an admin, four players, two
 * contest pictures and a prize picture, with the calls the suites make. The admin and the players
 * are filled in place, so a suite may swap them for fresh ones (Object.assign, splice).
 */
export function useContestsConsole(server: ServerHarness) {
  // Saturday 21 Nov 2026, 11:30 IST: contest B of the week takes entries; the next window opens Monday 12:00.
  const clock = useTestClock(server);
  const admin: ConsoleUser = { id: '', cookie: '' };
  const players: ConsoleUser[] = [];
  const pictures = { contest: '', other: '', prize: '' };
  let lastX = 0;
  /** A ticket column no other ticket of the suite uses. */
  const nextX = () => ++lastX;
  const db = () => server.app.db;

  beforeAll(async () => {
    Object.assign(admin, (await insertStaff(server, ['admin'], clock.now))[0]);
    players.push(...(await insertActiveUsers(server, 4, clock.now)));
    pictures.contest = await addContestPicture(server);
    pictures.other = await addContestPicture(server);
    pictures.prize = await addPrizePicture(server);
  });

  const monday = () => ({
    opensAt: istDate(2026, 11, 23, 12).toISOString(),
    closesAt: new Date(istDate(2026, 11, 26).getTime() - 1).toISOString(),
    showAt: istDate(2026, 11, 26, 21).toISOString(),
  });
  const body = (overrides: Partial<ContestInput> = {}): ContestInput => ({
    ...monday(),
    pictureId: pictures.contest,
    prizeKind: 'cash',
    prizeTitleEn: 'Cash prize of ₹25,000',
    prizeTitleHi: '₹25,000 का नकद इनाम',
    prizeValuePaise: 2_500_000,
    prizePictureId: pictures.prize,
    ticketPricePaise: 4900,
    maxTickets: 50,
    totalTickets: 5000,
    streamUrl: 'https://www.youtube.com/watch?v=live123',
    ...overrides,
  });
  const auditOf = (id: string, action: string) =>
    db().selectFrom('audit_log').selectAll().where('target_id', '=', id).where('action', '=', action).execute();

  async function buy(u: ConsoleUser, contestId: string, count: number, pay = true) {
    const tickets = Array.from({ length: count }, () => ({ x: nextX(), y: 9 }));
    expect((await post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: u.cookie })).statusCode).toBe(
      200,
    );
    const res = await post(server, '/api/v1/payments/orders', { contestId }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data as { paymentId: string; checkoutUrl: string; amountPaise: number };
    if (pay) {
      const chosen = await server.app.inject({
        method: 'POST',
        url: o.checkoutUrl,
        payload: 'choice=success',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(chosen.statusCode, chosen.body).toBeLessThan(400);
      const payment = await db()
        .selectFrom('payments')
        .select('status')
        .where('id', '=', o.paymentId)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('success');
    }
    return o;
  }

  return { clock, admin, players, pictures, nextX, db, monday, body, auditOf, buy };
}
