import { rolesOf } from './roles.service.ts';
import type { Kysely } from 'kysely';
import { toIndianE164 } from '../../../domain/phone.ts';
import type { ProfileUser } from '../../../domain/users.ts';
import type { ProfileInput } from '../../../domain/validation.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { MessageSender } from '../../integrations/messages.ts';
import type { PlayerLanguage } from '../../integrations/message-language.ts';
import { contactChangedNotice } from '../../integrations/player-messages.ts';
import { findOpenChallenge, otpExpired, recipientKey, textCode, verifyChallenge } from './otp.service.ts';
import { deletePictureFiles, deletePictureRows } from '../pictures/picture.service.ts';
import { storeAvatarPicture } from '../pictures/avatars.ts';
import { toSessionUser } from './session.service.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const EMAIL_TAKEN = 'This e-mail is already registered';
export const PHONE_TAKEN = 'This mobile number is already registered';
export const GOOGLE_EMAIL_ONLY = 'Use the e-mail of your Google account';

/** The owner's own picture: private, never the public pictures route. `v` changes with the picture, so an <img> reloads. */
export function avatarUrlFor(pictureId: string | null): string | null {
  return pictureId ? `/api/v1/account/avatar/image?v=${encodeURIComponent(pictureId)}` : null;
}

export async function loadProfile(db: Kysely<Database>, userId: string): Promise<ProfileUser> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'avatar_picture_id', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    ...toSessionUser(row, await rolesOf(db, row.id)),
    avatarUrl: avatarUrlFor(row.avatar_picture_id),
    hasPassword: row.password_hash !== null,
  };
}

function conflict(fields: Record<string, string>): AppError {
  return new AppError(409, 'ALREADY_REGISTERED', Object.values(fields)[0] ?? EMAIL_TAKEN, fields);
}

export interface ProfileDeps {
  messages: MessageSender;
  secret: string;
  /** The request's language: the new number's code is in it. */
  lang: PlayerLanguage;
  /** Counts a code to a recipient key against the waits between codes (code-sends.service.ts); throws 429. */
  claimSend: (recipientKey: string) => Promise<void>;
}

/** A new number waiting for its code: the code's request, and the number it went to. */
export interface PhoneChange {
  otpToken: string;
  phone: string;
}

/**
 * Names, e-mail and phone of the logged-in user. An e-mail or phone held by another account is
 * a 409 with the field named (the caller is logged in and the route is rate-limited, so this is
 * no cheap way to enumerate accounts). An unfinished sign-up ('pending') holding the e-mail gives
 * way, as it does to a new sign-up. A Google-linked account keeps its Google e-mail. When the
 * e-mail changes, the old address is told, so a stolen session cannot move an account away
 * silently.
 *
 * A new mobile number is not taken at once: login and reset codes go to it, so whoever holds the
 * session (a stolen cookie, a shared phone) could otherwise make the account theirs for good. It
 * waits in pending_phone and a code goes to it (`phoneChange`); verifyPhoneChange makes it the
 * account's number with that code and tells the old one. Saving the current number again drops
 * a waiting change.
 */
