import { safeReturnPath } from '../../shared/intended-path.ts';

/**
 * The code request between the screens of one flow (sign-up -> /otp; forgot -> /otps ->
 * /createpassword), kept in session storage so a reload of the tab does not lose it. The token
 * only names the request on the server; the code itself is the secret and is kept only between
 * /otps and /createpassword, in this tab.
 */
export interface CodeChallenge {
  purpose: 'signup' | 'reset';
  otpToken: string;
  /** When the last code went out (ms since the epoch), for the resend countdown. */
  sentAt: number;
  /** The checked reset code, set by /otps for /createpassword. */
  otp?: string;
  /** A sign-up's page to land on once the code is right (the page the player came from). */
  returnTo?: string;
  /** A Google sign-up's code (/socialsignup): a wrong number is changed on that form, not on /signup. */
  social?: boolean;
  /**
   * A reset asked for by the logged-in player in My account (to set a password, or a new one
   * without the current one): /createpassword sets it through the account and goes back there.
   */
  account?: boolean;
}

const KEY = 'authCodeChallenge';

export function readChallenge(purpose: CodeChallenge['purpose']): CodeChallenge | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CodeChallenge>;
    if (value.purpose !== purpose || typeof value.otpToken !== 'string' || typeof value.sentAt !== 'number')
      return null;
    const returnTo = safeReturnPath(value.returnTo);
    return {
      purpose,
      otpToken: value.otpToken,
      sentAt: value.sentAt,
      ...(typeof value.otp === 'string' ? { otp: value.otp } : {}),
      ...(returnTo ? { returnTo } : {}),
      ...(value.account === true ? { account: true } : {}),
      ...(value.social === true ? { social: true } : {}),
    };
  } catch {
    return null;
  }
}

export function saveChallenge(challenge: CodeChallenge): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(challenge));
}

export function clearChallenge(): void {
  window.sessionStorage.removeItem(KEY);
}

/** Saves the request as just sent: the resend countdown starts now. */
export function recordCodeSent(challenge: Omit<CodeChallenge, 'sentAt'>): void {
  saveChallenge({ ...challenge, sentAt: Date.now() });
}

/** Seconds until the server takes a resend (its cooldown is a minute from the last send). */
export function secondsUntilResend(challenge: CodeChallenge, cooldownSeconds: number): number {
  return cooldownSeconds - (Date.now() - challenge.sentAt) / 1000;
}
