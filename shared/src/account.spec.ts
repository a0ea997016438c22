import { afterFailedLogin, displayPhone, lockedOutMessage, lockoutMinutes } from './account';

describe('displayPhone', () => {
  it('writes stored digits the way people read them', () => {
    expect(displayPhone('11987654321')).toBe('(11) 98765-4321');
    expect(displayPhone('1134567890')).toBe('(11) 3456-7890');
  });

  it('leaves anything else as it is, and nothing as empty', () => {
    expect(displayPhone('123')).toBe('123');
    expect(displayPhone(null)).toBe('');
    expect(displayPhone(undefined)).toBe('');
  });
});

describe('login lock-out per account and address', () => {
  it('doubles each lock-out from 1 minute up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(lockoutMinutes)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('locks on every maxAttempts-th failure and restarts the count', () => {
    let count = { failures: 0, lockouts: 0 };
    const locks: (number | null)[] = [];
    for (let i = 0; i < 15; i++) {
      const next = afterFailedLogin(count, 5);
      locks.push(next.lockMinutes);
      count = { failures: next.failures, lockouts: next.lockouts };
    }
    expect(locks).toEqual([null, null, null, null, 1, null, null, null, null, 2, null, null, null, null, 4]);
    expect(count).toEqual({ failures: 0, lockouts: 3 });
    expect(afterFailedLogin({ failures: 0, lockouts: 0 }, 1)).toEqual({ failures: 0, lockouts: 1, lockMinutes: 1 });
  });

  it('tells the minutes left, rounded up, in pt-BR', () => {
    expect(lockedOutMessage(1000)).toBe('Muitas tentativas sem sucesso a partir deste endereço. Tente novamente em 1 minuto ou redefina sua senha.');
    expect(lockedOutMessage(60001)).toMatch(/em 2 minutos/);
  });
});
