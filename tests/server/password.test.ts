import { describe, expect, it, vi } from 'vitest';
import { OWASP_SCRYPT, createPasswordHasher } from '../../server/services/accounts/password.ts';
import { FAST_SCRYPT } from '../support/accounts.ts';

describe('password hashing (scrypt)', () => {
  it("uses OWASP's cost by default and stores a self-describing string", async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1, keyLength: 64, saltLength: 16 });
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('Cricket@2026');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(stored).not.toContain('Cricket');
    expect(await hasher.verify('Cricket@2026', stored)).toBe(true);
    expect(await hasher.verify('cricket@2026', stored)).toBe(false);
    expect(hasher.needsRehash(stored)).toBe(false);
  }, 30_000);

  it('salts every hash, so the same password never gives the same string', async () => {
    const hasher = createPasswordHasher(FAST_SCRYPT);
    const a = await hasher.hash('Same@Pass1');
    const b = await hasher.hash('Same@Pass1');
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await hasher.verify('Same@Pass1', a)).toBe(true);
    expect(await hasher.verify('Same@Pass1', b)).toBe(true);
  });

  it('verifies with the cost stored in the hash, and asks for a rehash when the cost has gone up', async () => {
    const old = await createPasswordHasher(FAST_SCRYPT).hash('Older@Pass1');
    const current = createPasswordHasher({ ...FAST_SCRYPT, N: 2048 });
    expect(await current.verify('Older@Pass1', old)).toBe(true);
    expect(current.needsRehash(old)).toBe(true);
    const fresh = await current.hash('Older@Pass1');
    expect(fresh.startsWith('scrypt$2048$8$1$')).toBe(true);
    expect(current.needsRehash(fresh)).toBe(false);
  });

  it('answers false, never throws, for a tampered, malformed, absurd or missing hash, and still does the work', async () => {
    const hasher = createPasswordHasher(FAST_SCRYPT);
    const stored = await hasher.hash('Tamper@Me1');
    const parts = stored.split('$');
    const lastChar = parts[5]!.at(-2) === 'A' ? 'B' : 'A';
    const tampered = [...parts.slice(0, 5), `${parts[5]!.slice(0, -2)}${lastChar}${parts[5]!.at(-1)}`].join('$');
    expect(await hasher.verify('Tamper@Me1', tampered)).toBe(false);
    const dummy = vi.spyOn(hasher, 'verifyDummy');
    for (const bad of [
      null,
      undefined,
      '',
      'plain',
      'bcrypt$x',
      'scrypt$1023$8$1$aaaa$bbbb',
      `scrypt$${2 ** 24}$8$1$${parts[4]}$${parts[5]}`,
      'scrypt$1024$8$1$$',
    ]) {
      expect(await hasher.verify('Tamper@Me1', bad)).toBe(false);
    }
    expect(dummy).toHaveBeenCalledTimes(8);
    expect(hasher.needsRehash('plain')).toBe(true);
  });

  it('compares Unicode passwords in one normal form (a Hindi or accented password typed two ways)', async () => {
    const hasher = createPasswordHasher(FAST_SCRYPT);
    const composed = 'Caf\u00e9@Pass1';
    const decomposed = 'Cafe\u0301@Pass1';
    expect(await hasher.verify(decomposed, await hasher.hash(composed))).toBe(true);
  });

  it('spends a verification on a dummy for users without a password, and always answers false', async () => {
    const hasher = createPasswordHasher(FAST_SCRYPT);
    expect(await hasher.verifyDummy('Anything@1')).toBe(false);
    expect(await hasher.verifyDummy('Anything@1')).toBe(false);
  });
});
