import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Prize-claim details (PAN, address, bank or UPI) at rest: AES-256-GCM with a key derived from the
 * server secret (HKDF-SHA256, its own label, so the key is used for nothing else). The claim's id
 * is bound as associated data, so a ciphertext copied onto another claim does not decrypt.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function claimKey(secret: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('cricspot'), Buffer.from('prize-claim-details v1'), 32),
  );
}

export function encryptClaim(key: Buffer, claimId: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(claimId, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** Throws when the text was not made by encryptClaim with this key and claim id. */
export function decryptClaim(key: Buffer, claimId: string, stored: string): string {
  const [version, data] = stored.split(':');
  if (version !== VERSION || !data) throw new Error('unknown claim encryption format');
  const raw = Buffer.from(data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(claimId, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
