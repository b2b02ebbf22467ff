import { rolesOf } from './roles.service.ts';
import type { Kysely } from 'kysely';
import { toIndianE164 } from '../../../domain/phone.ts';
import type { SignupInput } from '../../../domain/validation.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { MessageSender } from '../../integrations/messages.ts';
import { type PlayerLanguage, rememberLanguage } from '../../integrations/message-language.ts';
import { codeSms, loginRefusedSms, signupAttemptEmail, signupAttemptSms } from '../../integrations/player-messages.ts';
import {
  closeChallenge,
  openChallenge,
  otpExpired,
  recipientKey,
  reissueChallenge,
  requireOpenChallenge,
  verifyChallenge,
} from './otp.service.ts';
import type { PasswordHasher } from './password.ts';
import { revokeUserSessions, type SessionUser, toSessionUser } from './session.service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';

export interface AuthDeps {
  /** The client's address: password hashing is queued fairly per address (hash-queue.ts). */
  clientAddress?: string;
  db: Kysely<Database>;
  secret: string;
  passwords: PasswordHasher;
  messages: MessageSender;
  now: number;
  /** The request's language (message-language.ts): the codes' SMS are in it, and a login stores it. */
  lang: PlayerLanguage;
}

export const loginFailed = () => new AppError(401, 'LOGIN_FAILED', SERVER_ERROR_MESSAGES.loginFailed);
export const accountSuspended = () => new AppError(403, 'ACCOUNT_SUSPENDED', SERVER_ERROR_MESSAGES.accountSuspended);
export const accountDeleted = () => new AppError(403, 'ACCOUNT_DELETED', SERVER_ERROR_MESSAGES.accountDeleted);

/** An email identifier is matched lower-cased; a phone one arrives as 10 digits (identifierSchema). */
export function normalizeIdentifier(identifier: string): { email: string } | { phone: string } {
  return identifier.includes('@') ? { email: identifier.trim().toLowerCase() } : { phone: toIndianE164(identifier) };
}

/** The key of the per-recipient send limit for a sign-up phone or a forgot identifier. */
export function sendKeyFor(secret: string, recipient: string): string {
  return recipientKey(secret, recipient);
}

/**
 * Sign-up: a pending user (a new one, or the pending one with this email or phone, updated)
 * and a code by SMS. No password is asked at sign-up (issue 25): the account has none until the
 * player sets one (a reset code, /createpassword); an API client may still send one, which is
 * then checked by the password rules and kept. If the email or phone belongs to an account that
 * is past pending, the answer looks the same, a decoy challenge stands in, and the owner is told
 * by SMS or e-mail that someone tried; nothing about the account is revealed to the caller.
 */
export async function signUp(deps: AuthDeps, input: SignupInput): Promise<{ otpToken: string }> {
  const { db, now } = deps;
  const email = input.email.trim().toLowerCase();
  const phone = toIndianE164(input.phone);
  // Hashed first, whichever way this goes, so both ways take the same time.
  const passwordHash =
    input.password === undefined ? null : await deps.passwords.hash(input.password, deps.clientAddress);
  const sendKey = sendKeyFor(deps.secret, phone);

  const matches = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'status', 'language'])
    .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]))
    .execute();
  const taken = matches.filter((user) => user.status !== 'pending');
  if (taken.length > 0) {
    const challenge = await openChallenge(db, deps.secret, {
      purpose: 'signup',
      userId: null,
      recipientKey: sendKey,
      now,
    });
    // In the owner's language, not the caller's: the caller may be anyone.
    const owner = taken.find((user) => user.phone === phone);
    if (owner) {
      await deps.messages.send(signupAttemptSms(owner.language, phone));
    } else {
      await deps.messages.send(signupAttemptEmail(taken[0]!.language, email));
    }
    return { otpToken: challenge.otpToken };
  }

  // Pending users never finished sign-up: the newest attempt wins and any other pending row
  // holding this email or phone goes.
  const keep = matches.find((user) => user.email === email) ?? matches[0];
  const others = matches.filter((user) => user.id !== keep?.id).map((user) => user.id);
  if (others.length) await db.deleteFrom('users').where('id', 'in', others).where('status', '=', 'pending').execute();

  let userId: string;
  const fields = {
    first_name: input.firstName,
    last_name: input.lastName,
    email,
    phone,
    password_hash: passwordHash,
    language: deps.lang,
    // A pending row left by an unfinished Google sign-up is someone else's Google account: it
    // becomes a plain password sign-up, never linked to that Google account.
    signup_method: 'password' as const,
    google_subject: null,
    updated_at: now,
  };
  try {
    if (keep) {
      userId = keep.id;
      await db.updateTable('users').set(fields).where('id', '=', userId).where('status', '=', 'pending').execute();
    } else {
      userId = crypto.randomUUID();
      await db
        .insertInto('users')
        .values({
          id: userId,
          ...fields,
          status: 'pending',
          avatar_picture_id: null,
          created_at: now,
          deleted_at: null,
        })
        .execute();
    }
  } catch (error) {
    // Another sign-up took the email or phone a moment ago: answer like any taken one.
    if (!isUniqueViolation(error)) throw error;
    const challenge = await openChallenge(db, deps.secret, {
      purpose: 'signup',
      userId: null,
      recipientKey: sendKey,
      now,
    });
    return { otpToken: challenge.otpToken };
  }
  const challenge = await openChallenge(db, deps.secret, { purpose: 'signup', userId, recipientKey: sendKey, now });
  await deps.messages.send(codeSms(deps.lang, phone, challenge.code, 'signup'));
  return { otpToken: challenge.otpToken };
}

