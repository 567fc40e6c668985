import { and, eq, isNull, sql } from "drizzle-orm";

import { systemText } from "#shared/notification-text.ts";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { profiles, userRoles } from "../../db/schema.ts";
import { createNotifications } from "../notifications/notify.ts";
import { ATTEMPT_RULE, type ThrottleRule } from "../throttle.ts";

/** A /24 (IPv4) or /48 (IPv6) network shares one budget of wrong codes: three addresses' worth (decision 039). */
export const NETWORK_RULE: ThrottleRule = { limit: 30, windowSeconds: ATTEMPT_RULE.windowSeconds };
/**
 * The whole site's budget of wrong codes per minute, across every address and account (decision 039),
 * counted in the database so that it holds across instances. Past it a locked address lets no
 * account through: every further guess from a locked address or network pays a proof of work.
 */
export const GLOBAL_RULE: ThrottleRule = { limit: 30, windowSeconds: 60 };
export const GLOBAL_KEY = "claim:global";
/** An account younger than this shares its address's budget: a new account buys no guess. */
export const YOUNG_ACCOUNT_HOURS = 24;
/** At most one alert to the admins per this many seconds, on every instance together. */
export const ALERT_SECONDS = 60 * 60;
const ALERT_KEY = "claim:alert";

/**
 * Wrong codes spiked past the site's budget: tells every admin in the bell, at most once an hour for
 * all instances (a `rate_limits` row that lives an hour; the instance whose insert makes it sends).
 * Returns whether this call sent the alert.
 */
export async function alertGuessSpike(db: DbOrTx): Promise<boolean> {
  return db.transaction(async (tx) => {
    const fresh = await queryRows<{ key: string }>(
      tx,
      sql`insert into rate_limits (key, count, window_start, expires_at) values (${ALERT_KEY}, 1, now(), now() + make_interval(secs => ${ALERT_SECONDS}))
        on conflict (key) do update set count = 1, window_start = now(), expires_at = now() + make_interval(secs => ${ALERT_SECONDS})
        where rate_limits.expires_at <= now()
        returning key`,
    );
    if (fresh.length === 0) return false;
    const admins = await tx
      .selectDistinct({ userId: userRoles.userId })
      .from(userRoles)
      .innerJoin(
        profiles,
        and(eq(profiles.id, userRoles.userId), isNull(profiles.deletedAt), isNull(profiles.blockedAt)),
      )
      .where(eq(userRoles.role, "admin"));
    await createNotifications(
      tx,
      admins.map((a) => ({
        userId: a.userId,
        type: "other" as const,
        title: systemText("guessingAlert"),
        message: systemText("guessingAlertMessage", String(GLOBAL_RULE.limit)),
        link: "/admin",
      })),
    );
    return true;
  });
}

/** The wrong codes counted on the site's budget in the current minute (for the metric; 0 when none). */
export async function siteWrongCodes(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${GLOBAL_KEY} and expires_at > now()`,
  );
  return Number(rows[0]?.count ?? 0);
}
