import { eq } from "drizzle-orm";
import type { BooneeFieldsInput } from "../../app/lib/schemas/admin.ts";
import type { Db } from "../db/client.ts";
import { boonees } from "../db/schema.ts";
import { figureColumns } from "./create-boonee.ts";
import { DomainError, assertRole, type Actor } from "./errors.ts";
import { recordActivity } from "./record-activity.ts";

export interface UpdateBooneeInput extends BooneeFieldsInput {
  id: string;
  /** A new picture / welcome video; undefined keeps the current one. */
  imageUrl?: string;
  welcomeVideoUrl?: string;
}

/** An admin edits a figure's fields and status after creation (product decisions: status is free). */
export async function updateBoonee(
  db: Db,
  actor: Actor | null,
  input: UpdateBooneeInput,
  opts: { storeMedia?: () => Promise<{ imageUrl?: string; welcomeVideoUrl?: string }> } = {},
) {
  assertRole(actor, ["admin"]);
  if (opts.storeMedia) {
    // New files are stored only for a figure that exists.
    const [exists] = await db.select({ id: boonees.id }).from(boonees).where(eq(boonees.id, input.id));
    if (!exists) throw new DomainError("notFound", 404);
    input = { ...input, ...(await opts.storeMedia()) };
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(boonees)
      .set({
        ...figureColumns(input),
        ...(input.imageUrl ? { imageUrl: input.imageUrl } : {}),
        ...(input.welcomeVideoUrl ? { welcomeVideoUrl: input.welcomeVideoUrl } : {}),
      })
      .where(eq(boonees.id, input.id))
      .returning({ id: boonees.id, name: boonees.name });
    if (!row) throw new DomainError("notFound", 404);
    await recordActivity(tx, actor, { action: "boonee.updated", objectType: "boonee", objectId: row.id, objectLabel: row.name });
    return row;
  });
}
