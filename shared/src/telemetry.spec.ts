import { analyticsPath, isValidDsn } from './telemetry';

describe('analyticsPath: a route pattern with nothing personal in it', () => {
  it('keeps plain routes and drops query and fragment', () => {
    expect(analyticsPath('/dashboard')).toBe('/dashboard');
    expect(analyticsPath('/profile?tab=pagamentos#x')).toBe('/profile');
    expect(analyticsPath('/')).toBe('/');
    expect(analyticsPath('/Admin/Users/')).toBe('/admin/users');
  });

  it('turns ids, numbers, tokens and anything unusual into :id', () => {
    expect(analyticsPath('/history/5f0c3a2e-1b2c-4d5e-8f90-0123456789ab')).toBe('/history/:id');
    expect(analyticsPath('/tickets/42')).toBe('/tickets/:id');
    expect(analyticsPath('/reset/abcdefghijklmnopqrstuvwxyz012')).toBe('/reset/:id');
    expect(analyticsPath('/x/maria@exemplo.com.br')).toBe('/x/:id');
    expect(analyticsPath('/x/%E0%A4%A')).toBe('/x/:id');
  });

  it('refuses what is not a same-site path', () => {
    expect(analyticsPath('https://evil.example/a')).toBeNull();
    expect(analyticsPath('//evil.example/a')).toBeNull();
    expect(analyticsPath('dashboard')).toBeNull();
  });

  it('caps the length', () => {
    expect(analyticsPath(`/${'a'.repeat(20)}`.repeat(10))!.length).toBe(120);
  });
});

describe('isValidDsn', () => {
  it('takes Sentry-style DSNs, local receivers included', () => {
    expect(isValidDsn('https://abc123@o1.ingest.sentry.io/4504')).toBe(true);
    expect(isValidDsn('http://chave@127.0.0.1:9000/1')).toBe(true);
    expect(isValidDsn('https://o1.ingest.sentry.io/4504')).toBe(false); // no public key
    expect(isValidDsn('https://abc@host/projeto')).toBe(false); // project id is a number
    expect(isValidDsn('ftp://abc@host/1')).toBe(false);
    expect(isValidDsn('https://chave-publica@host/1')).toBe(false); // the SDK reads the key as word characters
    expect(isValidDsn('')).toBe(false);
  });
});
