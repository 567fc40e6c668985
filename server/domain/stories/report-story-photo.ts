import { and, eq, isNull } from "drizzle-orm";

import { isPublicStatus } from "#shared/figure-status.ts";
import { validate } from "#shared/forms.ts";
import { photoReportSchema } from "#shared/schemas/report.ts";
import { UUID } from "#shared/uuid.ts";

import type { Db } from "../../db/client.ts";
import { boonees, booneeStories, profiles, storyPhotoReports, storyPhotos } from "../../db/schema.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";
import { REPORT_RULE } from "../reports/report-figure.ts";
import { hit, minutesToWait } from "../throttle.ts";

/**
 * A signed-in user reports one finder photo of someone else's story, on the figure page that shows it.
 * Only a photo the figure page shows can be reported: the photo of a visible story (author not
 * blocked) on this figure, not hidden, the figure public (or the viewer's own, or the viewer an admin) — anything else is 404,
 * including a photo of another figure's story sent to this figure's address. One's own photo: 403.
 * One report per person and photo (a unique index): a second is a no-op answered `already: true`.
 * Throttled per account like figure reports (same rule, own key). Staff report like anyone else.
 */
export async function reportStoryPhoto(
  db: Db,
  actor: Actor | null,
  input: { figureId: string; fields: Record<string, unknown> },
) {
  assertSignedIn(actor);
  if (!UUID.test(input.figureId)) throw new DomainError("notFound", 404);
  const parsed = validate(photoReportSchema, input.fields);
  if (!parsed.ok) throw new DomainError("notFound", 404);
  const counted = await hit(db, `photo-report:${actor.id}`, REPORT_RULE);
  if (!counted.allowed) throw new DomainError("tooMany", 429, { minutes: minutesToWait([counted]) });
  const [photo] = await db
    .select({ id: storyPhotos.id, authorId: booneeStories.userId, status: boonees.status, ownerId: boonees.ownerId })
    .from(storyPhotos)
    .innerJoin(booneeStories, and(eq(booneeStories.id, storyPhotos.storyId), eq(booneeStories.hidden, false)))
    .innerJoin(boonees, eq(boonees.id, booneeStories.figureId))
    .innerJoin(profiles, and(eq(profiles.id, booneeStories.userId), isNull(profiles.blockedAt)))
    .where(and(eq(storyPhotos.id, parsed.data.photoId), eq(storyPhotos.hidden, false), eq(boonees.id, input.figureId)));
  if (!photo || (!isPublicStatus(photo.status) && actor.role !== "admin" && photo.ownerId !== actor.id))
    throw new DomainError("notFound", 404);
  if (photo.authorId === actor.id) throw new DomainError("ownPhoto", 403);
  const [report] = await db
    .insert(storyPhotoReports)
    .values({ photoId: photo.id, reporterId: actor.id })
    .onConflictDoNothing()
    .returning({ id: storyPhotoReports.id });
  return { already: !report };
}
