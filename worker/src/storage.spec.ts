import { onceMoreOnStaleSocket } from './storage';

describe('an idempotent storage call on a connection the server closed', () => {
  it('is sent once more after "socket hang up" or a reset, and only once', async () => {
    let calls = 0;
    const hangsUpOnce = () => (++calls === 1 ? Promise.reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })) : Promise.resolve('ok'));
    await expect(onceMoreOnStaleSocket(hangsUpOnce)).resolves.toBe('ok');
    expect(calls).toBe(2);
    calls = 0;
    const alwaysReset = () => (++calls, Promise.reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })));
    await expect(onceMoreOnStaleSocket(alwaysReset)).rejects.toThrow('read ECONNRESET');
    expect(calls).toBe(2);
  });

  it('lets any other failure through at once', async () => {
    let calls = 0;
    const denied = () => (++calls, Promise.reject(Object.assign(new Error('Access Denied'), { code: 'AccessDenied' })));
    await expect(onceMoreOnStaleSocket(denied)).rejects.toThrow('Access Denied');
    expect(calls).toBe(1);
  });
});
