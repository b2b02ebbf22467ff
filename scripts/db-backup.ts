// `npm run db:backup -- FILE`: one archive of the configured database (SQLite through its online
// backup API, PostgreSQL through pg_dump -Fc), the picture files on disk and the site's keys.
// Safe while the server runs. Put it back with `npm run db:restore -- FILE`.
import { ConfigError, loadConfig } from '../server/config.ts';
import { createBackup } from '../server/db/backup/backup.ts';
import { BackupError } from '../server/db/backup/tools.ts';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!file) {
  console.error('Usage: npm run db:backup -- FILE   (for example backups/cricspot-2026-11-27.tar)');
  process.exit(1);
}
try {
  await createBackup(loadConfig(), file, (line) => console.log(line));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
