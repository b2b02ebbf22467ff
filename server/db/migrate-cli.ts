import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

try {
  const config = loadConfig();
  const { db, dialect } = openDatabase(config);
  const applied = await migrateToLatest(db);
  console.log(
    applied.length ? `Applied on ${dialect}: ${applied.join(', ')}` : `The ${dialect} database is up to date.`,
  );
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
