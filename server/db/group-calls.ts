/**
 * Group commit for many small statements of the same kind (docs/decisions/057): the items handed in
 * while one statement runs go together into the next, so N senders working at once cost about one
 * round trip each time instead of N. Every caller waits for the statement that carries its item and
 * gets its result (or its error): nothing is reported written before it is, and a read is as fresh
 * as the caller's own would have been.
 */
export function groupCalls<T, R>(run: (items: T[]) => Promise<R>): (item: T) => Promise<R> {
  let waiting: Array<{ item: T; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  let busy = false;

  async function drain() {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const result = await run(group.map((w) => w.item));
        for (const w of group) w.resolve(result);
      } catch (e) {
        for (const w of group) w.reject(e);
      }
    }
    busy = false;
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!busy) {
        busy = true;
        // the callers of this same turn (lanes that start together) share the first statement
        queueMicrotask(() => void drain());
      }
    });
}

/** The same promise, marked as handled: a look-ahead nobody ends up awaiting must not crash the process. */
export function caught<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
