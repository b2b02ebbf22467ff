// The layout shifts of a page load as each kind of visitor meets them, against the production
// server as bench/stage-ready.ts starts it (NODE_ENV=production, PUBLIC_URL, the real build), on a
// 360x740 phone with touch and the CPU 4x slower, RUNS cold loads each (a new browser context):
// - a new visitor on the home page (the cookie notice due);
// - a returning player with a live session on the home page, the practice game and the play
//   screen (cookies answered, the announcement seen, the alerts offer due: it must not begin on a
//   game screen), whose pages the server sends as a player's (scripts/prerender.ts);
// - a player whose session ended while they were away (the server has no such session, the
//   browser still holds yesterday's login marker) on the home page.
// In English, and a new visitor's and a player's home in Hindi too (longer words: the contest
// card's title takes two lines on a phone). Then the home's contest card in the week's other
// states (WEEK_STATES below). Each with paid play suspended (the lawful default: the contest card
// says so) and on. The figure is the sum of the layout-shift entries with no recent input, from
// navigation until 3 s after the load event (the contest's answer, the stage's engine and the
// popups have come by then at 4x), with the elements that moved on the worst load.
// Lighthouse and bench/time-to-picture.ts load as a new visitor: this is where a player's page is
// measured. Figures only, no assertion.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import type SQLite from 'better-sqlite3';
import { ensureBuilt } from '../scripts/ensure-built.ts';
import { openContestNow } from '../scripts/open-contest-now.ts';
import { SESSION_COOKIE } from '../server/plugins/session.ts';
import { STORAGE_KEYS } from '../src/shared/storage-keys.ts';
import { BENCH_GATEWAY, serverPlace, spawnServer, stopServer, waitForServer } from './server-load.ts';
import { benchSqlitePath, withBenchSqlite } from './support/bench-sqlite.ts';
import { launchBenchChromium } from './support/quiet-browser.ts';
import { type BenchPlayer, signedInPlayer } from './support/signed-in-player.ts';

