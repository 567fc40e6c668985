import type { Db } from "../../db/client.ts";
import type { Storage } from "../../storage/storage.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, type Actor } from "../errors.ts";
import { requireReason } from "../reason.ts";
import { assertGlobalStaff } from "../staff-scope.ts";
import { endAllSessions, lockTargetAccount } from "./block-account.ts";
import { assertNotLastAdmin } from "./last-admin.ts";
import { eraseAccount, removeErasedFiles } from "./own-data.ts";

/**
 * An admin deletes someone's account, with a reason: the same as deleting one's own (eraseAccount:
 * the profile stays anonymised, its figures stay claimed, its finder photos' files go after the commit),
 * in one transaction with the log entry.
 * Never the last admin, never the admin's own account.
 */
export async function removeAccount(
  db: Db,
  storage: Storage,
  actor: Actor | null,
  input: { userId: string; reason: string },
) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // accounts belong to no city: a global admin's (decision 058)
  const reason = requireReason(input.reason);
  const erased = await db.transaction(async (tx) => {
    const target = await lockTargetAccount(tx, actor, input.userId);
    await assertNotLastAdmin(tx, target.id);
    const files = await eraseAccount(tx, target.id);
    await endAllSessions(tx, target.id);
    await recordActivity(tx, actor, { action: "account.deleted", objectType: "account", objectId: target.id, reason }); // no name: the account is anonymised
    return files;
  });
  await removeErasedFiles(db, storage, erased);
}
