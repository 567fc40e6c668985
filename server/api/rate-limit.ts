/** What one counted request found: whether it may go on and what the RateLimit-* headers say. */
export interface RateLimitHit {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is full again. */
  resetSeconds: number;
}

export const RATE_WINDOW_SECONDS = 60;

/**
 * A fixed one-minute window per client address, in this instance's memory (decision 050): a read
 * costs no database statement, so the API keeps the page cache's speed. The whole table is dropped
 * when the window turns, so it never holds more than one minute's addresses.
 */
export function createRateLimiter(limit: number, now: () => number = Date.now) {
  let window = -1;
  let counts = new Map<string, number>();
  return (key: string): RateLimitHit => {
    const t = now();
    const current = Math.floor(t / (RATE_WINDOW_SECONDS * 1000));
    if (current !== window) {
      window = current;
      counts = new Map();
    }
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    const resetSeconds = Math.max(1, Math.ceil(((current + 1) * RATE_WINDOW_SECONDS * 1000 - t) / 1000));
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
  };
}

/** The headers of draft-ietf-httpapi-ratelimit-headers (the separate-field form most clients read). */
export const rateLimitHeaders = (hit: RateLimitHit): Record<string, string> => ({
  "ratelimit-limit": String(hit.limit),
  "ratelimit-remaining": String(hit.remaining),
  "ratelimit-reset": String(hit.resetSeconds),
  "ratelimit-policy": `${hit.limit};w=${RATE_WINDOW_SECONDS}`,
});
