import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/** AES-256-GCM for secret settings at rest: a database dump alone does not reveal them. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyText: string) {
    const key = /^[0-9a-f]{64}$/i.test(keyText) ? Buffer.from(keyText, 'hex') : Buffer.from(keyText, 'base64');
    if (key.length !== 32) throw new Error('SETTINGS_ENCRYPTION_KEY must be 32 bytes (base64 or hex)');
    this.key = key;
  }

  seal(plain: string): string {
    if (!plain) return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64')).join(':');
  }

  /** Values stored before encryption existed are returned as they are. */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [iv, tag, body] = stored.slice(PREFIX.length).split(':').map((p) => Buffer.from(p, 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  static isSealed(value: unknown): boolean {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }
}
