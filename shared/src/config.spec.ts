import { loadConfig, redisOptionsFromUrl, s3ClientOptions, s3EndpointOf } from './config';

describe('loadConfig', () => {
  it('gives defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.s3.endpoint).toBe('');
    expect(s3EndpointOf(c)).toBe('http://127.0.0.1:9100');
    expect(c.upload.maxFileMb).toBe(50);
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
