// What a drill player does through nginx, as the browser does it: locate, mark, order, pay on the
// sandbox's page (or cancel, or fail), come back. Every call through nginx carries a forged
// X-Forwarded-For, which nginx must replace (scripts/drill/nginx.ts): were it believed, the play
// gate would see an address outside India and refuse the player.
import type { Instance } from './cluster.ts';

export interface Outcome {
  ms: number;
  ok: boolean;
  /** 5xx answered by an instance (never nginx's own 'upstream unavailable'). */
  fivexx: number;
  /** Requests nginx could not hand to any instance, or connections cut: retried like a browser. */
  cut: number;
}

export interface Drill {
  /** nginx's address. */
  base: string;
  instances: Instance[];
  contestId: string;
}

const FORGED = { 'x-forwarded-for': '203.0.113.9' };
let nextDirect = 0;

class Player {
  fivexx = 0;
  cut = 0;
  readonly started = performance.now();
  readonly drill: Drill;
  readonly cookie: string;
  constructor(drill: Drill, cookie: string) {
    this.drill = drill;
    this.cookie = cookie;
  }

  /** Through nginx; a step whose answer never came is retried, as the app does. */
  async call(url: string, init: RequestInit): Promise<Response | null> {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const res = await fetch(`${this.drill.base}${url}`, {
          ...init,
          headers: { ...FORGED, ...(init.headers as Record<string, string>), cookie: this.cookie },
          redirect: 'manual',
        });
        if (res.headers.get('x-upstream-unavailable')) {
          this.cut += 1;
          await new Promise((r) => setTimeout(r, 300));
          continue;
        }
        if (res.status >= 500) this.fivexx += 1;
        return res;
      } catch {
        this.cut += 1;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    return null;
  }

  /**
   * The sandbox's hosted page, straight to an instance: a demo convenience answers only to a
   * browser on this machine and never through a proxy. The next instance takes over from a dead one.
   */
  async sandbox(orderId: string, choice: 'success' | 'failure' | 'cancel'): Promise<Response | null> {
    for (let attempt = 0; attempt < 6; attempt++) {
      const instance = this.drill.instances[nextDirect++ % this.drill.instances.length]!;
      try {
        const res = await fetch(`http://127.0.0.1:${instance.port}/sandbox-gateway/checkout/${orderId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: this.cookie },
          body: `choice=${choice}`,
          redirect: 'manual',
        });
        if (res.status >= 500) this.fivexx += 1;
        return res;
      } catch {
        this.cut += 1;
      }
    }
    return null;
  }

  outcome(ok: boolean): Outcome {
    return { ms: performance.now() - this.started, ok, fivexx: this.fivexx, cut: this.cut };
  }
}

const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/** Located, ticket in the cart, payment order made: the order id, or null. */
async function order(player: Player, point: { x: number; y: number }, located: boolean): Promise<string | null> {
  const { contestId } = player.drill;
  if (!located) {
    // The play gate first, as the browser does: this device is in Mumbai (an allowed state).
    const res = await player.call('/api/v1/location', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ latitude: 19.076, longitude: 72.8777, accuracy: 50 }),
    });
    if (res?.status !== 200) return null;
  }
  const added = await player.call('/api/v1/cart/items', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ contestId, tickets: [point] }),
  });
  if (!added || (added.status !== 200 && added.status !== 409)) return null;
  const ordered = await player.call('/api/v1/payments/orders', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ contestId }),
  });
  if (ordered?.status !== 200) return null;
  return ((await ordered.json()) as { data: { orderId: string } }).data.orderId;
}

/** The sandbox's choice, then the browser back through nginx to the return address. */
async function decide(player: Player, orderId: string, choice: 'success' | 'failure' | 'cancel'): Promise<boolean> {
  const page = await player.sandbox(orderId, choice);
  if (page?.status !== 303) return false;
  const back = page.headers.get('location');
  if (back) await player.call(back, { method: 'GET' });
  return true;
}

/** One paid ticket. */
export async function buy(drill: Drill, cookie: string, point: { x: number; y: number }): Promise<Outcome> {
  const player = new Player(drill, cookie);
  const orderId = await order(player, point, false);
  return player.outcome(orderId !== null && (await decide(player, orderId, 'success')));
}

/**
 * A player who orders and then walks away: cancels on the gateway's page, orders the same point
 * again (the cancelled ticket went back to the cart) and has that payment fail.
 */
export async function orderAndRelease(drill: Drill, cookie: string, point: { x: number; y: number }): Promise<Outcome> {
  const player = new Player(drill, cookie);
  let ok = true;
  let located = false;
  for (const choice of ['cancel', 'failure'] as const) {
    const orderId = await order(player, point, located);
    located = true;
    ok = ok && orderId !== null && (await decide(player, orderId, choice));
  }
  return player.outcome(ok);
}
