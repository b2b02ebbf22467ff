// A player for /play_screen in a browser bench, as bench/lighthouse.ts makes one: an active user
// with a session made by the server's own service in the bench's database (a production server
// has no outbox to read a code from), and the session's location check passed through the API as
// the location gate does once the browser shares its position. Not a bench itself.
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { activeUserRow } from '../../server/db/user-rows.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { createSession } from '../../server/services/accounts/session.service.ts';
import { BENCH_POSITION } from '../server-load.ts';

/** The session cookie's name and value. */
export interface BenchPlayer {
  cookie: { name: string; value: string };
}

/**
 * A mobile number of its own for each bench player (phone numbers are unique among users): a bench
 * that made a second player in the same database would fail on the first one's number.
 */
const benchPhone = () => `+919${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1e9).padStart(9, '0')}`;

export async function signedInPlayer(base: string, env: Record<string, string>): Promise<BenchPlayer> {
  const config = loadConfig({ ...process.env, ...env, DATABASE_URL: '' });
  const { db } = openDatabase({ databaseUrl: undefined, sqlitePath: config.sqlitePath });
  try {
    const now = Date.now();
    const id = crypto.randomUUID();
    await db
      .insertInto('users')
      .values(
        activeUserRow(
          {
            id,
            firstName: 'Bench',
            lastName: 'Player',
            email: `bench.${id.slice(0, 8)}@example.com`,
            phone: benchPhone(),
          },
          now,
        ),
      )
      .execute();
    const { token } = await createSession(db, id, now, { userAgent: 'stage bench', ip: '127.0.0.1' });
    const located = await fetch(`${base}/api/v1/location`, {
      method: 'POST',
      headers: {
        cookie: `${SESSION_COOKIE}=${token}`,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify(BENCH_POSITION),
    });
    if (!located.ok) throw new Error(`the location check failed: ${located.status} ${await located.text()}`);
    return { cookie: { name: SESSION_COOKIE, value: token } };
  } finally {
    await db.destroy();
  }
}
