import type { ChangePasswordInput, ProfileInput } from '../../domain/validation.ts';
import type { PhoneChange, ProfileUser } from '../../domain/users.ts';
import type { Answer } from './auth.ts';
import { dataAs, http } from './http.ts';

/** The owner's view of the account: the user and, when there is one, the picture's private URL. */
export type { PhoneChange, ProfileUser };

export async function fetchMe(): Promise<ProfileUser> {
  return (await dataAs('profile', (await http.get('/account/me')).data)).user;
}

function messageOf(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

async function profileAnswer(body: unknown): Promise<Answer<ProfileUser>> {
  return { data: (await dataAs('profile', body)).user, message: messageOf(body) };
}

/** The profile saved; a new number is the account's only with the code sent to it (`phoneChange`, then verifyPhone). */
export async function updateProfile(
  input: ProfileInput,
): Promise<Answer<{ user: ProfileUser; phoneChange?: PhoneChange }>> {
  const body: unknown = (await http.patch('/account/profile', input)).data;
  return { data: await dataAs('profileUpdate', body), message: messageOf(body) };
}

/** The code sent to the new number: right, and it is the account's number. */
export async function verifyPhone(otpToken: string, otp: string): Promise<Answer<ProfileUser>> {
  return profileAnswer((await http.post('/account/phone/verify', { otpToken, otp })).data);
}

/** The picture goes as the raw body with its own type; the server makes a 256 px square of it. */
export async function uploadAvatar(file: Blob): Promise<Answer<ProfileUser>> {
  return profileAnswer((await http.post('/account/avatar', file, { headers: { 'Content-Type': file.type } })).data);
}

export async function removeAvatar(): Promise<Answer<ProfileUser>> {
  return profileAnswer((await http.delete('/account/avatar')).data);
}

export async function changePassword(input: ChangePasswordInput): Promise<Answer<Record<string, never>>> {
  const body: unknown = (await http.post('/account/password', input)).data;
  return { data: await dataAs('empty', body), message: messageOf(body) };
}

export async function deactivateAccount(): Promise<string> {
  return messageOf((await http.post('/account/deactivate')).data);
}

export async function deleteAccount(): Promise<string> {
  return messageOf((await http.post('/account/delete')).data);
}

/** A code by SMS to the account's own number, to set a password (or a new one without the current one). */
export async function requestPasswordCode(): Promise<Answer<{ otpToken: string; hadPassword: boolean }>> {
  const body: unknown = (await http.post('/account/password/code')).data;
  return { data: await dataAs('passwordCode', body), message: messageOf(body) };
}

/** The code of requestPasswordCode and the new password; the server gives this browser a fresh session. */
export async function setPasswordWithCode(input: {
  otpToken: string;
  otp: string;
  password: string;
  confirmPassword: string;
}): Promise<Answer<Record<string, never>>> {
  const body: unknown = (await http.post('/account/password/set', input)).data;
  return { data: await dataAs('empty', body), message: messageOf(body) };
}

/** The language the player now uses the site in, for the messages sent to them later. */
export async function saveAccountLanguage(language: 'en' | 'hi'): Promise<void> {
  await http.put('/account/language', { language }, { quietUnauthorized: true });
}
