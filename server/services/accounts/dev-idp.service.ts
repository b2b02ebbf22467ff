import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK, type JWTPayload, SignJWT } from 'jose';

/**
 * The development identity provider: a stand-in for Google outside production, so that the whole
 * social sign-in flow runs on a machine without internet, through the very same verification
 * code (signature against a JWKS, issuer, audience, expiry, nonce). Never served in production.
 */

export const DEV_IDP_KEY_FILE = 'dev-idp-key.json';
export const DEV_ID_TOKEN_LIFETIME_S = 3600;

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface DevIdpPerson {
  email: string;
  givenName: string;
  familyName: string;
}

export interface DevIdp {
  /** The public half only, as Google publishes its keys. */
  jwks(): Promise<JSONWebKeySet>;
  /** Signs exactly these claims with the development key (tests use it to forge bad tokens with a real signature). */
  sign(claims: JWTPayload): Promise<string>;
  /** The ID token Google would issue for this person to `audience`. */
  issueIdToken(person: DevIdpPerson, options: { audience: string; nonce: string | undefined }): Promise<string>;
}

function isStoredKey(value: unknown): value is StoredKey {
  const v = value as Partial<StoredKey> | null;
  return (
    typeof v?.kid === 'string' &&
    v.privateJwk?.kty === 'RSA' &&
    typeof v.privateJwk.d === 'string' &&
    v.publicJwk?.kty === 'RSA' &&
    v.publicJwk.d === undefined
  );
}

async function generateKey(): Promise<StoredKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const kid = `dev-${randomBytes(8).toString('hex')}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateJwk, publicJwk };
}

/**
 * The key pair in DATA_DIR (mode 0600), generated on first use and kept, so tokens and keys stay
 * valid across restarts. Two processes starting at once: the first write wins, the other reads it.
 */
export async function loadOrCreateDevIdpKey(dataDir: string): Promise<StoredKey> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEV_IDP_KEY_FILE);
  const read = (): StoredKey | undefined => {
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      return isStoredKey(parsed) ? parsed : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined;
      throw error;
    }
  };
  const existing = read();
  if (existing) return existing;
  const fresh = await generateKey();
  try {
    writeFileSync(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const other = read();
    if (other) return other;
    // A broken file: replace it.
    writeFileSync(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'w' });
    return fresh;
  }
}

/**
 * The subject of a development account: stable per e-mail (and across a regenerated key), and
 * shaped like Google's, 21 digits.
 */
export function devSubjectFor(email: string): string {
  const digest = createHash('sha256').update(`cricspot-dev-idp:${email.trim().toLowerCase()}`).digest();
  return `1${digest.readBigUInt64BE(0).toString().padStart(20, '0')}`;
}

export function createDevIdp(options: { dataDir: string; issuer: string; now: () => number }): DevIdp {
  let loaded: Promise<{ stored: StoredKey; privateKey: CryptoKey | Uint8Array }> | undefined;
  const key = () => {
    if (!loaded) {
      loaded = loadOrCreateDevIdpKey(options.dataDir).then(async (stored) => ({
        stored,
        privateKey: await importJWK(stored.privateJwk, 'RS256'),
      }));
      // A failure (a read-only DATA_DIR) is not cached: the next request tries again.
      loaded.catch(() => {
        loaded = undefined;
      });
    }
    return loaded;
  };

  const sign = async (claims: JWTPayload) => {
    const { stored, privateKey } = await key();
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: stored.kid, typ: 'JWT' }).sign(privateKey);
  };

  return {
    async jwks() {
      const { stored } = await key();
      return { keys: [stored.publicJwk] };
    },
    sign,
    async issueIdToken(person, { audience, nonce }) {
      const iat = Math.floor(options.now() / 1000);
      const email = person.email.trim().toLowerCase();
      return sign({
        iss: options.issuer,
        aud: audience,
        sub: devSubjectFor(email),
        email,
        email_verified: true,
        given_name: person.givenName,
        family_name: person.familyName,
        name: `${person.givenName} ${person.familyName}`.trim(),
        ...(nonce ? { nonce } : {}),
        iat,
        exp: iat + DEV_ID_TOKEN_LIFETIME_S,
      });
    },
  };
}
