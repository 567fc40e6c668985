/** Open event streams allowed at once, per signed-in user and per client address (this instance). */
export const STREAMS_PER_USER = 5;
export const STREAMS_PER_ADDRESS = 20;

/**
 * Counts open event streams; `take` returns the function that frees the place again, or null
 * when the user or the address already holds all of its places.
 */
export function createStreamSlots(limits = { perUser: STREAMS_PER_USER, perAddress: STREAMS_PER_ADDRESS }) {
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const change = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  return {
    take(userId: string, address: string): (() => void) | null {
      if ((byUser.get(userId) ?? 0) >= limits.perUser || (byAddress.get(address) ?? 0) >= limits.perAddress)
        return null;
      change(byUser, userId, 1);
      change(byAddress, address, 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        change(byUser, userId, -1);
        change(byAddress, address, -1);
      };
    },
  };
}