/**
 * Right code: the pending user (a password or a Google sign-up) becomes active and is returned,
 * to be logged in.
 */
export async function verifySignup(deps: AuthDeps, otpToken: string, otp: string): Promise<SessionUser> {
  const userId = await verifyChallenge(deps.db, deps.secret, {
    otpToken,
    purpose: 'signup',
    code: otp,
    now: deps.now,
    consume: true,
  });
  await deps.db
    .updateTable('users')
    .set({ status: 'active', updated_at: deps.now })
    .where('id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'google_subject'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.status !== 'active') throw new AppError(400, 'OTP_EXPIRED', SERVER_ERROR_MESSAGES.otpExpired);
  // A Google sign-up's pending sign-in (social.service.ts) is used up.
  if (user.google_subject !== null)
    await deps.db.deleteFrom('social_pending').where('subject', '=', user.google_subject).execute();
  await rememberLanguage(deps.db, user.id, deps.lang);
  return toSessionUser(user, await rolesOf(deps.db, user.id));
}

/** A new code for a challenge (cooldown respected); a decoy's goes to nobody. */
export async function resendCode(deps: AuthDeps, otpToken: string): Promise<void> {
  const fresh = await reissueChallenge(deps.db, deps.secret, otpToken, deps.now);
  const purpose = fresh.purpose;
  if (!fresh.userId) return;
  const user = await deps.db
    .selectFrom('users')
    .select(['phone', 'pending_phone', 'status', 'password_hash'])
    .where('id', '=', fresh.userId)
    .executeTakeFirst();
  if (!user || user.status !== (purpose === 'signup' ? 'pending' : 'active')) return;
  // A new number's code goes to that number (profile.service.ts), every other to the account's.
  const to = purpose === 'phone' ? user.pending_phone : user.phone;
  if (to === null) return;
  const words = purpose === 'reset' && user.password_hash === null ? 'set' : purpose;
  await deps.messages.send(codeSms(deps.lang, to, fresh.code, words));
}

/**
 * Email or phone with password. Unknown user, no password (signed up with a code or with Google,
 * none set since), wrong password and a sign-up never finished all answer 401 'Login Failed'
 * after the same scrypt work; only the right password learns that the account is deactivated or
 * deleted.
 */
export async function logIn(deps: AuthDeps, identifier: string, password: string): Promise<SessionUser> {
  const key = normalizeIdentifier(identifier);
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'password_hash'])
    .where('email' in key ? 'email' : 'phone', '=', 'email' in key ? key.email : key.phone)
    .executeTakeFirst();
  if (!user?.password_hash) {
    await deps.passwords.verifyDummy(password, deps.clientAddress);
    throw loginFailed();
  }
  if (!(await deps.passwords.verify(password, user.password_hash, deps.clientAddress))) throw loginFailed();
  if (user.status === 'pending') throw loginFailed();
  if (user.status === 'suspended') throw accountSuspended();
  if (user.status === 'deleted') throw accountDeleted();
  if (deps.passwords.needsRehash(user.password_hash)) {
    await deps.db
      .updateTable('users')
      .set({ password_hash: await deps.passwords.hash(password, deps.clientAddress), updated_at: deps.now })
      .where('id', '=', user.id)
      .execute();
  }
  await rememberLanguage(deps.db, user.id, deps.lang);
  return toSessionUser(user, await rolesOf(deps.db, user.id));
}

/**
 * Forgotten password: a reset code by SMS to an active account's phone; for anything else a
 * decoy challenge. The answer is the same either way. An account without a password gets the
 * same code worded as one to set a password (issue 25).
 */
