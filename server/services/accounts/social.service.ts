import { rolesOf } from './roles.service.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { toIndianE164 } from '../../../domain/phone.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { accountDeleted, accountSuspended } from './auth.service.ts';
import { toSessionUser } from './session.service.ts';
import type { VerifiedIdentity } from './id-token.ts';
import type { SessionUser } from './session.service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { MessageSender } from '../../integrations/messages.ts';
import type { PlayerLanguage } from '../../integrations/message-language.ts';
import { textCode } from './otp.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';

/** How long someone who proved a Google identity has to fill in the social sign-up form. */
export const SOCIAL_PENDING_MS = 30 * 60 * 1000;

export const noPendingToRead = () => new AppError(404, 'NO_PENDING_SOCIAL', SERVER_ERROR_MESSAGES.googleSignInAgain);
export const noPendingToComplete = () =>
  new AppError(400, 'NO_PENDING_SOCIAL', SERVER_ERROR_MESSAGES.googleSignInExpired);
const PHONE_TAKEN = 'This mobile number is already registered';
const WRONG_EMAIL = 'Use the e-mail of your Google account';
/** The account appeared meanwhile (another tab, or a password sign-up with this e-mail): Google sign-in now finds it. */
const accountExists = () => new AppError(409, 'SOCIAL_ACCOUNT_EXISTS', SERVER_ERROR_MESSAGES.socialAccountExists);
const otherGoogleAccount = () =>
  new AppError(409, 'GOOGLE_ACCOUNT_MISMATCH', SERVER_ERROR_MESSAGES.googleAccountMismatch);

const USER_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'google_subject'] as const;

export type GoogleSignIn =
  | { kind: 'logged_in'; user: SessionUser }
  | { kind: 'needs_signup'; pendingToken: string; prefill: { first_name: string; last_name: string; email: string } };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes in base64url, like the session cookie. */
export function isWellFormedPendingToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

function refuseUnlessActive(status: string): void {
  if (status === 'suspended') throw accountSuspended();
  if (status === 'deleted') throw accountDeleted();
}

/**
 * A verified Google identity: the account linked to its subject; else a pending social sign-in
 * for the /socialsignup form. An account that already holds the same e-mail but is not linked
 * to this Google account is NOT linked automatically: accounts prove their phone, never their
 * e-mail, so that account may have been opened by someone else with this person's address
 * (pre-account takeover). Its owner logs in with the password instead. Suspended and deleted
 * accounts get the password login's answers. An unfinished password sign-up ('pending'
 * status) is no account: the form replaces it.
 */
const EMAIL_REGISTERED =
  'An account with this e-mail already exists. Log in with your mobile number or e-mail and password.';

export async function signInWithGoogle(
  db: Kysely<Database>,
  identity: VerifiedIdentity,
  now: number,
): Promise<GoogleSignIn> {
  const bySubject = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('google_subject', '=', identity.subject)
    .executeTakeFirst();
  if (bySubject) {
    refuseUnlessActive(bySubject.status);
    if (bySubject.status === 'active')
      return { kind: 'logged_in', user: toSessionUser(bySubject, await rolesOf(db, bySubject.id)) };
  }

  const byEmail = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('email', '=', identity.email)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  if (byEmail) {
    refuseUnlessActive(byEmail.status);
    // The address now belongs to a different Google account than the one linked: e-mail
    // addresses get recycled, subjects never do, so this one does not get in.
    if (byEmail.google_subject !== null && byEmail.google_subject !== identity.subject) throw otherGoogleAccount();
    throw new AppError(409, 'EMAIL_REGISTERED', EMAIL_REGISTERED);
  }

  const pendingToken = randomBytes(32).toString('base64url');
  // Expired pending sign-ins of anyone, and earlier ones of this Google account, go.
  await db
    .deleteFrom('social_pending')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('subject', '=', identity.subject)]))
    .execute();
  await db
    .insertInto('social_pending')
    .values({
      id: hashToken(pendingToken),
      subject: identity.subject.slice(0, 255),
      email: identity.email,
      given_name: identity.givenName.slice(0, 100),
      family_name: identity.familyName.slice(0, 100),
      created_at: now,
      expires_at: now + SOCIAL_PENDING_MS,
    })
    .execute();
  return {
    kind: 'needs_signup',
    pendingToken,
    prefill: {
      first_name: identity.givenName.slice(0, 100),
      last_name: identity.familyName.slice(0, 100),
      email: identity.email,
    },
  };
}

