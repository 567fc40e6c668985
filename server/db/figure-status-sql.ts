import { sql, type AnyColumn, type SQL } from "drizzle-orm";

import { NEVER_CLAIMABLE_STATUSES, NOT_PUBLIC_STATUSES } from "#shared/figure-status.ts";

import { notInUnreleasedDrop } from "../domain/drops/drop-visibility.ts";
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

/**
 * Claimable: no owner, not Archived, and not in a drop that waits for its release (product decisions,
 * "available" means claimable in every view and count). A waiting drop's figures are always Hidden
 * (server/domain/drops/save-drop.ts), so only a Hidden row is looked up in drop_figures (one index probe on
 * drop_figures_boonee_key): a count over every figure stays one scan.
 */
export const claimableFigureSql = (
  cols: { id: AnyColumn | SQL; status: AnyColumn | SQL; ownerId: AnyColumn | SQL } = boonees,
): SQL =>
  sql`(${cols.ownerId} is null and ${cols.status} not in (${statusList(NEVER_CLAIMABLE_STATUSES)})
       and (${cols.status} <> 'Hidden'::boonee_status or ${notInUnreleasedDrop(cols.id)}))`;
