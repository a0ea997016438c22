import { startedEarly } from './async';

describe('startedEarly', () => {
  it('keeps a rejection for whoever awaits it, without an unhandled rejection meanwhile', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const p = startedEarly(Promise.reject(new Error('storage down')));
      await new Promise((r) => setTimeout(r, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(p).rejects.toThrow('storage down');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('passes the value through', async () => {
    await expect(startedEarly(Promise.resolve(42))).resolves.toBe(42);
  });
});
