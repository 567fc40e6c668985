import { eq, sql } from "drizzle-orm";
import { z } from "zod";

import type { Db } from "../../db/client.ts";
import { boonees, sunTagCounters, tags } from "../../db/schema.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { isUniqueViolation } from "../figures/create-figure.ts";
import { assertStaffCity } from "../staff-scope.ts";

const hexKey = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, "admin.sunTag.error.key")
  .transform((v) => v.toUpperCase());

/** A tag's binding: its 7-byte UID, and its keys (derived from the master key, or given). */
export const bindSunTagSchema = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("master"),
    uid: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{14}$/, "admin.sunTag.error.uid")
      .transform((v) => v.toUpperCase()),
  }),
  z.object({
    mode: z.literal("explicit"),
    uid: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{14}$/, "admin.sunTag.error.uid")
      .transform((v) => v.toUpperCase()),
    metaKey: hexKey,
    fileKey: hexKey,
  }),
]);
export type BindSunTagInput = z.infer<typeof bindSunTagSchema>;

/**
 * An admin binds a SUN tag to a figure (or binds a new one): from now on only a verified tap with a
 * counter above the last accepted one claims it; the bare code no longer does. The counter starts
 * at the highest one this UID was ever seen with (sun_tag_counters), so rebinding never revives old taps.
 */
export async function bindSunTag(
  db: Db,
  actor: Actor | null,
  figureId: string,
  input: BindSunTagInput,
  masterKey: string | undefined,
) {
  assertRole(actor, ["admin"]);
  if (input.mode === "master" && !masterKey) throw new DomainError("sunNoMaster", 400);
  return db.transaction(async (tx) => {
    const [figure] = await tx
      .select({ name: boonees.name, cityId: boonees.cityId })
      .from(boonees)
      .where(eq(boonees.id, figureId));
    if (!figure) throw new DomainError("notFound", 404);
    assertStaffCity(actor, figure.cityId);
    try {
      await tx.transaction(async (sp) =>
        sp
          .update(tags)
          .set({
            tagUid: input.uid,
            sunMode: input.mode,
            sunMetaKey: input.mode === "explicit" ? input.metaKey : null,
            sunFileKey: input.mode === "explicit" ? input.fileKey : null,
            // the highest counter this UID ever had: a tap URL from before the rebinding stays spent
            sunCounter: sql`(select ${sunTagCounters.counter} from ${sunTagCounters} where ${sunTagCounters.tagUid} = ${input.uid})`,
          })
          .where(eq(tags.figureId, figureId)),
      );
    } catch (e) {
      if (isUniqueViolation(e, "tags_sun_uid_key")) throw new DomainError("sunUidTaken", 409);
      throw e;
    }
    await recordActivity(tx, actor, {
      action: "tag.bound",
      objectType: "boonee",
      objectId: figureId,
      objectLabel: figure.name,
      details: await figureRef(tx, figureId),
    });
  });
}

/** Removes the SUN binding: the figure is claimed with its code again. */
export async function unbindSunTag(db: Db, actor: Actor | null, figureId: string) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const [figure] = await tx
      .select({ name: boonees.name, cityId: boonees.cityId })
      .from(boonees)
      .where(eq(boonees.id, figureId));
    if (!figure) throw new DomainError("notFound", 404);
    assertStaffCity(actor, figure.cityId);
    await tx
      .update(tags)
      .set({ sunMode: null, sunMetaKey: null, sunFileKey: null, sunCounter: null })
      .where(eq(tags.figureId, figureId));
    await recordActivity(tx, actor, {
      action: "tag.unbound",
      objectType: "boonee",
      objectId: figureId,
      objectLabel: figure.name,
      details: await figureRef(tx, figureId),
    });
  });
}
