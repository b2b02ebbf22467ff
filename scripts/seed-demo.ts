// Seeds the demo practice pairs and contest picture into the configured database, once
// (the server also does it on start). Safe to run again: an already seeded database is left alone.
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemoData } from './demo/seed.ts';
import { seedDemoResults } from './demo/seed-results.ts';
import { loadOrCreateSecret } from '../server/secret.ts';
import { createPictureStore } from '../server/storage/picture-store.ts';

try {
  const config = loadConfig();
  const { db, dialect } = openDatabase(config);
  try {
    await migrateToLatest(db);
    const pictures = createPictureStore(config.pictureStorage, { db, uploadsDir: config.uploadsDir });
    const result = await seedDemoData(db, { pictures });
    console.log(
      result.seeded
        ? `Seeded ${result.pairs} practice pairs and the demo contest picture (${result.contestPictureId}) into ${dialect} in ${(result.ms / 1000).toFixed(1)} s.`
        : `The ${dialect} database already has its demo data; nothing to do.`,
    );
    const results = await seedDemoResults(db, {
      pictures,
      isProduction: config.isProduction,
      secret: loadOrCreateSecret(config.dataDir),
    });
    if (results.seeded)
      console.log(
        `Seeded ${results.contests.length} past published demo contests in ${(results.ms / 1000).toFixed(1)} s.`,
      );
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
