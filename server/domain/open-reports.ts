import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { instanceNumber } from "../db/figure-search.ts";
import { boonees, figureReports, profiles, storyPhotoReports } from "../db/schema.ts";
import { assertRole, type Actor } from "./errors.ts";

/** How many reports are open (not yet resolved) and on how many figures they made the public note: for the dashboard and its charts. */
export async function countOpenReports(db: DbOrTx): Promise<{ open: number; markedFigures: number }> {
  const [row] = await db
    .select({
      open: sql<number>`(select count(*) from ${figureReports} where ${figureReports.resolvedAt} is null)`.mapWith(Number),
      markedFigures: sql<number>`(select count(*) from ${boonees} where ${boonees.reportedIssue} is not null)`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row;
}

/** Finder photos with open (not yet reviewed) reports: the dashboard's small count next to the figure reports. */
export async function countReportedPhotos(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${storyPhotoReports.photoId})`.mapWith(Number) })
    .from(storyPhotoReports)
    .where(isNull(storyPhotoReports.reviewedAt));
  return row.n;
}

/** Open reports per kind and the figures they marked publicly: the dashboard's chart. */
export async function openReportsByKind(db: DbOrTx): Promise<{ missing: number; damaged: number; markedFigures: number }> {
  const rows = await db
    .select({ kind: figureReports.kind, count: sql<number>`count(*)`.mapWith(Number) })
    .from(figureReports)
    .where(isNull(figureReports.resolvedAt))
    .groupBy(figureReports.kind);
  const { markedFigures } = await countOpenReports(db);
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.count ?? 0;
  return { missing: of("missing"), damaged: of("damaged"), markedFigures };
}

export const OPEN_REPORT_FIGURES_SHOWN = 100;

/**
 * The figures with open reports, marked ones first, then by their oldest open report; each with its
 * reports (reporter's name or null for 'Anonymous', kind, note, date, how it weighs: decision 042).
 * Admins and moderators; admins also get the reporter's e-mail address (who reported what, unmistakably).
 */
export async function listOpenReports(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin", "moderator"]);
  const rows = await db
    .select({
      id: figureReports.id,
      booneeId: figureReports.booneeId,
      kind: figureReports.kind,
      note: figureReports.note,
      weight: figureReports.weight,
      createdAt: figureReports.createdAt,
      reporter: profiles.name,
      reporterEmail: profiles.email,
      reporterDeleted: profiles.deletedAt,
    })
    .from(figureReports)
    .leftJoin(profiles, eq(profiles.id, figureReports.reporterId))
    .where(isNull(figureReports.resolvedAt))
    .orderBy(asc(figureReports.createdAt), asc(figureReports.id))
    .limit(OPEN_REPORT_FIGURES_SHOWN * 10);
  const ids = [...new Set(rows.map((r) => r.booneeId))].slice(0, OPEN_REPORT_FIGURES_SHOWN);
  if (ids.length === 0) return [];
  const figures = await db
    .select({
      id: boonees.id,
      name: boonees.name,
      imageUrl: boonees.imageUrl,
      status: boonees.status,
      reportedIssue: boonees.reportedIssue,
      reportedAt: boonees.reportedAt,
      // Which of the type's figures (issue 35 item 4): its number, where it was placed (admins only) and its drop.
      templateId: boonees.templateId,
      number: instanceNumber,
      placementNote: actor.role === "admin" ? boonees.placementNote : sql<string | null>`null`,
      dropTitle: sql<{ de: string; en: string } | null>`(select json_build_object('de', d.title_de, 'en', d.title_en)
        from drop_figures df join drops d on d.id = df.drop_id where df.boonee_id = boonees.id and d.cancelled_at is null)`,
    })
    .from(boonees)
    .where(and(inArray(boonees.id, ids)))
    .orderBy(desc(boonees.reportedAt));
  const order = new Map(ids.map((id, i) => [id, i]));
  return figures
    .sort((a, b) => Number(b.reportedIssue !== null) - Number(a.reportedIssue !== null) || order.get(a.id)! - order.get(b.id)!)
    .map(({ templateId: _templateId, ...f }) => ({
      ...f,
      reports: rows
        .filter((r) => r.booneeId === f.id)
        .map((r) => ({
          id: r.id,
          kind: r.kind,
          note: r.note,
          weight: r.weight,
          createdAt: r.createdAt,
          reporter: r.reporterDeleted || !r.reporter?.trim() ? null : r.reporter,
          reporterEmail: actor.role === "admin" && !r.reporterDeleted ? r.reporterEmail : null,
        })),
    }));
}

export type OpenReportFigure = Awaited<ReturnType<typeof listOpenReports>>[number];
