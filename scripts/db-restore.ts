// `npm run db:restore -- FILE [--force]`: puts a backup made by `npm run db:backup` back into the
// configured database and DATA_DIR, then checks every table's rows against the backup. A
// database that holds data is replaced only with --force (stop the server first).
import { ConfigError, loadConfig } from '../server/config.ts';
import { restoreBackup } from '../server/db/backup/restore.ts';
import { BackupError } from '../server/db/backup/tools.ts';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('-'));
const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--force');
if (!file || unknown.length) {
  console.error(
    `${unknown.length ? `Unknown option ${unknown.join(', ')}. ` : ''}Usage: npm run db:restore -- FILE [--force]`,
  );
  process.exit(1);
}
try {
  await restoreBackup(loadConfig(), file, { force: args.includes('--force') }, (line) => console.log(line));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
