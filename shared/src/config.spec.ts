import { loadConfig, s3EndpointOf } from './config';

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
