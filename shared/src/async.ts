/**
 * A promise started now and awaited later (work overlapped with other work). Until it is awaited a
 * rejection has no handler, and Node would report it as unhandled and stop the process; awaiting the
 * returned promise still throws it.
 */
export function startedEarly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
