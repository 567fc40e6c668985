import { eq } from "drizzle-orm";

import { generateClaimCode } from "#shared/claim-code.ts";

import type { Db, Tx } from "../../db/client.ts";
import { boonees, tags } from "../../db/schema.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { isUniqueViolation } from "../figures/create-figure.ts";
import { assertStaffCity } from "../staff-scope.ts";

/**
 * Gives a figure a new tag row with a new generated code, unclaimed, inside the caller's transaction.
 * The row is new (a new id) so that a claim prepared with the old code, whose tag id it carries,
 * finds nothing from the commit on; a SUN tag (uid, keys, last counter) moves along. A code another tag took meanwhile
 * is retried (in a savepoint, so the caller's transaction survives the unique violation).
 */
export async function issueNewCode(tx: Tx, figureId: string): Promise<string> {
  const [old] = await tx.delete(tags).where(eq(tags.figureId, figureId)).returning({
    tagUid: tags.tagUid,
    sunMode: tags.sunMode,
    sunMetaKey: tags.sunMetaKey,
    sunFileKey: tags.sunFileKey,
    sunCounter: tags.sunCounter,
  });
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateClaimCode();
    try {
      await tx.transaction(async (sp) => sp.insert(tags).values({ figureId, secretCode: code, ...old }));
      return code;
    } catch (e) {
      if (!isUniqueViolation(e, "tags_secret_code_key")) throw e;
    }
  }
  throw new DomainError("failed", 500);
}

/**
 * An admin replaces the claim code of an unclaimed figure (a lost, damaged or leaked tag). Returns
 * the new code for the reprinted label (and the old one, so a list filtered by it can follow); the
 * log records the replacement, never a code.
 */
export async function replaceClaimCode(db: Db, actor: Actor | null, input: { figureId: string }) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    // FOR UPDATE: the figure cannot be claimed between this check and the new code.
    const [figure] = await tx
      .select({ id: boonees.id, name: boonees.name, ownerId: boonees.ownerId, cityId: boonees.cityId })
      .from(boonees)
      .where(eq(boonees.id, input.figureId))
      .for("update");
    if (!figure) throw new DomainError("notFound", 404);
    assertStaffCity(actor, figure.cityId);
    if (figure.ownerId) throw new DomainError("claimed", 409);
    const [old] = await tx.select({ code: tags.secretCode }).from(tags).where(eq(tags.figureId, figure.id));
    const code = await issueNewCode(tx, figure.id);
    await recordActivity(tx, actor, {
      action: "code.replaced",
      objectType: "boonee",
      objectId: figure.id,
      objectLabel: figure.name,
      details: await figureRef(tx, figure.id),
    });
    return { id: figure.id, name: figure.name, code, previousCode: old?.code ?? null };
  });
}
