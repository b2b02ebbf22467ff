import type { AccountUser, SocialPrefill } from '../../domain/users.ts';
import type { ForgotInput, LoginInput, SignupInput } from '../../domain/validation.ts';
import type { AnswerName, AnswerOf } from './checked.ts';
import { dataAs, http } from './http.ts';

/** The account as the server shows it to its owner: the contract in domain/users.ts. */
export type { AccountUser };

/** A success answer: its data and the server's message, which some screens show as is. */
export interface Answer<T> {
  data: T;
  message: string;
}

function messageOf(body: unknown): string {
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : '';
}

/** A success answer checked as `answer` (checked.ts), with the server's message. */
async function answerOf<K extends AnswerName>(answer: K, body: unknown): Promise<Answer<AnswerOf<K>>> {
  return { data: await dataAs(answer, body), message: messageOf(body) };
}

/** Creates a pending account and sends the code to its phone; the token names the code request. */
export async function signUp(input: SignupInput): Promise<Answer<{ otpToken: string }>> {
  return answerOf('otpToken', await http.post('/auth/signup', input).then((res) => res.data));
}

export async function verifySignupCode(otpToken: string, otp: string): Promise<Answer<{ user: AccountUser }>> {
  return answerOf('accountUser', await http.post('/auth/otp/verify', { otpToken, otp }).then((res) => res.data));
}

/** A new code for a sign-up or a reset; the server answers 429 OTP_COOLDOWN inside the minute. */
export async function resendCode(otpToken: string): Promise<Answer<Record<string, never>>> {
  return answerOf('empty', await http.post('/auth/otp/resend', { otpToken }).then((res) => res.data));
}

export async function logIn(input: LoginInput): Promise<Answer<{ user: AccountUser }>> {
  return answerOf('accountUser', await http.post('/auth/login', input).then((res) => res.data));
}

/** Login with a code by SMS: asks for a code to the 10-digit number; the same answer whether or not it has an account. */
export async function requestLoginCode(phone: string): Promise<Answer<{ otpToken: string }>> {
  return answerOf('otpToken', await http.post('/auth/login-code', { phone }).then((res) => res.data));
}

/** The code sent to the number: right, and the session cookie is set as by a password login. */
export async function verifyLoginCode(phone: string, code: string): Promise<Answer<{ user: AccountUser }>> {
  return answerOf('accountUser', await http.post('/auth/login-code/verify', { phone, code }).then((res) => res.data));
}

export async function logOut(): Promise<void> {
  await http.post('/auth/logout');
}

export async function requestReset(input: ForgotInput): Promise<Answer<{ otpToken: string }>> {
  return answerOf('otpToken', await http.post('/auth/forgot', input).then((res) => res.data));
}

/** Checks a reset code without using it up, so the new password can follow on its own screen. */
export async function checkResetCode(otpToken: string, otp: string): Promise<void> {
  await http.post('/auth/reset/check', { otpToken, otp });
}

export async function resetPassword(input: {
  otpToken: string;
  otp: string;
  password: string;
  confirmPassword: string;
}): Promise<Answer<Record<string, never>>> {
  return answerOf('empty', await http.post('/auth/reset', input).then((res) => res.data));
}

/** What Google told the server about the pending sign-in (domain/users.ts); refused when nothing is pending. */
export async function fetchSocialPending(): Promise<SocialPrefill> {
  return dataAs('socialPrefill', (await http.get('/app/auth/social-pending')).data);
}

/** The spec's social sign-up payload plus the agreements. */
export interface SocialLoginPayload {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  signup_method: 'google';
  device_type: 'website';
  device_token: string;
  agreeLegal: boolean;
  agreeRules: boolean;
  agreeAge: boolean;
}

export async function socialLogin(payload: SocialLoginPayload): Promise<Answer<AnswerOf<'socialLogin'>>> {
  return answerOf('socialLogin', await http.post('/app/auth/social-login', payload).then((res) => res.data));
}

/** Where the server-side Google sign-in starts; it comes back to `returnTo` on this site. */
export function googleStartUrl(returnTo: string): string {
  return `/api/v1/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`;
}
