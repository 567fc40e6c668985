export interface StoreLimits {
  maxEntries: number;
  maxBytes: number;
  /** How long an entry is served after it was made. */
  freshMs: number;
  /** How much longer it may be served while its refresh renders (never after a change: invalidate()). */
  graceMs: number;
  now?: () => number;
}

interface Slot<T> {
  value: T;
  bytes: number;
  generation: number;
  madeAt: number;
}

/**
 * Bounded (LRU by entries and bytes) store of shared pages with single-flight filling. invalidate()
 * starts a new generation: older entries are gone, and a fill that began before it is handed to its
 * waiters but not stored, so no page rendered before a change outlives the change. Out-of-date
 * entries stay (until the LRU drops them) so that stale() can bridge a refresh.
 */
export function createPageStore<T>(limits: StoreLimits) {
  const now = limits.now ?? (() => performance.now());
  const slots = new Map<string, Slot<T>>();
  const filling = new Map<string, { generation: number; promise: Promise<T | null> }>();
  let generation = 0;
  let bytes = 0;

  const drop = (key: string) => {
    const slot = slots.get(key);
    if (!slot) return;
    slots.delete(key);
    bytes -= slot.bytes;
  };

  return {
    /** A fresh entry (and marks it recently used). */
    fresh(key: string): T | undefined {
      const slot = slots.get(key);
      if (!slot || slot.generation !== generation || now() - slot.madeAt >= limits.freshMs) return undefined;
      slots.delete(key);
      slots.set(key, slot);
      return slot.value;
    },

    /** An entry of this generation that went out of date less than graceMs ago: served while its refresh renders. */
    stale(key: string): T | undefined {
      const slot = slots.get(key);
      return slot && slot.generation === generation && now() - slot.madeAt < limits.freshMs + limits.graceMs
        ? slot.value
        : undefined;
    },

    /** The fill under way for key in this generation, if any: resolves to its entry, or null if it made none. */
    pending(key: string): Promise<T | null> | undefined {
      const fill = filling.get(key);
      return fill && fill.generation === generation ? fill.promise : undefined;
    },

    /** Starts filling key; later callers of pending(key) wait for finish(). */
    begin(key: string) {
      const started = generation;
      const madeAt = now();
      let settle: (value: T | null) => void = () => {};
      const promise = new Promise<T | null>((resolve) => (settle = resolve));
      const fill = { generation: started, promise };
      filling.set(key, fill);
      return {
        finish(value: T | null, size = 0) {
          if (filling.get(key) === fill) filling.delete(key);
          settle(value);
          if (value === null || started !== generation || size > limits.maxBytes) return;
          drop(key);
          slots.set(key, { value, bytes: size, generation: started, madeAt });
          bytes += size;
          for (const oldest of slots.keys()) {
            if (slots.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
            drop(oldest);
          }
        },
      };
    },

    invalidate() {
      generation++;
      slots.clear();
      bytes = 0;
    },

    size: () => ({ entries: slots.size, bytes }),
  };
}
