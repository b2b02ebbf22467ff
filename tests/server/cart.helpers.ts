import { beforeAll, expect } from 'vitest';
import { insertActiveUsers, post, useTestClock, XHR } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { type ServerHarness } from '../support/server-harness.ts';

export type User = { id: string; cookie: string };
export type Point = { x: number; y: number };

export const addItems = (server: ServerHarness, user: User | undefined, contestId: string, tickets: Point[]) =>
  post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: user?.cookie });
/** The real path that reserves a paid cart: the payment order (tickets reserved, then the gateway's order). */
export const reserve = (server: ServerHarness, user: User, contestId: string) =>
  post(server, '/api/v1/payments/orders', { contestId }, { cookie: user.cookie });
/** The reservation a payment order made. */
export async function reservationOf(server: ServerHarness, order: { json(): { data: { paymentId: string } } }) {
  const payment = await server.app.db
    .selectFrom('payments')
    .select('reservation_id')
    .where('id', '=', order.json().data.paymentId)
    .executeTakeFirstOrThrow();
  return payment.reservation_id;
}
export const checkoutFree = (server: ServerHarness, user: User, contestId: string) =>
  post(server, '/api/v1/cart/checkout-free', { contestId }, { cookie: user.cookie });
export const removeItem = (server: ServerHarness, user: User, id: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${id}`, headers: { ...XHR, cookie: user.cookie } });

export function expectRefusal(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  message: string,
  code?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ message, ...(code ? { code } : {}) });
}

export async function ticketsOf(server: ServerHarness, contestId: string) {
  return server.app.db.selectFrom('tickets').selectAll().where('contest_id', '=', contestId).orderBy('x').execute();
}

/** The cart suite's setup: a contest picture, 12 players, and a contest maker on the test clock. */
export function cartSetup(server: ServerHarness) {
  const clock = useTestClock(server);
  let pictureId: string;
  let users: User[];
  const user = (i: number) => users[i]!;
  const contest = (defaults: Record<string, number> = {}, window: { opensInMs?: number; closesInMs?: number } = {}) =>
    addTestContest(server, { pictureId, now: clock.now, defaults, ...window });

  beforeAll(async () => {
    pictureId = await addContestPicture(server);
    users = await insertActiveUsers(server, 12, clock.now);
  });
  return { clock, user, contest };
}
