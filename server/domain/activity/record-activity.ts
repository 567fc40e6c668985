import { eq } from "drizzle-orm";

import type { ActivityDetails, ActivityKind } from "#shared/activity.ts";

import type { DbOrTx } from "../../db/client.ts";
import { instanceNumber } from "../../db/figure-search.ts";
import { activityLog, boonees, booneeStories, profiles } from "../../db/schema.ts";
import type { Actor } from "../errors.ts";

export interface ActivityEntry {
  action: ActivityKind;
  objectType: "boonee" | "claim" | "story" | "broadcast" | "account" | "drop" | "webhook" | "city";
  objectId?: string | null;
  /** A readable name of the object (never a secret code). */
  objectLabel?: string | null;
  reason?: string | null;
  /** Which instance, what changed (never a secret code). A figure entry gets its number and owner from `figureRef`. */
  details?: ActivityDetails | null;
}

/**
 * Which one of a type's figures this is, as the log shows it: its instance number (types have none)
 * and its owner's name. Read inside the action's transaction, before a delete.
 */
export async function figureRef(tx: DbOrTx, figureId: string): Promise<ActivityDetails> {
  const [row] = await tx
    .select({
      typeId: boonees.typeId,
      number: instanceNumber,
      owner: profiles.name,
      ownerDeleted: profiles.deletedAt,
    })
    .from(boonees)
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .where(eq(boonees.id, figureId));
  if (!row) return {};
  return { number: row.typeId ? row.number : null, owner: row.ownerDeleted ? null : row.owner };
}

/**
 * Which story a log line is about beyond its title: its figure (name and number) and its author's
 * name (null for a deleted account). Read inside the action's transaction.
 */
export async function storyRef(tx: DbOrTx, storyId: string): Promise<ActivityDetails> {
  const [row] = await tx
    .select({ figure: boonees.name, number: instanceNumber, author: profiles.name, authorDeleted: profiles.deletedAt })
    .from(booneeStories)
    .innerJoin(boonees, eq(boonees.id, booneeStories.figureId))
    .leftJoin(profiles, eq(profiles.id, booneeStories.userId))
    .where(eq(booneeStories.id, storyId));
  if (!row) return {};
  return { figure: row.figure, number: row.number, author: row.authorDeleted ? null : (row.author ?? null) };
}

/**
 * Writes entries to the activity log; call it inside the transaction of the action it records.
 * `actor` null is the system itself (a drop released on time).
 */
export async function recordActivity(tx: DbOrTx, actor: Actor | null, ...entries: ActivityEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(activityLog).values(
    entries.map((e) => ({
      actorId: actor?.id ?? null,
      action: e.action,
      objectType: e.objectType,
      objectId: e.objectId ?? null,
      objectLabel: e.objectLabel?.slice(0, 200) ?? null,
      reason: e.reason ?? null,
      reasonLang: e.reason ? (actor?.lang ?? null) : null,
      details: e.details ?? null,
    })),
  );
}
