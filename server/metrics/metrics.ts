import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

import { queryRows, type Database } from "../db/client.ts";
import type { ClaimResult } from "../domain/claims/claim-figure.ts";
import { GLOBAL_RULE, siteWrongCodes } from "../domain/codes/guess-budget.ts";

/**
 * One Prometheus registry per process (docs/decisions/034), on `Services`: the React Router bundle has
 * its own copy of every module, so routes reach these through `getServices(context).metrics`, never a
 * module global. No label ever carries a code, an e-mail or a user id: routes are patterns
 * (server/metrics/route-label.ts), everything else is a small fixed set of words.
 */
export function createMetrics(database: Pick<Database, "db" | "poolStats">) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: "boonees_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const claims = new Counter({
    name: "boonees_claims_total",
    help: "Claim attempts: won (the figure is theirs), lost (someone else was first), refused (not claimable, needs a tap)",
    labelNames: ["outcome"] as const,
    registers,
  });
  const codeLookups = new Counter({
    name: "boonees_claim_code_lookups_total",
    help: "Claim codes looked up: found, unknown (a wrong guess), malformed, throttled",
    labelNames: ["result"] as const,
    registers,
  });
  const throttled = new Counter({
    name: "boonees_throttle_refusals_total",
    help: "Requests refused by a throttle (HTTP 429), by route pattern",
    labelNames: ["route"] as const,
    registers,
  });
  const challenges = new Counter({
    name: "boonees_claim_challenges_total",
    help: "Proof-of-work challenges for locked addresses: issued, solved",
    labelNames: ["event"] as const,
    registers,
  });
  const openStreams = new Gauge({
    name: "boonees_event_streams_open",
    help: "Server-sent event streams open on this instance: unread (signed in), drops (everyone)",
    labelNames: ["stream"] as const,
    registers,
  });
  const deliveries = new Counter({
    name: "boonees_delivery_jobs_total",
    help: "Push and e-mail jobs this instance's worker finished: sent, skipped, retry (failed, will try again), failed (gave up)",
    labelNames: ["channel", "outcome"] as const,
    registers,
  });
  const pageCache = new Counter({
    name: "boonees_page_cache_requests_total",
    help: "Signed-out public pages answered by the page cache: hit, stale (previous copy while refreshing), miss (rendered)",
    labelNames: ["result"] as const,
    registers,
  });

  // Read from the database at scrape time (the same for every instance: one PostgreSQL).
  const fromDatabase = <T>(read: () => Promise<T>) =>
    Promise.race([read(), new Promise<null>((r) => setTimeout(() => r(null), 2_000))]);
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: "boonees_delivery_queue_jobs",
      help: "Push and e-mail jobs not finished yet, by channel and status (pending, claimed, sending); shared by all instances",
      labelNames: ["channel", "status"] as const,
      async collect() {
        const rows = await fromDatabase(() =>
          queryRows<{ channel: string; status: string; n: number }>(
            database.db,
            sql`select channel, status, count(*)::int as n from delivery_jobs where status in ('pending', 'claimed', 'sending') group by channel, status`,
          ),
        ).catch(() => null);
        if (!rows) return;
        this.reset();
        for (const channel of ["push", "email"])
          for (const status of ["pending", "claimed", "sending"]) this.set({ channel, status }, 0);
        for (const r of rows) this.set({ channel: r.channel, status: r.status }, Number(r.n));
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: "boonees_drop_release_lag_seconds",
      help: "How late the most recent drop was released after its release time (database clock)",
      async collect() {
        const rows = await fromDatabase(() =>
          queryRows<{ lag: number | null }>(
            database.db,
            sql`select extract(epoch from (released_at - release_at))::float8 as lag from drops where released_at is not null order by released_at desc limit 1`,
          ),
        ).catch(() => null);
        if (rows?.[0]?.lag != null) this.set(Math.max(0, Number(rows[0].lag)));
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: "boonees_claim_wrong_codes_this_minute",
      help: `Wrong claim codes counted on the whole site's budget in the current minute (every instance); above ${GLOBAL_RULE.limit} (boonees_claim_wrong_code_budget) someone is guessing (decision 039)`,
      async collect() {
        const count = await fromDatabase(() => siteWrongCodes(database.db)).catch(() => null);
        if (count !== null) this.set(count);
      },
    }),
  );
  new Gauge({
    registers,
    name: "boonees_claim_wrong_code_budget",
    help: "The site's budget of wrong claim codes per minute (decision 039)",
  }).set(GLOBAL_RULE.limit);
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: "boonees_drops_overdue",
      help: "Drops whose release time passed more than 30 seconds ago and that are still not released",
      async collect() {
        const rows = await fromDatabase(() =>
          queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from drops where released_at is null and cancelled_at is null and release_at < now() - interval '30 seconds'`,
          ),
        ).catch(() => null);
        if (rows) this.set(Number(rows[0].n));
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: "boonees_db_pool_connections",
      help: "PostgreSQL pool of this instance: total, idle, waiting (requests queued for a connection); absent on the embedded database",
      labelNames: ["state"] as const,
      collect() {
        const stats = database.poolStats?.();
        if (!stats) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    }),
  );

  return {
    registry,
    /** One finished request; `route` is the pattern, never the path. */
    request(method: string, route: string, status: number, seconds: number) {
      requestDuration.observe(
        { method: KNOWN_METHODS.has(method) ? method : "other", route, status: String(status) },
        seconds,
      );
      if (status === 429) throttled.inc({ route });
    },
    /** One claim's answer (a second submit of the finder's own claim is not counted again). */
    claim(result: ClaimResult) {
      if (result.success) claims.inc({ outcome: "won" });
      else if (!result.mine) claims.inc({ outcome: result.error === "claim.error.already" ? "lost" : "refused" });
    },
    codeLookup(result: "found" | "unknown" | "malformed" | "throttled") {
      codeLookups.inc({ result });
    },
    challenge(event: "issued" | "solved") {
      challenges.inc({ event });
    },
    /** A stream opened; call the returned function when it closes. */
    streamOpened(stream: "unread" | "drops") {
      openStreams.inc({ stream });
      let open = true;
      return () => {
        if (open) openStreams.dec({ stream });
        open = false;
      };
    },
    delivery(channel: "push" | "email", outcome: "sent" | "skipped" | "retry" | "failed") {
      deliveries.inc({ channel, outcome });
    },
    pageCache(result: string | null) {
      if (result === "hit" || result === "stale" || result === "miss") pageCache.inc({ result });
    },
  };
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export type Metrics = ReturnType<typeof createMetrics>;
