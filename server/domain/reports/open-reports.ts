import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { boonees, booneeStories, figureReports, storyPhotoReports, storyPhotos } from "../../db/schema.ts";
import type { Actor } from "../errors.ts";
import { andInStaffCities, inStaffCities } from "../staff-scope.ts";
import { listReports } from "./list-reports.ts";

/** How many reports are open (not yet resolved) and on how many figures they made the public note: for the dashboard and its charts. */
export async function countOpenReports(
  db: DbOrTx,
  actor: Actor | null = null,
): Promise<{ open: number; markedFigures: number }> {
  const [row] = await db
    .select({
      open: sql<number>`(select count(*) from figure_reports r join boonees on boonees.id = r.boonee_id
        where r.resolved_at is null${andInStaffCities(actor, boonees.cityId)})`.mapWith(Number),
      markedFigures: sql<number>`(select count(*) from ${boonees} where ${boonees.reportedIssue} is not null${andInStaffCities(
        actor,
        boonees.cityId,
      )})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row;
}

/** Finder photos with open (not yet reviewed) reports: the dashboard's small count next to the figure reports. */
export async function countReportedPhotos(db: DbOrTx, actor: Actor | null = null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${storyPhotoReports.photoId})`.mapWith(Number) })
    .from(storyPhotoReports)
    .innerJoin(storyPhotos, eq(storyPhotos.id, storyPhotoReports.photoId))
    .innerJoin(booneeStories, eq(booneeStories.id, storyPhotos.storyId))
    .innerJoin(boonees, eq(boonees.id, booneeStories.figureId))
    .where(and(isNull(storyPhotoReports.reviewedAt), inStaffCities(actor, boonees.cityId)));
  return row.n;
}

/** Open reports per kind and the figures they marked publicly: the dashboard's chart. */
export async function openReportsByKind(
  db: DbOrTx,
  actor: Actor | null = null,
): Promise<{ missing: number; damaged: number; markedFigures: number }> {
  const rows = await db
    .select({ kind: figureReports.kind, count: sql<number>`count(*)`.mapWith(Number) })
    .from(figureReports)
    .innerJoin(boonees, eq(boonees.id, figureReports.figureId))
    .where(and(isNull(figureReports.resolvedAt), inStaffCities(actor, boonees.cityId)))
    .groupBy(figureReports.kind);
  const { markedFigures } = await countOpenReports(db, actor);
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.count ?? 0;
  return { missing: of("missing"), damaged: of("damaged"), markedFigures };
}

export const OPEN_REPORT_FIGURES_SHOWN = 100;

/**
 * The figures with open reports, marked ones first, then by their oldest open report, with their open
 * reports: the first page of the reports view's "open" filter (server/domain/reports/list-reports.ts).
 */
export async function listOpenReports(db: DbOrTx, actor: Actor | null) {
  return (await listReports(db, actor, { state: "open", q: "", page: 1 }, OPEN_REPORT_FIGURES_SHOWN)).figures;
}
