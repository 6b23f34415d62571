import { scryptSync } from 'node:crypto';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwordHashing';

describe('password hashing (scrypt)', () => {
  test('a hash verifies its own password and no other', async () => {
    const stored = await hashPassword('beats42');
    expect(await verifyPassword('beats42', stored)).toBe(true);
    expect(await verifyPassword('beats43', stored)).toBe(false);
    expect(await verifyPassword('Beats42', stored)).toBe(false);
  });

  test('the stored string carries the parameters, a random 16-byte salt and a 64-byte key, never the password', async () => {
    const stored = await hashPassword('beats42');
    const [, scheme, params, salt, key] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect(params).toBe('ln=15,r=8,p=1');
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    expect(stored).not.toContain('beats42');
  });

  test('the same password hashes differently each time (salted)', async () => {
    const [first, second] = await Promise.all([hashPassword('beats42'), hashPassword('beats42')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword('beats42', second)).toBe(true);
  });

  test('verifies a hash made with other parameters, as its string says', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('beats42', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const older = `$scrypt$ln=14,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('beats42', older)).toBe(true);
    expect(await verifyPassword('beats42', older.replace('ln=14', 'ln=15'))).toBe(false);
  });

  test('unicode passwords are compared in one normal form', async () => {
    const stored = await hashPassword('Beyonc\u00e9 1');
    expect(await verifyPassword('Beyonce\u0301 1', stored)).toBe(true);
  });

  test.each([
    ['an empty string', ''],
    ['another scheme', '$2b$10$abcdefghijklmnopqrstuu'],
    ['absurd parameters', '$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['a truncated key', '$scrypt$ln=15,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5'],
  ])('refuses %s without throwing', async (_, stored) => {
    expect(await verifyPassword('beats42', stored)).toBe(false);
  });

  test('the decoy never matches', async () => {
    expect(await verifyAgainstDecoy('beats42')).toBe(false);
  });
});
