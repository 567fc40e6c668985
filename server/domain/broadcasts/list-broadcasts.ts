import { count, desc } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { pageOf } from "../../db/paging.ts";
import { exclusiveContent } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { countDeliveries } from "../notifications/count-deliveries.ts";
import { inStaffCities } from "../staff-scope.ts";

export const BROADCASTS_PAGE_SIZE = 10;

/** What was broadcast, newest first (exclusive_content_created_idx), retracted items too (marked), with audience, recipients and push/e-mail deliveries. */
export async function listBroadcasts(db: DbOrTx, actor: Actor | null, query: { page?: number }) {
  assertRole(actor, ["admin"]);
  const inCities = inStaffCities(actor, exclusiveContent.cityId);
  const [{ n: total }] = await db.select({ n: count() }).from(exclusiveContent).where(inCities);
  const paging = pageOf(query.page ?? 1, BROADCASTS_PAGE_SIZE, total);
  const items = await db
    .select({
      id: exclusiveContent.id,
      title: exclusiveContent.title,
      description: exclusiveContent.description,
      titleEn: exclusiveContent.titleEn,
      descriptionEn: exclusiveContent.descriptionEn,
      contentType: exclusiveContent.contentType,
      url: exclusiveContent.url,
      audience: exclusiveContent.audience,
      audienceRarity: exclusiveContent.audienceRarity,
      audienceSeries: exclusiveContent.audienceSeries,
      figureId: exclusiveContent.figureId,
      recipientCount: exclusiveContent.recipientCount,
      editedAt: exclusiveContent.editedAt,
      retractedAt: exclusiveContent.retractedAt,
      createdAt: exclusiveContent.createdAt,
      cityId: exclusiveContent.cityId,
    })
    .from(exclusiveContent)
    .where(inCities)
    .orderBy(desc(exclusiveContent.createdAt), exclusiveContent.id)
    .limit(BROADCASTS_PAGE_SIZE)
    .offset((paging.page - 1) * BROADCASTS_PAGE_SIZE);
  const deliveries = await countDeliveries(
    db,
    "broadcast",
    items.map((i) => i.id),
  );
  return {
    items: items.map((i) => ({ ...i, deliveries: deliveries.get(i.id) ?? { sent: 0, pending: 0, failed: 0 } })),
    ...paging,
  };
}
