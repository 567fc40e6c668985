import { and, eq, isNotNull, type SQL } from "drizzle-orm";

import type { BroadcastAudience, BroadcastInput } from "#shared/schemas/admin.ts";

import type { Db, DbOrTx } from "../../db/client.ts";
import { boonees, exclusiveContent } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { createNotifications } from "../notifications/notify.ts";
import { assertStaffCity, isGlobalStaff } from "../staff-scope.ts";

export type BroadcastContentInput = Pick<
  BroadcastInput,
  "title" | "message" | "contentType" | "audience" | "rarity" | "series" | "figureId"
> &
  Partial<Pick<BroadcastInput, "cityId">> &
  Partial<Pick<BroadcastInput, "titleEn" | "messageEn">> & {
    /** The link (type link) or nothing; uploaded files come through `storeFile`. */
    linkUrl?: string | null;
  };

/** Who a broadcast reaches; without `cityId` every city's owners (a city admin: his only city's). */
export type AudienceInput = Omit<BroadcastAudience, "cityId"> & { cityId?: number | null };

/**
 * The city whose owners a broadcast reaches (decision 058), null for every city's: a global admin's choice;
 * a city admin's must be one of his cities (his only city when he names none).
 */
function audienceCity(actor: Actor, input: AudienceInput): number | null {
  const cityId = input.cityId ?? (actor.cities?.length === 1 ? actor.cities[0] : null);
  if (cityId === null) {
    if (!isGlobalStaff(actor)) throw new DomainError("cityRequired", 422);
    return null;
  }
  assertStaffCity(actor, cityId);
  return cityId;
}

function audienceFilter(input: AudienceInput, cityId: number | null): SQL {
  const owned = and(isNotNull(boonees.ownerId), cityId === null ? undefined : eq(boonees.cityId, cityId))!;
  switch (input.audience) {
    case "rarity":
      if (!input.rarity) throw new DomainError("required", 400);
      return and(owned, eq(boonees.rarity, input.rarity))!;
    case "series":
      if (!input.series) throw new DomainError("required", 400);
      return and(owned, eq(boonees.series, input.series))!;
    case "boonee":
      if (!input.figureId) throw new DomainError("required", 400);
      return and(owned, eq(boonees.id, input.figureId))!;
    default:
      return owned;
  }
}

/** The distinct owners a broadcast reaches: the send and the form's count alike. */
async function recipients(db: DbOrTx, input: AudienceInput, cityId: number | null): Promise<string[]> {
  const rows = await db.selectDistinct({ userId: boonees.ownerId }).from(boonees).where(audienceFilter(input, cityId));
  return rows.map((r) => r.userId).filter((id): id is string => !!id);
}

/** How many distinct owners a broadcast to this audience would reach now (the form's count before sending). */
export async function countRecipients(db: DbOrTx, actor: Actor | null, input: AudienceInput) {
  assertRole(actor, ["admin"]);
  return (await recipients(db, input, audienceCity(actor, input))).length;
}

/**
 * An admin broadcasts exclusive content: when nobody owns a matching figure, nothing is stored
 * ("noUsers"). Otherwise the content (with its audience) and one notification (type drop, link
 * /exclusive) per distinct owner are written in ONE transaction. `storeFile` uploads the attached
 * file only once recipients are known, so a refused broadcast leaves no file behind.
 */
export async function broadcastContent(
  db: Db,
  actor: Actor | null,
  input: BroadcastContentInput,
  opts: { storeFile?: () => Promise<string> } = {},
) {
  assertRole(actor, ["admin"]);
  // The form's schema says the same; this holds for every caller. Nothing is stored or sent.
  if ((input.contentType === "image" || input.contentType === "video") && !opts.storeFile)
    throw new DomainError(`${input.contentType}Required`, 400);
  if (input.contentType === "link" && !input.linkUrl) throw new DomainError("linkRequired", 400);
  const cityId = audienceCity(actor, input);
  if ((await recipients(db, input, cityId)).length === 0) throw new DomainError("noUsers", 422);
  let url: string | null = input.contentType === "link" && input.linkUrl ? input.linkUrl : null;
  if (opts.storeFile) url = await opts.storeFile();
  return db.transaction(async (tx) => {
    const owners = await recipients(tx, input, cityId);
    if (owners.length === 0) throw new DomainError("noUsers", 422);
    const [content] = await tx
      .insert(exclusiveContent)
      .values({
        title: input.title,
        titleEn: input.titleEn ?? null,
        description: input.message,
        descriptionEn: input.messageEn ?? null,
        contentType: input.contentType,
        url,
        audience: input.audience,
        audienceRarity: input.audience === "rarity" ? input.rarity : null,
        audienceSeries: input.audience === "series" ? input.series : null,
        figureId: input.audience === "boonee" ? input.figureId : null,
        recipientCount: owners.length,
        cityId,
      })
      .returning({ id: exclusiveContent.id });
    await createNotifications(
      tx,
      owners.map((userId) => ({
        userId,
        type: "drop" as const,
        title: input.title,
        message: input.message,
        titleEn: input.titleEn ?? null,
        messageEn: input.messageEn ?? null,
        link: "/exclusive",
        contentId: content.id,
      })),
    );
    await recordActivity(tx, actor, {
      action: "broadcast.sent",
      objectType: "broadcast",
      objectId: content.id,
      objectLabel: input.title,
    });
    return { id: content.id, count: owners.length, url };
  });
}
