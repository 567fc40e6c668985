import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * The one rule for figures of a drop that has not been released (product decisions "Drops" and
 * "Statuses"): nothing of it is public and its code answers like an unknown code until the release.
 * While a drop waits its figures are also Hidden (server/domain/drops/save-drop.ts), so every public
 * list, count and view that leaves Hidden figures out leaves them out too; the claim lookup and
 * the claim itself ask this condition, beside the status rule of server/db/figure-status-sql.ts (kept
 * apart so the dashboard's counts over every figure need no per-row subquery: waiting figures are Hidden).
 */
export const inUnreleasedDrop = (figureId: SQLWrapper): SQL =>
  sql`exists (select 1 from drop_figures df join drops d on d.id = df.drop_id
              where df.boonee_id = ${figureId} and d.released_at is null and d.cancelled_at is null)`;

export const notInUnreleasedDrop = (figureId: SQLWrapper): SQL => sql`not ${inUnreleasedDrop(figureId)}`;
