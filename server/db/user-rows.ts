import type { Insertable } from 'kysely';
import type { UsersTable } from './schema.ts';

/** Who a new account is for: the phone in E.164 ('+91' and 10 digits), the e-mail lower-cased. */
export interface NewAccount {
  id?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Null: no password (a player who logs in with a code or whose session is made directly). */
  passwordHash?: string | null;
  /** The GST state code the player gave for the invoice's place of supply; null (the default) until asked. */
  supplyState?: string | null;
}

/**
 * The row of an account that is active from the start, as a finished password sign-up leaves it:
 * for the operator's admin-create CLI, the load drill, the demo seed, the benches and the tests.
 */
export function activeUserRow(account: NewAccount, now: number): Insertable<UsersTable> & { id: string } {
  return {
    id: account.id ?? crypto.randomUUID(),
    first_name: account.firstName,
    last_name: account.lastName,
    email: account.email,
    phone: account.phone,
    password_hash: account.passwordHash ?? null,
    status: 'active',
    avatar_picture_id: null,
    signup_method: 'password',
    created_at: now,
    updated_at: now,
    deleted_at: null,
    supply_state: account.supplyState ?? null,
  };
}
