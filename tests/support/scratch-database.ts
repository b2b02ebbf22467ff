// A throwaway PostgreSQL database on the server an admin URL names: one per test suite (so suites
// run in parallel without seeing each other) and one per bench run (bench/support).
import pg from 'pg';

/**
 * Makes a new, empty database `<prefix>_<random>` on the server `adminUrl` names: its URL, and
 * `drop`, which waits for the closed app's last connections to say goodbye rather than cutting
 * them off (a forced drop makes their clients report errors nobody listens to).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
