import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { parseSettingsKey } from '@cda/shared';

const PREFIX = 'enc:v1:';

/**
 * AES-256-GCM for secret settings at rest: a database dump alone does not reveal them. Seals with the
 * current key; opens with it or with an older key (a rotation), so `isStale` can tell which values to
 * re-seal. GCM's tag makes a wrong key fail instead of yielding garbage.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly oldKeys: Buffer[];

  constructor(keyText: string, previousKeyTexts: string[] = []) {
    this.key = parseSettingsKey(keyText);
    this.oldKeys = previousKeyTexts.map(parseSettingsKey).filter((k) => !k.equals(this.key));
  }

  seal(plain: string): string {
    if (!plain) return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64')).join(':');
  }

  /** Values stored before encryption existed are returned as they are; throws when no key opens it. */
  open(stored: string): string {
    return this.unseal(stored).plain;
  }

  /** Sealed with an older key (or stored in the clear): should be sealed again with the current one. */
  isStale(stored: string): boolean {
    return !this.unseal(stored).current;
  }

  private unseal(stored: string): { plain: string; current: boolean } {
    if (!stored.startsWith(PREFIX)) return { plain: stored, current: !stored };
    const [iv, tag, body] = stored.slice(PREFIX.length).split(':').map((p) => Buffer.from(p, 'base64'));
    for (const [i, key] of [this.key, ...this.oldKeys].entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return { plain: Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'), current: i === 0 };
      } catch {
        // Not this key: try the next one.
      }
    }
    throw new Error('secret setting sealed with an unknown key (SETTINGS_ENCRYPTION_KEY changed without SETTINGS_ENCRYPTION_KEY_PREVIOUS)');
  }

  static isSealed(value: unknown): boolean {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }
}
