interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (reason: unknown) => void;
}

/** The error a key gets when the batch's answer leaves it out (the single route's 404). */
export class NotFoundInBatchError extends Error {
  constructor(readonly key: string) {
    super(`not found: ${key}`);
    this.name = 'NotFoundInBatchError';
  }
}

/**
 * Gathers the keys asked for within one task and loads them with one call, at most `maxBatch` keys a call:
 * each row of a list page asks for its own region's name, and the page makes one request, not twenty.
 * A key the answer leaves out is rejected with NotFoundInBatchError; a failed call rejects its keys.
 */
export function createBatchLoader<V>(loadMany: (keys: string[]) => Promise<Map<string, V>>, maxBatch: number): (key: string) => Promise<V> {
  let pending = new Map<string, Waiter<V>[]>();
  let isScheduled = false;

  const settle = (keys: readonly string[], batch: Map<string, Waiter<V>[]>, found: Map<string, V> | null, error?: unknown) => {
    for (const key of keys) {
      const value = found?.get(key);
      for (const waiter of batch.get(key) ?? []) {
        if (value !== undefined) waiter.resolve(value);
        else waiter.reject(found ? new NotFoundInBatchError(key) : error);
      }
    }
  };

  const flush = () => {
    isScheduled = false;
    const batch = pending;
    pending = new Map();
    const keys = [...batch.keys()];
    for (let i = 0; i < keys.length; i += maxBatch) {
      const part = keys.slice(i, i + maxBatch);
      void loadMany(part).then(
        (found) => settle(part, batch, found),
        (error: unknown) => settle(part, batch, null, error),
      );
    }
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (!isScheduled) {
        isScheduled = true;
        setTimeout(flush, 0);
      }
    });
}
