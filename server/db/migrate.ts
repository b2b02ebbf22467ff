import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as foundation from './migrations/2026-11-21-001-foundation.ts';
import * as press from './migrations/2026-11-21-002-press.ts';
import * as pictures from './migrations/2026-11-21-003-pictures.ts';
import * as accounts from './migrations/2026-11-21-004-accounts.ts';
import * as social from './migrations/2026-11-21-005-social.ts';
import * as avatars from './migrations/2026-11-21-006-avatars.ts';
import * as contests from './migrations/2026-11-21-007-contests.ts';
import * as payments from './migrations/2026-11-21-008-payments.ts';
import * as invoices from './migrations/2026-11-21-009-invoices.ts';
import * as console_ from './migrations/2026-11-24-010-console.ts';
import * as contestRanks from './migrations/2026-11-24-011-contest-ranks.ts';
import * as contestCancelNotices from './migrations/2026-11-24-040-contest-cancel-notices.ts';
import * as operations from './migrations/2026-11-24-020-operations.ts';
import * as resultNotices from './migrations/2026-11-24-050-result-notices.ts';
import * as sandboxPaidAt from './migrations/2026-11-24-051-sandbox-paid-at.ts';
import * as resultNoticeLease from './migrations/2026-11-24-052-result-notice-lease.ts';
import * as prizeClaims from './migrations/2026-11-24-060-prize-claims.ts';
import * as pictureLibrary from './migrations/2026-11-24-030-picture-library.ts';
import * as pictureFiles from './migrations/2026-11-24-061-picture-files.ts';
import * as push from './migrations/2026-11-24-062-push.ts';
import * as contestCounters from './migrations/2026-11-25-070-contest-counters.ts';
import * as contestSeal from './migrations/2026-11-25-080-contest-seal.ts';
import * as sessionLocation from './migrations/2026-11-25-071-session-location.ts';
import * as loginCodes from './migrations/2026-11-25-090-login-codes.ts';
import * as ticketPositions from './migrations/2026-11-25-091-ticket-positions.ts';
import * as practiceBallWidth from './migrations/2026-11-25-100-practice-ball-width.ts';
import * as contestPictureBallWidth from './migrations/2026-11-27-100-contest-picture-ball-width.ts';
import * as paymentFailureCode from './migrations/2026-11-27-200-payment-failure-code.ts';
import * as userLanguage from './migrations/2026-11-27-300-user-language.ts';
import * as taxDocuments from './migrations/2026-11-27-400-tax-documents.ts';
import * as console26 from './migrations/2026-11-27-500-console.ts';
import * as codeChannel from './migrations/2026-11-27-600-code-channel.ts';
import * as phoneChange from './migrations/2026-11-29-100-phone-change.ts';

/** Listed by hand so the bundle of migrations is explicit and works the same from any cwd. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-foundation': foundation,
  '2026-11-21-002-press': press,
  '2026-11-21-003-pictures': pictures,
  '2026-11-21-004-accounts': accounts,
  '2026-11-21-005-social': social,
  '2026-11-21-006-avatars': avatars,
  '2026-11-21-007-contests': contests,
  '2026-11-21-008-payments': payments,
  '2026-11-21-009-invoices': invoices,
  '2026-11-24-010-console': console_,
  '2026-11-24-011-contest-ranks': contestRanks,
  '2026-11-24-040-contest-cancel-notices': contestCancelNotices,
  '2026-11-24-020-operations': operations,
  '2026-11-24-050-result-notices': resultNotices,
  '2026-11-24-051-sandbox-paid-at': sandboxPaidAt,
  '2026-11-24-052-result-notice-lease': resultNoticeLease,
  '2026-11-24-060-prize-claims': prizeClaims,
  '2026-11-24-030-picture-library': pictureLibrary,
  '2026-11-24-061-picture-files': pictureFiles,
  '2026-11-24-062-push': push,
  '2026-11-25-070-contest-counters': contestCounters,
  '2026-11-25-071-session-location': sessionLocation,
  '2026-11-25-080-contest-seal': contestSeal,
  '2026-11-25-090-login-codes': loginCodes,
  '2026-11-25-091-ticket-positions': ticketPositions,
  '2026-11-25-100-practice-ball-width': practiceBallWidth,
  '2026-11-27-100-contest-picture-ball-width': contestPictureBallWidth,
  '2026-11-27-200-payment-failure-code': paymentFailureCode,
  '2026-11-27-300-user-language': userLanguage,
  '2026-11-27-400-tax-documents': taxDocuments,
  '2026-11-27-500-console': console26,
  '2026-11-27-600-code-channel': codeChannel,
  '2026-11-29-100-phone-change': phoneChange,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before and below the typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Several branches add migrations at once (each with its own date-and-number prefix); one that
  // lands with a name sorting before an applied one still runs, instead of failing start-up.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
