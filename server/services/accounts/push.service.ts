import type { ExpressionBuilder, Kysely } from 'kysely';
import type { PushKind, PushPayload } from '../../../domain/push.ts';
import { istDateTimeFormat } from '../../../domain/schedule.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { ACCOUNT_ERROR_CODES, SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';
import type { PushSender } from '../../integrations/web-push.ts';

/**
 * Web Push for players who opted in: "contest open", "closes in 1 hour" and "results out", once
 * per contest each, sent by the scheduler to every subscribed browser in its own language.
 */

/**
 * The push services of the browsers players use. A subscription names the URL the server will
 * POST to, so any other host is refused: the server must not be made to call addresses a player
 * picks (our own network, say). Outside production, plain http on this machine is allowed too,
 * for tests and the local demo.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
];
const PUSH_SERVICE_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

export function isAllowedPushEndpoint(endpoint: string, isProduction: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (
    url.protocol === 'https:' &&
    (PUSH_SERVICE_HOSTS.includes(url.hostname) || PUSH_SERVICE_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix)))
  )
    return true;
  return !isProduction && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

export const UNSUPPORTED_PUSH_SERVICE =
  'This browser’s notification service is not one we can send to. Notifications stay off.';

/**
 * Keeps a browser's subscription for the player (the same endpoint again renews its keys and
 * language). An endpoint another player holds is refused, never moved (issue 27, finding 11):
 * knowing someone's endpoint must not take their notices. A browser whose subscription belongs to
 * the account used there before makes a new one instead (src/shared/push.ts).
 */
export async function subscribe(
  db: Kysely<Database>,
  input: {
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    lang: 'en' | 'hi';
    now: number;
    isProduction: boolean;
  },
): Promise<void> {
  if (!isAllowedPushEndpoint(input.endpoint, input.isProduction))
    throw new AppError(400, 'PUSH_SERVICE_NOT_ALLOWED', UNSUPPORTED_PUSH_SERVICE);
  const kept = await db
    .insertInto('push_subscriptions')
    .values({
      endpoint: input.endpoint,
      user_id: input.userId,
      p256dh: input.p256dh,
      auth: input.auth,
      lang: input.lang,
      created_at: input.now,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ p256dh: input.p256dh, auth: input.auth, lang: input.lang })
        .where('push_subscriptions.user_id', '=', input.userId),
    )
    .returning('endpoint')
    .executeTakeFirst();
  if (!kept) throw new AppError(409, ACCOUNT_ERROR_CODES.pushEndpointTaken, SERVER_ERROR_MESSAGES.pushEndpointTaken);
}

/** Forgets a browser's subscription, only the player's own. */
export async function unsubscribe(db: Kysely<Database>, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function subscriptionCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const HOUR_MS = 60 * 60 * 1000;
/** A notice not sent within this of its moment (the site was down) is skipped, not sent late. */
const STALE_AFTER_MS = 2 * HOUR_MS;

interface DueNotice {
  contestId: string;
  kind: PushKind;
  prizeEn: string;
  prizeHi: string;
  closesAt: number;
}

/** The notices whose moment has come and that no instance has claimed yet. */
export async function dueNotices(db: Kysely<Database>, now: number): Promise<DueNotice[]> {
  const claimed = (kind: PushKind) => (eb: ExpressionBuilder<Database, 'contests'>) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('push_notices')
          .select('push_notices.contest_id')
          .whereRef('push_notices.contest_id', '=', 'contests.id')
          .where('push_notices.kind', '=', kind),
      ),
    );
  const base = () =>
    db
      .selectFrom('contests')
      .select(['id', 'prize_title_en', 'prize_title_hi', 'closes_at'])
      .where('cancelled_at', 'is', null);
  const [open, closing, results] = await Promise.all([
    base()
      .where('opens_at', '<=', now)
      .where('opens_at', '>', now - STALE_AFTER_MS)
      .where('closes_at', '>', now)
      .where(claimed('open'))
      .execute(),
    base()
      .where('closes_at', '<=', now + HOUR_MS)
      .where('closes_at', '>', now)
      .where(claimed('closing'))
      .execute(),
    // The show-time gate (issue 26): a result published early is announced when its show starts.
    base()
      .where('state', '=', 'published')
      .where('published_at', 'is not', null)
      .where('show_at', '<=', now)
      .where((eb) => eb.or([eb('published_at', '>', now - STALE_AFTER_MS), eb('show_at', '>', now - STALE_AFTER_MS)]))
      .where(claimed('results'))
      .execute(),
  ]);
  const as =
    (kind: PushKind) =>
    (row: { id: string; prize_title_en: string; prize_title_hi: string; closes_at: number }): DueNotice => ({
      contestId: row.id,
      kind,
      prizeEn: row.prize_title_en,
      prizeHi: row.prize_title_hi,
      closesAt: Number(row.closes_at),
    });
  return [...open.map(as('open')), ...closing.map(as('closing')), ...results.map(as('results'))];
}