const RUNS = Number(process.env.BENCH_SHIFT_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 3000;
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type Who = 'new visitor' | 'player' | 'session ended';
type Case = { who: Who; route: string; lng?: 'en' | 'hi' };
const CASES: Case[] = [
  { who: 'new visitor', route: '/' },
  { who: 'new visitor', route: '/', lng: 'hi' },
  { who: 'player', route: '/' },
  { who: 'player', route: '/', lng: 'hi' },
  { who: 'player', route: '/quick_game_screen' },
  { who: 'player', route: '/play_screen' },
  { who: 'session ended', route: '/' },
];

/**
 * The home's contest card in the week's other states, after the cases above (an open contest):
 * for 21 hours after each contest closes, until its winner show, the card also says the show is to
 * come; for the 12 hours between a contest's close and the next one's opening, the next contest is
 * upcoming; for a day after the operator cancels a contest, the card shows the next and says why.
 * Set in the database as the server runs, as openContestNow sets the clock's dates.
 */
const WEEK_STATES: Array<{ name: string; prepare: (db: SQLite.Database, now: number) => void }> = [
  { name: 'open, a show to come', prepare: (db, now) => addClosedContest(db, now) },
  {
    name: 'between contests, a show to come',
    prepare: (db, now) => {
      db.prepare("UPDATE contests SET opens_at = ? WHERE state = 'upcoming' AND opens_at <= ? AND closes_at >= ?").run(
        now + 6 * HOUR_MS,
        now,
        now,
      );
    },
  },
  {
    // Cancelled from the console an hour ago: the card shows the next contest and says why.
    name: 'the next contest, one cancelled today',
    prepare: (db, now) => {
      db.prepare(
        "UPDATE contests SET state = 'cancelled', cancelled_at = ?, cancel_reason = ? WHERE id = (SELECT id FROM contests WHERE state = 'upcoming' AND closes_at >= ? ORDER BY opens_at LIMIT 1)",
      ).run(now - HOUR_MS, 'Rain stopped play at the photo shoot', now);
    },
  },
];
const WEEK_CASES: Case[] = [
  { who: 'new visitor', route: '/' },
  { who: 'player', route: '/' },
];

/** A contest like the open one that closed an hour ago, its show 5 hours away. */
function addClosedContest(db: SQLite.Database, now: number): void {
  const open = db.prepare('SELECT * FROM contests WHERE opens_at <= ? AND closes_at >= ? LIMIT 1').get(now, now) as
    Record<string, unknown> | undefined;
  if (!open) throw new Error('no open contest to copy');
  const closed = {
    ...open,
    id: randomUUID(),
    window_key: `bench-closed-${now}`,
    opens_at: now - 3 * DAY_MS,
    closes_at: now - HOUR_MS,
    show_at: now + 5 * HOUR_MS,
  };
  const columns = Object.keys(closed);
  db.prepare(`INSERT INTO contests (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(
    closed,
  );
}

interface Load {
  cls: number;
  moved: string[];
}

async function load(
  browser: Browser,
  base: string,
  { who, route, lng = 'en' }: Case,
  player: BenchPlayer,
): Promise<Load> {
  const context = await browser.newContext(PHONE);
  if (who !== 'new visitor') {
    // A live session, or the cookie of one the server no longer has (as after 30 idle minutes).
    const cookie = who === 'player' ? player.cookie : { name: SESSION_COOKIE, value: 'a'.repeat(43) };
    await context.addCookies([{ ...cookie, url: base, httpOnly: true, sameSite: 'Lax' }]);
  }
  await context.addInitScript(
    ({ who, keys, markerAt }) => {
      if (who !== 'new visitor') {
        const answered = { choice: 'necessary', at: new Date().toISOString(), version: 1 };
        localStorage.setItem(keys.cookieConsent, JSON.stringify(answered));
        localStorage.setItem(keys.announcementSeen, '1');
        // Set at the login, before this page was asked for: yesterday for the ended session.
        localStorage.setItem(keys.loginMarker, String(who === 'player' ? Date.now() : markerAt));
      }
      const w = window as unknown as { shifts: Array<{ value: number; moved: string[] }> };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
        }>) {
          if (entry.hadRecentInput) continue;
          const moved = entry.sources.map(
            ({ node, previousRect: from, currentRect: to }) =>
              `${node instanceof Element ? node.className || node.tagName : node?.nodeName} y ${Math.round(from.y)}->${Math.round(to.y)}`,
          );
          w.shifts.push({ value: entry.value, moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    },
    {
      who,
      keys: {
        cookieConsent: STORAGE_KEYS.cookieConsent,
        announcementSeen: STORAGE_KEYS.announcementSeen,
        loginMarker: STORAGE_KEYS.loginMarker,
      },
      markerAt: Date.now() - DAY_MS,
    },
  );
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${base}${route}?lng=${lng}`, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const shifts = await page.evaluate(
      () => (window as unknown as { shifts: Array<{ value: number; moved: string[] }> }).shifts,
    );
    return { cls: shifts.reduce((sum, shift) => sum + shift.value, 0), moved: shifts.flatMap((shift) => shift.moved) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

ensureBuilt();
const browser = await launchBenchChromium();
try {
  for (const paid of [false, true]) {
    // A payment gateway either way (the play screen's contest is playable), and the console's
    // switch as PAID_PLAY sets it at the start.
    const { base, dataDir, env } = await serverPlace('layout-shifts', 'production', {
      ...BENCH_GATEWAY,
      PAID_PLAY: paid ? 'on' : 'off',
    });
    const server = spawnServer(env);
    try {
      await waitForServer(base, server, 240_000);
      openContestNow(benchSqlitePath(env));
      const player = await signedInPlayer(base, env);
      console.log(
        `Layout shifts (CLS: the sum of the shifts with no recent input, from navigation until ${SETTLE_MS / 1000} s after load), production server, paid play ${paid ? 'on' : 'suspended'}, phone 360x740 @2x, CPU ${CPU_SLOWDOWN}x slower, ${RUNS} cold loads each`,
      );
      console.log(`  ${''.padEnd(60)} median  worst`);
      const measure = async (cases: Case[], state: string) => {
        for (const one of cases) {
          const loads: Load[] = [];
          for (let run = 0; run < RUNS; run++) loads.push(await load(browser, base, one, player));
          const worst = loads.reduce((a, b) => (b.cls > a.cls ? b : a));
          const label = `${one.who}, ${one.route}${one.lng ? ` in ${one.lng === 'hi' ? 'Hindi' : 'English'}` : ''}${state}`;
          console.log(
            `  ${label.padEnd(60)} ${median(loads.map((l) => l.cls)).toFixed(3)}  ${worst.cls.toFixed(3)}${worst.moved.length ? `   moved: ${worst.moved.join('; ')}` : ''}`,
          );
        }
      };
      await measure(CASES, '');
      for (const { name, prepare } of WEEK_STATES) {
        withBenchSqlite(env, (db) => prepare(db, Date.now()));
        await measure(WEEK_CASES, ` (${name})`);
      }
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
