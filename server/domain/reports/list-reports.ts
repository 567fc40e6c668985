import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReportFilters } from "#shared/schemas/report.ts";
import type { DbOrTx } from "../../db/client.ts";
import { instanceNumber, searchedNumber } from "../../db/figure-search.ts";
import { contains } from "../../db/like-pattern.ts";
import { boonees, figureReports, profiles } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { inStaffCities } from "../staff-scope.ts";

/** Figures per page of the reports view; each shows at most REPORTS_PER_FIGURE of its reports. */
export const REPORT_FIGURES_PER_PAGE = 20;
export const REPORTS_PER_FIGURE = 50;

const resolver = alias(profiles, "resolver");

/** "Nr. 5", "#5", "Hafenwicht Nr. 5" or a bare "5": the figure's number within its type (and the rest of its name). */
function numberTerm(q: string) {
  const bare = /^\d{1,6}$/.test(q.trim()) ? { number: Number(q.trim()), rest: "" } : null;
  return searchedNumber(q) ?? bare;
}

/**
 * What a search term finds among reports: the figure's name or number, the reporter's name (and,
 * for admins only, e-mail: moderators never see addresses, so they may not search by them either),
 * or the report's note. Deleted reporters are found by nothing of theirs.
 */
function reportSearch(q: string, admin: boolean): SQL | undefined {
  if (q === "") return undefined;
  const numbered = numberTerm(q);
  const reporter = and(isNull(profiles.deletedAt), or(contains(profiles.name, q), admin ? contains(profiles.email, q) : undefined));
  return or(
    contains(boonees.name, q),
    reporter,
    contains(figureReports.note, q),
    numbered
      ? and(sql`${instanceNumber} = ${numbered.number}`, numbered.rest ? contains(boonees.name, numbered.rest) : undefined)
      : undefined,
  );
}

const stateCondition = (state: ReportFilters["state"]) =>
  state === "open" ? isNull(figureReports.resolvedAt) : state === "resolved" ? isNotNull(figureReports.resolvedAt) : undefined;

/**
 * The reports view (decisions 031 and 042): figures with reports that match the
 * filter (open, resolved or all) and the search, a bounded page of figures at a time. Each figure
 * comes with its matching reports (reporter's name or null for 'Anonymous', kind, note, date, weight,
 * and for a resolved one when, how and by whom) and how many of its reports are still open (only
 * those can be resolved). Open: marked figures first, then the oldest open report; resolved and all:
 * the latest report or resolution first. Admins and moderators; admins also get e-mail addresses.
 */
export async function listReports(db: DbOrTx, actor: Actor | null, filters: ReportFilters, pageSize = REPORT_FIGURES_PER_PAGE) {
  assertRole(actor, ["admin", "moderator"]);
  const admin = actor.role === "admin";
  const where = and(
    stateCondition(filters.state),
    reportSearch(filters.q, admin),
    inStaffCities(actor, boonees.cityId),
  );
  const [{ total }] = await db
    .select({ total: sql<number>`count(distinct ${figureReports.figureId})`.mapWith(Number) })
    .from(figureReports)
    .innerJoin(boonees, eq(boonees.id, figureReports.figureId))
    .leftJoin(profiles, eq(profiles.id, figureReports.reporterId))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filters.page, pageCount);
  const order =
    filters.state === "open"
      ? [sql`${boonees.reportedIssue} is null`, sql`min(${figureReports.createdAt})`, asc(figureReports.figureId)]
      : [sql`max(coalesce(${figureReports.resolvedAt}, ${figureReports.createdAt})) desc`, asc(figureReports.figureId)];
  const pageIds = (
    await db
      .select({ id: figureReports.figureId })
      .from(figureReports)
      .innerJoin(boonees, eq(boonees.id, figureReports.figureId))
      .leftJoin(profiles, eq(profiles.id, figureReports.reporterId))
      .where(where)
      .groupBy(figureReports.figureId, boonees.reportedIssue)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
  ).map((r) => r.id);
  if (pageIds.length === 0) return { figures: [], total, page, pageCount };
  const rows = await db
    .select({
      id: figureReports.id,
      figureId: figureReports.figureId,
      kind: figureReports.kind,
      note: figureReports.note,
      weight: figureReports.weight,
      createdAt: figureReports.createdAt,
      resolvedAt: figureReports.resolvedAt,
      resolution: figureReports.resolution,
      resolverName: resolver.name,
      resolverDeleted: resolver.deletedAt,
      reporter: profiles.name,
      reporterEmail: profiles.email,
      reporterDeleted: profiles.deletedAt,
    })
    .from(figureReports)
    .innerJoin(boonees, eq(boonees.id, figureReports.figureId))
    .leftJoin(profiles, eq(profiles.id, figureReports.reporterId))
    .leftJoin(resolver, eq(resolver.id, figureReports.resolvedBy))
    .where(and(where, inArray(figureReports.figureId, pageIds)))
    .orderBy(asc(figureReports.createdAt), asc(figureReports.id))
    .limit(pageSize * REPORTS_PER_FIGURE);
  const figures = await db
    .select({
      id: boonees.id,
      name: boonees.name,
      imageUrl: boonees.imageUrl,
      status: boonees.status,
      reportedIssue: boonees.reportedIssue,
      reportedAt: boonees.reportedAt,
      // Which of the type's figures (decision 044): its number, where it was placed (admins only) and its drop.
      number: instanceNumber,
      placementNote: admin ? boonees.placementNote : sql<string | null>`null`,
      dropTitle: sql<{ de: string; en: string } | null>`(select json_build_object('de', d.title_de, 'en', d.title_en)
        from drop_figures df join drops d on d.id = df.drop_id where df.boonee_id = boonees.id and d.cancelled_at is null)`,
      openReports: sql<number>`(select count(*) from figure_reports o where o.boonee_id = boonees.id and o.resolved_at is null)`.mapWith(
        Number,
      ),
    })
    .from(boonees)
    .where(inArray(boonees.id, pageIds));
  const position = new Map(pageIds.map((id, i) => [id, i]));
  return {
    total,
    page,
    pageCount,
    figures: figures
      .sort((a, b) => position.get(a.id)! - position.get(b.id)!)
      .map((f) => ({
        ...f,
        reports: rows
          .filter((r) => r.figureId === f.id)
          .slice(-REPORTS_PER_FIGURE)
          .map((r) => ({
            id: r.id,
            kind: r.kind,
            note: r.note,
            weight: r.weight,
            createdAt: r.createdAt,
            resolvedAt: r.resolvedAt,
            resolution: r.resolution,
            resolvedBy: r.resolverDeleted || !r.resolverName?.trim() ? null : r.resolverName,
            reporter: r.reporterDeleted || !r.reporter?.trim() ? null : r.reporter,
            reporterEmail: admin && !r.reporterDeleted ? r.reporterEmail : null,
          })),
      })),
  };
}

export type ReportFigure = Awaited<ReturnType<typeof listReports>>["figures"][number];
