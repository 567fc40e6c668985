import { and, desc, eq, isNull, or, sql } from "drizzle-orm";

import { availabilityOf, isPublicStatus } from "#shared/figure-status.ts";
import { UUID } from "#shared/uuid.ts";

import type { DbOrTx } from "../../db/client.ts";
import { figureColumns } from "../../db/figure-columns.ts";
import { publicNameSql } from "../../db/public-name.ts";
import { boonees, booneeStories, cities, exclusiveContent, figureReports, profiles } from "../../db/schema.ts";
import { inUnreleasedDrop } from "../drops/drop-visibility.ts";
import { DomainError, type Actor } from "../errors.ts";
import { countedReports } from "../reports/report-figure.ts";
import { getFigureLife } from "./figure-life.ts";

export const STORIES_SHOWN = 100;

/** A finder photo as the figure page shows it. */
export interface StoryPhotoView {
  id: string;
  url: string;
  /** The viewer has reported it. */
  reported: boolean;
}
export const EXCLUSIVE_SHOWN = 50;

/**
 * Everything the figure page shows: the figure (no tag, no secret code), the owner's name only, the
 * finder stories (not hidden, newest first, for everyone) and, for the owner alone, the welcome video
 * and the exclusive items meant for this figure (its own, all owners, its rarity or its series).
 * Draft and Hidden figures are 404 for everyone but admins and their owner; so is an unknown or
 * malformed id. `mine` marks the viewer's own stories (they may edit and delete them).
 */
export async function getFigureDetail(db: DbOrTx, viewer: Actor | null, id: string) {
  if (!UUID.test(id)) throw new DomainError("notFound", 404);
  const [row] = await db
    .select({
      ...figureColumns,
      ownerId: boonees.ownerId,
      ownerName: publicNameSql(),
      createdAt: boonees.createdAt,
      reportedIssue: boonees.reportedIssue,
      inWaitingDrop: sql<boolean>`${inUnreleasedDrop(boonees.id)}`,
      citySlug: cities.slug,
      cityNameDe: cities.nameDe,
      cityNameEn: cities.nameEn,
      cityTimeZone: cities.timeZone,
    })
    .from(boonees)
    .innerJoin(cities, eq(cities.id, boonees.cityId))
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .where(eq(boonees.id, id))
    .limit(1);
  if (!row) throw new DomainError("notFound", 404);
  const isOwner = !!viewer && row.ownerId === viewer.id;
  // Its owner still sees a figure that was set to Draft or Hidden (with a notice on the page).
  if (!isPublicStatus(row.status) && viewer?.role !== "admin" && !isOwner) throw new DomainError("notFound", 404);

  const stories = await db
    .select({
      id: booneeStories.id,
      title: booneeStories.title,
      story: booneeStories.story,
      lang: booneeStories.lang,
      findLocation: booneeStories.findLocation,
      findDate: booneeStories.findDate,
      createdAt: booneeStories.createdAt,
      mine: viewer ? sql<boolean>`${booneeStories.userId} = ${viewer.id}` : sql<boolean>`false`,
      // Not hidden; `reported`: the viewer has reported it (the page says so instead of the button).
      photos: sql<StoryPhotoView[]>`coalesce((select json_agg(json_build_object('id', p.id, 'url', p.url,
        'reported', ${viewer ? sql`exists (select 1 from story_photo_reports r where r.photo_id = p.id and r.reporter_id = ${viewer.id})` : sql`false`})
        order by p.created_at, p.id) from story_photos p where p.story_id = ${booneeStories.id} and not p.hidden), '[]')`,
    })
    .from(booneeStories)
    // Stories of blocked accounts are hidden until the block is lifted.
    .innerJoin(profiles, and(eq(profiles.id, booneeStories.userId), isNull(profiles.blockedAt)))
    .where(and(eq(booneeStories.figureId, row.id), eq(booneeStories.hidden, false)))
    .orderBy(desc(booneeStories.createdAt), desc(booneeStories.id))
    .limit(STORIES_SHOWN);

  const exclusive = isOwner
    ? await db
        .select({
          id: exclusiveContent.id,
          title: exclusiveContent.title,
          description: exclusiveContent.description,
          titleEn: exclusiveContent.titleEn,
          descriptionEn: exclusiveContent.descriptionEn,
          contentType: exclusiveContent.contentType,
          url: exclusiveContent.url,
          createdAt: exclusiveContent.createdAt,
        })
        .from(exclusiveContent)
        .where(
          and(
            isNull(exclusiveContent.retractedAt),
            or(
              eq(exclusiveContent.figureId, row.id),
              and(isNull(exclusiveContent.figureId), eq(exclusiveContent.audience, "all")),
              and(eq(exclusiveContent.audience, "rarity"), eq(exclusiveContent.audienceRarity, row.rarity)),
              row.series
                ? and(eq(exclusiveContent.audience, "series"), eq(exclusiveContent.audienceSeries, row.series))
                : sql`false`,
            ),
          ),
        )
        .orderBy(desc(exclusiveContent.createdAt), desc(exclusiveContent.id))
        .limit(EXCLUSIVE_SHOWN)
    : [];

  // The viewer's own open report, so the page says "you reported it" instead of offering the form again.
  const [myReport] = viewer
    ? await db
        .select({ kind: figureReports.kind, note: figureReports.note })
        .from(figureReports)
        .where(
          and(
            eq(figureReports.figureId, row.id),
            eq(figureReports.reporterId, viewer.id),
            isNull(figureReports.resolvedAt),
          ),
        )
    : [];
  const life = await getFigureLife(db, row, { admin: viewer?.role === "admin" });
  const reportCounts = row.reportedIssue ? await countedReports(db, row.id) : null;

  const {
    ownerId,
    ownerName,
    welcomeVideoUrl,
    createdAt: _createdAt,
    reportedIssue,
    inWaitingDrop,
    citySlug,
    cityNameDe,
    cityNameEn,
    cityTimeZone,
    ...figure
  } = row;
  return {
    figure,
    /** The figure's city (decision 053): the page names it and shows its dates in the city's zone. */
    city: { slug: citySlug, nameDe: cityNameDe, nameEn: cityNameEn, timeZone: cityTimeZone },
    claimed: ownerId !== null,
    availability: availabilityOf({ status: row.status, claimed: ownerId !== null, inWaitingDrop }),
    /** The owner's display name; null when unclaimed or when the owner's account was deleted. */
    ownerName: ownerId ? (ownerName?.trim() ? ownerName : null) : null,
    isOwner,
    welcomeVideoUrl: isOwner ? welcomeVideoUrl : null,
    exclusive,
    stories,
    /** The public note once two counted reports are open: "missing" (outweighs) or "damaged"; null otherwise. */
    reportedIssue,
    /** What the note says was reported: the open counted reports per kind (decision 042); null without a note. */
    reportCounts,
    /** The viewer's own open report (they may change or withdraw it). */
    myReport: myReport ?? null,
    life,
  };
}

export type FigureDetail = Awaited<ReturnType<typeof getFigureDetail>>;