export async function updateProfile(
  db: Kysely<Database>,
  deps: ProfileDeps,
  options: { userId: string; input: ProfileInput; now: number },
): Promise<{ user: ProfileUser; phoneChange: PhoneChange | null }> {
  const { userId, input, now } = options;
  const email = input.email.trim().toLowerCase();
  const phone = toIndianE164(input.phone);
  const current = await db
    .selectFrom('users')
    .select(['email', 'phone', 'google_subject', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (current.google_subject !== null && email !== current.email) {
    throw new AppError(400, 'GOOGLE_EMAIL_LOCKED', GOOGLE_EMAIL_ONLY, { email: GOOGLE_EMAIL_ONLY });
  }
  const newPhone = phone !== current.phone;

  const others = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'status'])
    .where('id', '!=', userId)
    .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]))
    .execute();
  const taken: Record<string, string> = {};
  for (const other of others.filter((user) => user.status !== 'pending')) {
    if (other.email === email) taken.email = EMAIL_TAKEN;
    if (other.phone === phone) taken.phone = PHONE_TAKEN;
  }
  if (Object.keys(taken).length) throw conflict(taken);
  // Counted before anything is saved: a refused send (the waits between codes) changes nothing.
  if (newPhone) await deps.claimSend(recipientKey(deps.secret, phone));

  try {
    await db.transaction().execute(async (trx) => {
      const pending = others.filter((user) => user.email === email).map((user) => user.id);
      if (pending.length)
        await trx.deleteFrom('users').where('id', 'in', pending).where('status', '=', 'pending').execute();
      await trx
        .updateTable('users')
        .set({
          first_name: input.firstName,
          last_name: input.lastName,
          email,
          pending_phone: newPhone ? phone : null,
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
    });
  } catch (error) {
    // Someone took the e-mail between the check and the update.
    if (!isUniqueViolation(error)) throw error;
    throw conflict({ email: EMAIL_TAKEN });
  }

  if (email !== current.email) await deps.messages.send(contactChangedNotice(current.language, 'email', current.email));
  let phoneChange: PhoneChange | null = null;
  if (newPhone) {
    const otpToken = await textCode(db, deps, { purpose: 'phone', userId, phone, now });
    phoneChange = { otpToken, phone };
  }
  return { user: await loadProfile(db, userId), phoneChange };
}

/**
 * The right code of the player's own request to a new number: that number becomes the account's
 * (an unfinished sign-up holding it gives way) and the old one is told. A code for a number the
 * player has since replaced, or of another account's request, is refused as expired; a number
 * another account took meanwhile is a 409.
 */
export async function verifyPhoneChange(
  db: Kysely<Database>,
  deps: { messages: MessageSender; secret: string },
  options: { userId: string; otpToken: string; otp: string; now: number },
): Promise<ProfileUser> {
  const { userId, now } = options;
  const request = await findOpenChallenge(db, options.otpToken);
  const user = await db
    .selectFrom('users')
    .select(['phone', 'pending_phone', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const waiting = user.pending_phone;
  if (waiting === null || request.recipientKey !== recipientKey(deps.secret, waiting)) throw otpExpired();
  const owner = await verifyChallenge(db, deps.secret, {
    otpToken: options.otpToken,
    purpose: 'phone',
    code: options.otp,
    now,
    consume: true,
  });
  if (owner !== userId) throw otpExpired();
  const holder = await db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('phone', '=', waiting)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (holder && holder.status !== 'pending') throw conflict({ phone: PHONE_TAKEN });
  try {
    await db.transaction().execute(async (trx) => {
      if (holder) await trx.deleteFrom('users').where('id', '=', holder.id).where('status', '=', 'pending').execute();
      await trx
        .updateTable('users')
        .set({ phone: waiting, pending_phone: null, updated_at: now })
        .where('id', '=', userId)
        .where('pending_phone', '=', waiting)
        .execute();
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflict({ phone: PHONE_TAKEN });
  }
  await deps.messages.send(contactChangedNotice(user.language, 'phone', user.phone));
  return loadProfile(db, userId);
}

/**
 * Stores a new profile picture (a 256 px square) and makes it the user's; the old one's rows
 * and files go. Throws AppError 400 for a file that is not a usable picture.
 */
export async function setAvatar(
  db: Kysely<Database>,
  store: PictureStore,
  options: { userId: string; buffer: Buffer; now: number },
): Promise<ProfileUser> {
  const picture = await storeAvatarPicture(db, store, options.buffer, options.now);
  let previous: string | null;
  try {
    previous = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('users')
        .select('avatar_picture_id')
        .where('id', '=', options.userId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ avatar_picture_id: picture.id, updated_at: options.now })
        .where('id', '=', options.userId)
        .execute();
      if (row.avatar_picture_id) await deletePictureRows(trx, row.avatar_picture_id);
      return row.avatar_picture_id;
    });
  } catch (error) {
    await deletePictureRows(db, picture.id);
    await deletePictureFiles(store, picture.id);
    throw error;
  }
  if (previous) await deletePictureFiles(store, previous);
  return loadProfile(db, options.userId);
}

/** Removes the user's profile picture, rows and files; nothing to remove is fine too. */
export async function removeAvatar(
  db: Kysely<Database>,
  store: PictureStore,
  options: { userId: string; now: number },
): Promise<ProfileUser> {
  const row = await db
    .selectFrom('users')
    .select('avatar_picture_id')
    .where('id', '=', options.userId)
    .executeTakeFirstOrThrow();
  const previous = row.avatar_picture_id;
  if (previous) {
    await db.transaction().execute(async (trx) => {
      // Only if it is still the same picture: a concurrent upload's new one stays.
      await trx
        .updateTable('users')
        .set({ avatar_picture_id: null, updated_at: options.now })
        .where('id', '=', options.userId)
        .where('avatar_picture_id', '=', previous)
        .execute();
      await deletePictureRows(trx, previous);
    });
    await deletePictureFiles(store, previous);
  }
  return loadProfile(db, options.userId);
}
