/*
 * Keeps one child process running: when it dies (a crash, an out-of-memory kill, `kill -9`) it is
 * started again after an exponential back-off, and each death is logged with its exit code or
 * signal. `npm start` runs its workers under it; nothing else on a single machine would restart them.
 */

/** Delay before restart n (1-based): 1 s, 2 s, 4 s … capped; a child that stayed up resets the count. */
function backoffMs(restart, { baseMs = 1000, maxMs = 30000 } = {}) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, restart - 1));
}

/** A child process has ended when it has an exit code or was ended by a signal (then exitCode is null). */
function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves when the child has ended, at once if it already has (an `exit` listener would wait forever). */
function exited(child) {
  return hasExited(child) ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/**
 * start(): spawns the process and returns its ChildProcess. log(line): where deaths and restarts are
 * reported. stableMs: a child up this long has its back-off reset. onStart(child): told of every
 * (re)start, e.g. to keep a list of current processes.
 */
function supervise({ name, start, log, baseMs = 1000, maxMs = 30000, stableMs = 60000, onStart = () => {} }) {
  let stopping = false;
  let restarts = 0;
  let consecutive = 0;
  let timer = null;
  let child;
  const launch = () => {
    timer = null;
    const startedAt = Date.now();
    child = start();
    onStart(child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableMs) consecutive = 0;
      consecutive++;
      restarts++;
      const delay = backoffMs(consecutive, { baseMs, maxMs });
      log(`${name} (pid ${child.pid}) died ${signal ? `by signal ${signal}` : `with exit code ${code}`}; restarting in ${delay} ms (restart ${restarts})`);
      timer = setTimeout(launch, delay);
    });
  };
  launch();
  return {
    name,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    /** No more restarts; SIGTERM to a live child and wait for it, at once if it is already gone. */
    async stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (!hasExited(child)) child.kill(signal);
      await exited(child);
    },
  };
}

module.exports = { supervise, backoffMs, hasExited, exited };