export interface PendingSocial {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** The unexpired pending sign-in behind a cookie value, or undefined. */
export async function findPendingSocial(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
): Promise<PendingSocial | undefined> {
  if (token === undefined || !isWellFormedPendingToken(token)) return undefined;
  const row = await db.selectFrom('social_pending').selectAll().where('id', '=', hashToken(token)).executeTakeFirst();
  if (!row || row.expires_at <= now) return undefined;
  return { subject: row.subject, email: row.email, givenName: row.given_name, familyName: row.family_name };
}

export interface SocialSignupForm {
  first_name: string;
  last_name: string;
  email: string;
  /** The 10 digits. */
  phone: string;
}

export interface SocialSignupDeps {
  db: Kysely<Database>;
  secret: string;
  messages: MessageSender;
  now: number;
  /** The request's language: the code's SMS is in it, and the account keeps it. */
  lang: PlayerLanguage;
}

/**
 * The /socialsignup form of someone with a pending Google sign-in: a pending account with the
 * verified e-mail and the Google subject, and a sign-up code by SMS to the number typed. Google
 * proves the e-mail, never the phone: the account becomes active (verifySignup in auth.service.ts)
 * only with the code, as a password sign-up does: nobody can tie a stranger's number to their own
 * Google account (where that person, logging in with a code, would land). The pending Google sign-in
 * stays until the code is right (verifySignup removes it), so the form can be sent again with
 * another number.
 */
export async function completeSocialSignup(
  deps: SocialSignupDeps,
  token: string | undefined,
  form: SocialSignupForm,
): Promise<{ otpToken: string }> {
  const { db, now } = deps;
  const pending = await findPendingSocial(db, token, now);
  if (!pending) throw noPendingToComplete();
  // The login identity is the address Google verified; another one typed in the form is refused
  // rather than silently swapped, so the person sees which address their account has.
  if (form.email.trim().toLowerCase() !== pending.email)
    throw new AppError(400, 'VALIDATION_FAILED', WRONG_EMAIL, { email: WRONG_EMAIL });

  const phone = toIndianE164(form.phone);
  const holders = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'status', 'google_subject'])
    .where((eb) =>
      eb.or([eb('email', '=', pending.email), eb('phone', '=', phone), eb('google_subject', '=', pending.subject)]),
    )
    .execute();
  const taken = holders.filter((user) => user.status !== 'pending');
  if (taken.some((user) => user.email === pending.email || user.google_subject === pending.subject))
    throw accountExists();
  // Saying that a number is registered is an enumeration answer the password sign-up avoids;
  // here it is acceptable: the caller has just proved a Google identity (a pending sign-in
  // exists only after a verified ID token), so asking costs a Google account per try and the
  // per-address rate limit bounds it.
  if (taken.some((user) => user.phone === phone))
    throw new AppError(409, 'PHONE_TAKEN', PHONE_TAKEN, { phone: PHONE_TAKEN });

  const userId = crypto.randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      // Unfinished password sign-ups holding the e-mail or number give way, as a newer password sign-up would.
      const stale = holders.filter((user) => user.status === 'pending').map((user) => user.id);
      if (stale.length)
        await trx.deleteFrom('users').where('id', 'in', stale).where('status', '=', 'pending').execute();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          first_name: form.first_name.trim(),
          last_name: form.last_name.trim(),
          email: pending.email,
          phone,
          password_hash: null,
          status: 'pending',
          avatar_picture_id: null,
          signup_method: 'google',
          google_subject: pending.subject,
          language: deps.lang,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
    });
  } catch (error) {
    // Someone took the number, or this Google account finished in another tab, a moment ago.
    if (!isUniqueViolation(error)) throw error;
    const holder = await db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    if (holder) throw new AppError(409, 'PHONE_TAKEN', PHONE_TAKEN, { phone: PHONE_TAKEN });
    throw accountExists();
  }
  return { otpToken: await textCode(db, deps, { purpose: 'signup', userId, phone, now }) };
}