export async function forgotPassword(deps: AuthDeps, identifier: string): Promise<{ otpToken: string }> {
  const key = normalizeIdentifier(identifier);
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'phone', 'status', 'password_hash'])
    .where('email' in key ? 'email' : 'phone', '=', 'email' in key ? key.email : key.phone)
    .executeTakeFirst();
  const active = user?.status === 'active' ? user : undefined;
  const sendKey = sendKeyFor(deps.secret, 'email' in key ? key.email : key.phone);
  const challenge = await openChallenge(deps.db, deps.secret, {
    purpose: 'reset',
    userId: active?.id ?? null,
    recipientKey: sendKey,
    now: deps.now,
    closeEarlier: false,
  });
  if (active)
    await deps.messages.send(
      codeSms(deps.lang, active.phone, challenge.code, active.password_hash === null ? 'set' : 'reset'),
    );
  return { otpToken: challenge.otpToken };
}

/** Right code: the new password is set and every session of the account ends. */
export async function resetPassword(deps: AuthDeps, otpToken: string, otp: string, password: string): Promise<void> {
  const userId = await verifyChallenge(deps.db, deps.secret, {
    otpToken,
    purpose: 'reset',
    code: otp,
    now: deps.now,
    consume: true,
  });
  const passwordHash = await deps.passwords.hash(password, deps.clientAddress);
  const updated = await deps.db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: deps.now })
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError(400, 'OTP_EXPIRED', SERVER_ERROR_MESSAGES.otpExpired);
  await revokeUserSessions(deps.db, userId);
}

/** A reset code checked without using it up, for the code screen before the new password. */
export async function checkResetCode(deps: AuthDeps, otpToken: string, otp: string): Promise<void> {
  await verifyChallenge(deps.db, deps.secret, { otpToken, purpose: 'reset', code: otp, now: deps.now, consume: false });
}

/**
 * Login with a code by SMS, step one: a login code to the phone of the active account with this
 * number. Any other number (none, a sign-up never finished) gets a decoy challenge and no SMS; a
 * deactivated or deleted account's phone is told how to reactivate it, with no code. The caller
 * gets the same answer every time. The code belongs to this request (its otpToken, which the route
 * keeps in a cookie): the browser's own earlier login code stops working, nobody else's does.
 */
export async function requestLoginCode(
  deps: AuthDeps,
  phone10: string,
  previousToken: string | null = null,
): Promise<{ otpToken: string }> {
  const { db, now } = deps;
  const phone = toIndianE164(phone10);
  const sendKey = sendKeyFor(deps.secret, phone);
  const user = await db
    .selectFrom('users')
    .select(['id', 'phone', 'status'])
    .where('phone', '=', phone)
    .executeTakeFirst();
  const active = user?.status === 'active' ? user : undefined;
  if (previousToken) await closeChallenge(db, previousToken, 'login', now);
  const challenge = await openChallenge(db, deps.secret, {
    purpose: 'login',
    userId: active?.id ?? null,
    recipientKey: sendKey,
    now,
    closeEarlier: false,
  });
  if (active) {
    await deps.messages.send(codeSms(deps.lang, phone, challenge.code, 'login'));
  } else if (user?.status === 'suspended' || user?.status === 'deleted') {
    await deps.messages.send(loginRefusedSms(deps.lang, phone, user.status));
  }
  return { otpToken: challenge.otpToken };
}

/** The code's own errors name the request's `code` field (the shared checks call it `otp`). */
function asCodeField(error: unknown): unknown {
  if (error instanceof AppError && error.fields?.otp)
    return new AppError(error.statusCode, error.code, error.message, { code: error.fields.otp }, error.details);
  return error;
}

/**
 * Login with a code by SMS, step two: the login code this browser asked for (`otpToken`, from the
 * route's cookie), for this number. Right: the code is used up and the account returned, to be
 * logged in; the account that was deactivated or deleted since the code went out gets password
 * login's answers. Wrong, expired, used or locked: the shared code checks' answers (five tries,
 * ten minutes, single use). Tries are the request's own: a stranger's wrong codes for the number
 * spend only the tries of the stranger's own request (issue 27, finding 4).
 */
export async function logInWithCode(
  deps: AuthDeps,
  phone10: string,
  code: string,
  otpToken: string | null,
): Promise<SessionUser> {
  const phone = toIndianE164(phone10);
  let userId: string;
  try {
    const challenge = await requireOpenChallenge(deps.db, otpToken, 'login', sendKeyFor(deps.secret, phone));
    userId = await verifyChallenge(deps.db, deps.secret, {
      otpToken: challenge,
      purpose: 'login',
      code,
      now: deps.now,
      consume: true,
    });
  } catch (error) {
    throw asCodeField(error);
  }
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  // The number moved to another account, or the account went, while the code was out.
  if (!user || user.phone !== phone) throw asCodeField(otpExpired());
  if (user.status === 'suspended') throw accountSuspended();
  if (user.status === 'deleted') throw accountDeleted();
  if (user.status !== 'active') throw asCodeField(otpExpired());
  await rememberLanguage(deps.db, user.id, deps.lang);
  return toSessionUser(user, await rolesOf(deps.db, user.id));
}
