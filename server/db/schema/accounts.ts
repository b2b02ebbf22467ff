import type { Generated } from 'kysely';

/** Accounts and signing in: users, sessions, one-time codes, the outbox, pending Google sign-ins. */

export type UserStatus = 'pending' | 'active' | 'suspended' | 'deleted';
export type SignupMethod = 'password' | 'google';

export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  /** Lower-cased. */
  email: string;
  /** E.164, '+91' and 10 digits. */
  phone: string;
  /** 'scrypt$N$r$p$salt$hash'; null for social-only users. */
  password_hash: string | null;
  status: UserStatus;
  // users.role is a leftover of the first schema (player/admin), no longer read: roles live in
  // user_roles. The column keeps its default, so it is not in this type.
  avatar_picture_id: string | null;
  signup_method: SignupMethod;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /** The Google account's 'sub'; null until the user signs in with Google. */
  google_subject: Generated<string | null>;
  /** When a deleted account's personal data was erased (the row stays for tax records). */
  erased_at: Generated<number | null>;
  // Console operations (migration 2026-11-24-020): an admin's suspension; null when the person
  // deactivated the account themselves.
  suspended_at: Generated<number | null>;
  suspend_reason: Generated<string | null>;
  /**
   * The language the player last used the site in (migration 2026-11-27-300): what the messages
   * sent to them later are written in. 'en' until they sign up or log in with the site in Hindi.
   */
  language: Generated<PlayerLanguage>;
  /** GST state code of the player's state (the place of supply on invoices); null until asked (issue 26). */
  supply_state: Generated<string | null>;
  /**
   * A new mobile number asked for in My account, E.164, waiting for its code (migration
   * 2026-11-29-100): it becomes `phone` only with the code sent to it.
   */
  pending_phone: Generated<string | null>;
}

export type PlayerLanguage = 'en' | 'hi';

/** The cookie holds a random id; only its sha256 is stored, so a database leak opens no session. */
export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end, however active the session is. */
  expires_at: number;
  user_agent: string | null;
  ip: string | null;
  /** Where play is allowed: the state the device was found in (IN-MH), until when, signed. */
  location_state: string | null;
  location_until: number | null;
  location_sig: string | null;
}

/**
 * 'login': a code by SMS that logs an active account in instead of its password; 'phone': the
 * code sent to a new number asked for in My account (users.pending_phone).
 */
export type OtpPurpose = 'signup' | 'reset' | 'login' | 'phone';

export interface OtpCodesTable {
  /** The opaque otpToken the client holds. */
  id: string;
  purpose: OtpPurpose;
  /** Null for a decoy challenge, which can never succeed. */
  user_id: string | null;
  recipient_key: string;
  /** HMAC-SHA256 of the code with the server secret. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  last_sent_at: number;
  consumed_at: number | null;
}

/** A code texted (or a decoy's) to a recipient key, for the growing delays between codes (issue 27). */
export interface CodeSendsTable {
  id: string;
  recipient_key: string;
  sent_at: number;
}

/** A wrong password for an identifier key, and the address it came from (issue 27). */
export interface LoginFailuresTable {
  id: string;
  identifier_key: string;
  address: string;
  failed_at: number;
}

export interface OutboxMessagesTable {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: number;
}

/** Someone who proved a Google identity and has not finished the social sign-up form yet. */
export interface SocialPendingTable {
  /** sha256 of the cs_social cookie's value. */
  id: string;
  subject: string;
  /** Verified by the provider; lower-cased. */
  email: string;
  given_name: string;
  family_name: string;
  created_at: number;
  expires_at: number;
}
