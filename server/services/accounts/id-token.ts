import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { GOOGLE_ISSUER } from '../../config.ts';

/** What we take from a verified Google ID token. */
export interface VerifiedIdentity {
  /** The provider's stable id of the account ('sub'); the e-mail of an account can change. */
  subject: string;
  /** Lower-cased. */
  email: string;
  givenName: string;
  familyName: string;
  picture?: string;
  /** The token's nonce claim, compared by the caller with the one it sent. */
  nonce: string | undefined;
}

/** Why a token was refused; logged, never shown (the caller answers one sentence for all). */
export class IdTokenError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`ID token refused: ${reason}`, options);
    this.name = 'IdTokenError';
    this.reason = reason;
  }
}

/** The provider's keys could not be fetched: nothing is known about the token; try again later. */
export class KeysUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The identity provider keys could not be fetched', options);
    this.name = 'KeysUnavailableError';
  }
}

export interface IdTokenVerifierOptions {
  issuer: string;
  /** The OAuth client id. */
  audience: string;
  /** The issuer's signing keys: a remote JWKS (cached and refreshed by jose) or a local set. */
  keys: JWTVerifyGetKey;
  /** The instant to check expiry against (the app's clock, so tests can move time). */
  now: () => number;
}

/** Google writes its issuer both ways; its documentation tells relying parties to accept both. */
export function acceptedIssuers(issuer: string): string[] {
  const bare = issuer.replace(/^https:\/\//, '');
  return bare === 'accounts.google.com' ? [GOOGLE_ISSUER, 'accounts.google.com'] : [issuer];
}

/** Clocks of the provider and ours may disagree a little. */
export const CLOCK_TOLERANCE_S = 60;

/** jose's remote key set: fetched on first use, cached, refetched when an unknown kid shows up (rate-limited by jose's cooldown). */
export function remoteKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
}

export function localKeys(jwks: JSONWebKeySet): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}

function text(payload: JWTPayload, claim: string): string | undefined {
  const value = payload[claim];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Checks a Google ID token: the signature against the issuer's keys (asymmetric algorithms
 * only, so a token signed with 'none' or an HMAC of the public key never passes), issuer,
 * audience, expiry (60 s tolerance) and a verified e-mail.
 */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): (idToken: string) => Promise<VerifiedIdentity> {
  const issuers = acceptedIssuers(options.issuer);
  // Errors about the token's key (no such kid, an algorithm we refuse) are the token's fault;
  // anything else from the key source (network, a non-200 answer, bad JSON) is ours.
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await options.keys(header, token);
    } catch (error) {
      if (
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys ||
        error instanceof errors.JOSENotSupported ||
        error instanceof errors.JOSEAlgNotAllowed
      )
        throw error;
      throw new KeysUnavailableError({ cause: error });
    }
  };
  return async (idToken) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: issuers,
        audience: options.audience,
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        currentDate: new Date(options.now()),
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      // The provider's keys out of reach is not a bad token: it goes up as such.
      if (!(error instanceof errors.JOSEError)) throw error;
      throw new IdTokenError(error.code, { cause: error });
    }
    const subject = text(payload, 'sub');
    const email = text(payload, 'email')?.toLowerCase();
    if (!subject) throw new IdTokenError('no subject');
    if (!email) throw new IdTokenError('no email');
    // Google sends a boolean; some older tokens carried the string "true".
    if (payload.email_verified !== true && payload.email_verified !== 'true')
      throw new IdTokenError('email not verified');
    const picture = text(payload, 'picture');
    return {
      subject,
      email,
      givenName: text(payload, 'given_name') ?? '',
      familyName: text(payload, 'family_name') ?? '',
      ...(picture ? { picture } : {}),
      nonce: text(payload, 'nonce'),
    };
  };
}
