// A throwaway PostgreSQL database for a bench run, made on the server BENCH_DATABASE_URL (or
// another admin URL) names and dropped afterwards: the tests' own scratch database.
import { createScratchDatabase } from '../../tests/support/scratch-database.ts';

/** Runs `run` with the URL of a new, empty database on the server `adminUrl` names, then drops it. */
export async function withScratchDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const scratch = await createScratchDatabase(adminUrl, 'bench');
  try {
    return await run(scratch.url);
  } finally {
    await scratch.drop();
  }
}
