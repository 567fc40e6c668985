import { sql, type SQL } from "drizzle-orm";

/**
 * The name a person shows under on public pages ("found by" on figure, drop and tag pages, the
 * biography): null, shown as 'Anonymous', when none is given or the account is deleted or blocked
 * (docs/product.md, "Accounts"). `alias`: the profiles table as the query names it.
 */
export function publicNameSql(alias = "profiles"): SQL<string | null> {
  const p = sql.raw(`"${alias}"`);
  return sql<
    string | null
  >`case when ${p}.deleted_at is null and ${p}.blocked_at is null then nullif(trim(${p}.name), '') end`;
}