const istTime = {
  en: istDateTimeFormat('en', { weekday: 'short', hour: 'numeric', minute: '2-digit', hour12: true }),
  hi: istDateTimeFormat('hi', { weekday: 'short', hour: 'numeric', minute: '2-digit', hour12: true }),
};

/** What a notice says, in the subscriber's language; a tap opens the page it is about. */
export function pushPayload(notice: DueNotice, lang: 'en' | 'hi', publicUrl: string): PushPayload {
  const prize = lang === 'hi' ? notice.prizeHi : notice.prizeEn;
  const closes = istTime[lang].format(new Date(notice.closesAt));
  const tag = `${notice.kind}-${notice.contestId}`;
  const texts: Record<PushKind, Record<'en' | 'hi', { title: string; body: string }>> = {
    open: {
      en: { title: 'A new contest is open', body: `Spot the ball to win: ${prize}. Entries close ${closes} IST.` },
      hi: { title: 'नई प्रतियोगिता खुल गई है', body: `गेंद खोजें और जीतें: ${prize}। प्रविष्टियाँ ${closes} IST पर बंद होंगी।` },
    },
    closing: {
      en: {
        title: 'Closes in 1 hour',
        body: `Last chance to spot the ball for ${prize}. Entries close ${closes} IST.`,
      },
      hi: { title: '1 घंटे में बंद', body: `${prize} के लिए गेंद खोजने का आखिरी मौका। प्रविष्टियाँ ${closes} IST पर बंद होंगी।` },
    },
    results: {
      en: { title: 'Results are out', body: `See who won ${prize} and where the ball was.` },
      hi: { title: 'नतीजे आ गए हैं', body: `देखें ${prize} किसने जीता और गेंद कहाँ थी।` },
    },
  };
  const path = notice.kind === 'results' ? '/live_weekly_winner' : '/';
  return { ...texts[notice.kind][lang], url: `${publicUrl}${path}`, tag };
}

export interface PushRun {
  notices: number;
  sent: number;
  gone: number;
  failed: number;
}

const PAGE = 500;
const CONCURRENCY = 10;

/**
 * Sends every due notice to every subscription of an active account. A notice is claimed (its row inserted) before
 * anything is sent, so two instances never both send it; a crash mid-send loses the rest of that
 * notice rather than sending it twice. Subscriptions the push service says are gone are deleted.
 */
export async function sendDueNotices(
  db: Kysely<Database>,
  sender: PushSender,
  publicUrl: string,
  now: () => number,
): Promise<PushRun> {
  const run: PushRun = { notices: 0, sent: 0, gone: 0, failed: 0 };
  for (const notice of await dueNotices(db, now())) {
    const claim = await db
      .insertInto('push_notices')
      .values({ contest_id: notice.contestId, kind: notice.kind, sent_at: now() })
      .onConflict((oc) => oc.columns(['contest_id', 'kind']).doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    run.notices += 1;
    const counts = { sent: 0, gone: 0, failed: 0 };
    let after = '';
    for (;;) {
      // Only active accounts' browsers: a deactivated, deleted or suspended player hears nothing.
      const page = await db
        .selectFrom('push_subscriptions')
        .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
        .select([
          'push_subscriptions.endpoint',
          'push_subscriptions.p256dh',
          'push_subscriptions.auth',
          'push_subscriptions.lang',
        ])
        .where('users.status', '=', 'active')
        .where('push_subscriptions.endpoint', '>', after)
        .orderBy('push_subscriptions.endpoint')
        .limit(PAGE)
        .execute();
      if (page.length === 0) break;
      after = page[page.length - 1]!.endpoint;
      for (let i = 0; i < page.length; i += CONCURRENCY) {
        const batch = page.slice(i, i + CONCURRENCY);
        const outcomes = await Promise.all(
          batch.map((sub) => sender.send(sub, pushPayload(notice, sub.lang, publicUrl))),
        );
        const gone = batch.filter((_, j) => outcomes[j] === 'gone').map((sub) => sub.endpoint);
        if (gone.length) await db.deleteFrom('push_subscriptions').where('endpoint', 'in', gone).execute();
        for (const outcome of outcomes) counts[outcome] += 1;
      }
      if (page.length < PAGE) break;
    }
    await db
      .updateTable('push_notices')
      .set(counts)
      .where('contest_id', '=', notice.contestId)
      .where('kind', '=', notice.kind)
      .execute();
    run.sent += counts.sent;
    run.gone += counts.gone;
    run.failed += counts.failed;
  }
  return run;
}
