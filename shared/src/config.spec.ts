import { DEV_JWT_SECRET, DEV_SETTINGS_KEY, loadConfig, parseSettingsKey, redisOptionsFromUrl, s3ClientOptions, s3EndpointOf } from './config';

describe('loadConfig', () => {
  it('gives defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.s3.endpoint).toBe('');
    expect(s3EndpointOf(c)).toBe('http://127.0.0.1:9100');
  });

  it('reads variables and rejects malformed integers', () => {
    expect(loadConfig({ PORT: '4000' }).port).toBe(4000);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });
});

describe('connection options', () => {
  it('derives minio options from the endpoint URL', () => {
    const c = loadConfig({ S3_ENDPOINT: 'https://minio.example:9443', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' });
    expect(s3ClientOptions(c)).toMatchObject({ endPoint: 'minio.example', port: 9443, useSSL: true, accessKey: 'a' });
  });

  it('parses Redis URLs with credentials and database', () => {
    expect(redisOptionsFromUrl('redis://u:p%40ss@r.local:6380/2')).toMatchObject({
      host: 'r.local', port: 6380, username: 'u', password: 'p@ss', db: 2, maxRetriesPerRequest: null,
    });
    expect(redisOptionsFromUrl('redis://127.0.0.1:6379')).toMatchObject({ db: 0, port: 6379 });
    // Reconnects within 2 s of Redis coming back, however long it was down.
    const { retryStrategy } = redisOptionsFromUrl('redis://127.0.0.1:6379');
    expect([1, 5, 100].map(retryStrategy)).toEqual([200, 1000, 2000]);
  });
});

describe('production secrets', () => {
  const jwt = 'k'.repeat(48);
  const key = Buffer.alloc(32, 7).toString('base64');

  it('refuses missing, published or malformed secrets in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwt })).toThrow(/SETTINGS_ENCRYPTION_KEY is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET, SETTINGS_ENCRYPTION_KEY: key })).toThrow(/JWT_SECRET is a published default/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwt, SETTINGS_ENCRYPTION_KEY: DEV_SETTINGS_KEY })).toThrow(/SETTINGS_ENCRYPTION_KEY is a published default/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'curta', SETTINGS_ENCRYPTION_KEY: key })).toThrow(/at least 32/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwt, SETTINGS_ENCRYPTION_KEY: 'abc' })).toThrow(/32 bytes/);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwt, SETTINGS_ENCRYPTION_KEY: key, SETTINGS_ENCRYPTION_KEY_PREVIOUS: ' a, b ' });
    expect(c.settingsKeysPrevious).toEqual(['a', 'b']);
    // Development keeps working without any secret set (tests, the CLI); npm start generates its own.
    expect(loadConfig({}).jwt.secret).toBe(DEV_JWT_SECRET);
  });

  it('parses the settings key as hex or base64, 32 bytes', () => {
    expect(parseSettingsKey('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseSettingsKey(key)).toEqual(Buffer.alloc(32, 7));
    expect(() => parseSettingsKey(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
