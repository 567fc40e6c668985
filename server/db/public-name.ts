import { sql, type SQL } from "drizzle-orm";

/**
 * The name a person shows under on public pages ("found by" on figure, drop and tag pages, the
 * biography, the leaderboards, every /api/v1 answer): null, shown as 'Anonymous', when none is given, the
 * person chose to hide it (profiles.hide_name, decision 050) or the account is deleted or blocked
 * (docs/product.md, "Accounts"). `alias`: the profiles table as the query names it.
 */
export function publicNameSql(alias = "profiles"): SQL<string | null> {
  const p = sql.raw(`"${alias}"`);
  return sql<
    string | null
  >`case when ${p}.deleted_at is null and ${p}.blocked_at is null and not ${p}.hide_name then nullif(trim(${p}.name), '') end`;
}
