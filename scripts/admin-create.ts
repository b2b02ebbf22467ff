// Creates the first admin, or makes an existing account an admin:
//   ADMIN_PASSWORD='...' npm run admin:create -- --email a@b.in --phone 9876543210 --first Asha --last Rao
//   npm run admin:create -- --email someone@gmail.com          (promotes an existing account)
// Without ADMIN_PASSWORD, in a terminal, the password is asked for twice without echo.
// Uses the configured database (DATA_DIR / DATABASE_URL), migrated first. Exit code 1 on bad input.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { stripPhonePrefix, toIndianE164 } from '../domain/phone.ts';
import { emailSchema, nameField, indianPhoneSchema, resetPasswordSchema } from '../domain/validation.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { recordAudit } from '../server/services/site/audit.service.ts';
import { createPasswordHasher } from '../server/services/accounts/password.ts';
import { grantRole, rolesOf } from '../server/services/accounts/roles.service.ts';

/** `npm run admin:create` acts as the system, from the shell (the audit log says so). */
const SHELL_ACTOR = { id: null, name: 'Shell (npm run admin:create)' };
import { messageFor } from '../server/validation-messages.ts';
import { activeUserRow } from '../server/db/user-rows.ts';

const USAGE = `Usage:
  ADMIN_PASSWORD='<password>' npm run admin:create -- --email <email> --phone <10-digit mobile> --first <First name> --last <Last name>
  npm run admin:create -- --email <email of an existing account>     (makes it an admin)
Without ADMIN_PASSWORD, in a terminal, the password is asked for (twice, not shown).`;

/** A problem the person running the script can fix; printed without a stack trace. */
class InputError extends Error {}

const newAdminSchema = z.object({
  firstName: nameField('firstNameRequired'),
  lastName: nameField('lastNameRequired'),
  // Any address: staff may use the company's own domain, unlike players.
  email: emailSchema,
  phone: indianPhoneSchema,
});

const OPTION_FOR: Record<string, string> = {
  firstName: '--first',
  lastName: '--last',
  email: '--email',
  phone: '--phone',
  password: 'ADMIN_PASSWORD',
  confirmPassword: 'password confirmation',
};

function problemsOf(error: z.ZodError): string {
  const lines = new Map<string, string>();
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!lines.has(key)) lines.set(key, `  ${OPTION_FOR[key] ?? key}: ${messageFor(issue.message)}`);
  }
  return [...lines.values()].join('\n');
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        phone: { type: 'string' },
        first: { type: 'string' },
        last: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new InputError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    function onData(chunk: string) {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          done();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          done();
          reject(new InputError('Cancelled.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    }
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  let password: string;
  let confirmPassword: string;
  if (process.env.ADMIN_PASSWORD !== undefined && process.env.ADMIN_PASSWORD !== '') {
    password = process.env.ADMIN_PASSWORD;
    confirmPassword = password;
  } else if (process.stdin.isTTY) {
    password = await promptHidden('Password for the new admin: ');
    confirmPassword = await promptHidden('The same password again: ');
  } else {
    throw new InputError('No password: set ADMIN_PASSWORD, or run the command in a terminal to type it.');
  }
  const parsed = resetPasswordSchema.safeParse({ password, confirmPassword });
  if (!parsed.success) throw new InputError(`The password is not accepted:\n${problemsOf(parsed.error)}`);
  return parsed.data.password;
}

async function main(): Promise<void> {
  const args = readArgs();
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const email = emailSchema.safeParse(args.email ?? '');
  if (!email.success)
    throw new InputError(
      `${problemsOf(new z.ZodError(email.error.issues.map((issue) => ({ ...issue, path: ['email'] }))))}\n\n${USAGE}`,
    );
  const address = email.data.toLowerCase();

  const config = loadConfig();
  const { db, dialect } = openDatabase(config);
  try {
    await migrateToLatest(db);
    const existing = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'status'])
      .where('email', '=', address)
      .executeTakeFirst();
    if (existing) {
      if (existing.status !== 'active') {
        const why = {
          pending: 'has not finished sign-up (the code sent to the phone was never entered)',
          suspended: 'is deactivated',
          deleted: 'is deleted',
        }[existing.status as 'pending' | 'suspended' | 'deleted'];
        throw new InputError(`The account ${address} ${why}; only an active account can be made an admin.`);
      }
      const ignored = ['phone', 'first', 'last'].filter((key) => args[key as 'phone' | 'first' | 'last'] !== undefined);
      if (ignored.length)
        console.log(
          `The account exists: ${ignored.map((key) => `--${key}`).join(', ')} ignored (and its password is left as it is).`,
        );
      if ((await rolesOf(db, existing.id)).includes('admin')) {
        console.log(
          `${existing.first_name} ${existing.last_name} <${address}> is already an admin; nothing changed (${dialect}).`,
        );
        return;
      }
      await grantRole(db, SHELL_ACTOR, existing.id, 'admin', Date.now());
      console.log(
        `Promoted ${existing.first_name} ${existing.last_name} <${address}> to admin (${dialect}, user ${existing.id}).`,
      );
      return;
    }

    const input = newAdminSchema.safeParse({
      firstName: args.first ?? '',
      lastName: args.last ?? '',
      email: address,
      phone: stripPhonePrefix(args.phone ?? ''),
    });
    if (!input.success)
      throw new InputError(
        `No account has the e-mail ${address}, so this creates a new admin; fix these first:\n${problemsOf(input.error)}\n\n${USAGE}`,
      );
    const phone = toIndianE164(input.data.phone);
    const holder = await db.selectFrom('users').select('email').where('phone', '=', phone).executeTakeFirst();
    if (holder)
      throw new InputError(
        `The mobile number ${phone} belongs to another account (${holder.email}). Use another number, or promote that account with --email ${holder.email}.`,
      );

    const password = await readPassword();
    const passwordHash = await createPasswordHasher().hash(password);
    const id = crypto.randomUUID();
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values(
          activeUserRow(
            { id, firstName: input.data.firstName, lastName: input.data.lastName, email: address, phone, passwordHash },
            now,
          ),
        )
        .execute();
      await trx
        .insertInto('user_roles')
        .values({ user_id: id, role: 'admin', granted_by: null, granted_at: now })
        .execute();
      await recordAudit(trx, SHELL_ACTOR, {
        action: 'user.create_admin',
        targetType: 'user',
        targetId: id,
        summary: `Created the admin ${input.data.firstName} ${input.data.lastName} from the shell`,
        after: { email: address, roles: ['admin'] },
        now,
      });
    });
    console.log(
      `Created admin ${input.data.firstName} ${input.data.lastName} <${address}>, ${phone} (${dialect}, user ${id}). Log in at ${config.publicUrl}/login.`,
    );
  } finally {
    await db.destroy();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof InputError || error instanceof ConfigError) console.error(error.message);
  else console.error('admin:create failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
