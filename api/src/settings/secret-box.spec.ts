import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('APP_USR-123-secret');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('APP_USR');
    expect(box.open(sealed)).toBe('APP_USR-123-secret');
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses tampered values and wrong keys', () => {
    const sealed = box.seal('segredo');
    expect(() => box.open(sealed.slice(0, -4) + 'AAAA')).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('hex')).open(sealed)).toThrow();
    expect(() => new SecretBox('curta')).toThrow(/32 bytes/);
  });

  it('passes legacy plain values through', () => {
    expect(box.open('antigo')).toBe('antigo');
    expect(box.seal('')).toBe('');
  });

  it('opens values sealed with a previous key and tells them apart for re-sealing', () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('hex');
    const sealedOld = new SecretBox(oldKey).seal('segredo antigo');
    const rotated = new SecretBox(newKey, [oldKey]);
    expect(rotated.open(sealedOld)).toBe('segredo antigo');
    expect(rotated.isStale(sealedOld)).toBe(true);
    expect(rotated.isStale(rotated.seal('novo'))).toBe(false);
    // Plain legacy values are stale too (they get sealed); empty ones are not.
    expect(rotated.isStale('em claro')).toBe(true);
    expect(rotated.isStale('')).toBe(false);
    // Without the previous key, the old value cannot be read.
    expect(() => new SecretBox(newKey).open(sealedOld)).toThrow(/unknown key/);
  });
});
