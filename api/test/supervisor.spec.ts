import { spawn } from 'node:child_process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { supervise, backoffMs, exited } = require('../../scripts/supervisor.js');

/** `npm start`'s worker supervisor (scripts/supervisor.js), on a stand-in child that just sleeps. */
describe('worker supervisor', () => {
  const sleeper = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

  it('backs off 1, 2, 4 … s, capped', () => {
    expect([1, 2, 3, 4, 6, 10].map((n) => backoffMs(n))).toEqual([1000, 2000, 4000, 8000, 30000, 30000]);
    expect(backoffMs(3, { baseMs: 100, maxMs: 250 })).toBe(250);
  });

  it('restarts a child killed with SIGKILL, logs the signal, and stops without hanging', async () => {
    const lines: string[] = [];
    const w = supervise({ name: 'worker-1', start: sleeper, log: (l: string) => lines.push(l), baseMs: 50 });
    const first = w.child;
    first.kill('SIGKILL');
    await exited(first);
    const deadline = Date.now() + 5000;
    while (w.child === first && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(w.child).not.toBe(first);
    expect(w.restarts).toBe(1);
    expect(lines[0]).toMatch(/worker-1 \(pid \d+\) died by signal SIGKILL; restarting in 50 ms \(restart 1\)/);

    // The restarted child is killed too, and stop() comes while it is dead and not yet restarted:
    // it must resolve at once (exitCode is null for a signalled child; no `exit` event will come).
    const second = w.child;
    second.kill('SIGKILL');
    await exited(second);
    const t0 = Date.now();
    await w.stop();
    expect(Date.now() - t0).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 300));
    expect(w.child).toBe(second); // no restart after stop()
  });

  it('stop() ends a live child with SIGTERM', async () => {
    const w = supervise({ name: 'worker-2', start: sleeper, log: () => undefined });
    const child = w.child;
    await w.stop();
    expect(child.signalCode).toBe('SIGTERM');
  });
});
