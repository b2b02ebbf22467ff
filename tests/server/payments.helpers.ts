import { beforeAll, expect } from 'vitest';
import {
  decideSandboxOrder,
  type SandboxChoice,
  sandboxReturnFields,
  sandboxSecrets,
  sandboxWebhook,
} from '../../server/integrations/payments/sandbox.ts';
import { get, insertActiveUsers, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import type { ServerHarness } from '../support/server-harness.ts';

export type User = { id: string; cookie: string };
export type Point = { x: number; y: number };

export function expectRefusal(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  message: string,
  code: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ message, code });
}

/** The sandbox-payment suite's setup (one contest picture, 8 players) and its request helpers. */
export function paymentsSetup(server: ServerHarness) {
  const clock = useTestClock(server);
  let pictureId: string;
  let users: User[];
  const user = (i: number) => users[i]!;
  let nextX = 0;
  const secrets = () => sandboxSecrets(server.app.secret);
  const db = () => server.app.db;
  const deps = () => ({
    db: server.app.db,
    gateway: server.app.payments!,
    invoices: server.config.invoices,
    paidPlayDefault: server.config.paidPlayDefault,
  });

  beforeAll(async () => {
    pictureId = await addContestPicture(server);
    users = await insertActiveUsers(server, 8, clock.now);
  });

  const contest = (defaults: Record<string, number> = {}) =>
    addTestContest(server, { pictureId, now: clock.now, defaults });

  async function order(u: User, contestId: string, count = 2) {
    const tickets = Array.from({ length: count }, () => ({ x: ++nextX, y: 7 }));
    const added = await post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: u.cookie });
    expect(added.statusCode, added.body).toBe(200);
    const res = await post(server, '/api/v1/payments/orders', { contestId }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      paymentId: string;
      orderId: string;
      amountPaise: number;
      checkoutUrl: string;
      refNo: string;
    };
  }

  const status = async (u: User, paymentId: string) =>
    (await get(server, `/api/v1/payments/${paymentId}`, { cookie: u.cookie })).json().data;
  const sendReturn = (u: User | null, fields: Record<string, string>) =>
    get(server, `/api/v1/payments/return?${new URLSearchParams(fields).toString()}`, { cookie: u?.cookie });
  const postReturn = (u: User, fields: Record<string, string>) =>
    post(server, '/api/v1/payments/return', fields, { cookie: u.cookie });
  const sendWebhook = (hook: { body: string; headers: Record<string, string> }) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/sandbox',
      headers: hook.headers,
      payload: hook.body,
    });
  async function decide(orderId: string, choice: SandboxChoice) {
    const decided = await decideSandboxOrder(db(), orderId, choice);
    return {
      fields: sandboxReturnFields(secrets(), decided!),
      hook: () => sandboxWebhook(secrets(), decided!, clock.now)!,
    };
  }
  const ticketRows = (reservationOf: string) =>
    db()
      .selectFrom('tickets')
      .innerJoin('payments', 'payments.reservation_id', 'tickets.reservation_id')
      .select(['tickets.status', 'tickets.confirmed_at'])
      .where('payments.id', '=', reservationOf)
      .execute();

  return {
    clock,
    user,
    secrets,
    db,
    deps,
    contest,
    order,
    status,
    sendReturn,
    postReturn,
    sendWebhook,
    decide,
    ticketRows,
  };
}
