import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { NEVER_CLAIMABLE_STATUSES, NOT_PUBLIC_STATUSES } from "#shared/figure-status.ts";
import { boonees } from "./schema.ts";

/**
 * The rule of shared/figure-status.ts as SQL, for counts and conditional writes. Pass other
 * columns (an alias) when the query names the table differently; the default is `boonees`.
 */
const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}::boonee_status`),
    sql`, `,
  );

export const publicFigureSql = (status: AnyColumn | SQL = boonees.status): SQL =>
  sql`(${status} not in (${statusList(NOT_PUBLIC_STATUSES)}))`;

export const claimableFigureSql = (cols: { status: AnyColumn | SQL; ownerId: AnyColumn | SQL } = boonees): SQL =>
  sql`(${cols.ownerId} is null and ${cols.status} not in (${statusList(NEVER_CLAIMABLE_STATUSES)}))`;
