import type { ActivityKind } from "#shared/activity.ts";
import type { DbOrTx } from "../db/client.ts";
import { activityLog } from "../db/schema.ts";
import type { Actor } from "./errors.ts";

export interface ActivityEntry {
  action: ActivityKind;
  objectType: "boonee" | "claim" | "story" | "broadcast" | "account" | "drop";
  objectId?: string | null;
  /** A readable name of the object (never a secret code). */
  objectLabel?: string | null;
  reason?: string | null;
}

/** Writes entries to the activity log; call it inside the transaction of the action it records. */
export async function recordActivity(tx: DbOrTx, actor: Actor, ...entries: ActivityEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(activityLog).values(
    entries.map((e) => ({
      actorId: actor.id,
      action: e.action,
      objectType: e.objectType,
      objectId: e.objectId ?? null,
      objectLabel: e.objectLabel?.slice(0, 200) ?? null,
      reason: e.reason ?? null,
    })),
  );
}
