import { sql } from "drizzle-orm";

import { systemText } from "#shared/notification-text.ts";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { createNotifications } from "../notifications/notify.ts";

/**
 * The mailbox is the root of trust (docs/decisions/022): whoever follows a link mailed to the
 * account's address owns the account. Inside the caller's transaction, for an address not proven
 * before: every passkey of the account is removed (each was registered before the address was
 * proven, possibly by someone who signed up with another person's address), the address is marked
 * proven, and the owner is told in the app. A password is the caller's business (a reset replaces it).
 * An address proven before keeps its passkeys: they were added from a session of the proven owner.
 * Returns null when the account is gone (deleted), else how many passkeys were removed.
 */
export async function proveMailbox(tx: DbOrTx, userId: string): Promise<{ removedPasskeys: number } | null> {
  const [profile] = await queryRows<{ email_verified: boolean }>(
    tx,
    sql`select email_verified from profiles where id = ${userId} and deleted_at is null for update`,
  );
  if (!profile) return null;
  if (profile.email_verified) return { removedPasskeys: 0 };
  const removed = await queryRows<{ id: string }>(tx, sql`delete from passkeys where user_id = ${userId} returning id`);
  await tx.execute(sql`update profiles set email_verified = true, updated_at = now() where id = ${userId}`);
  if (removed.length > 0) {
    await createNotifications(tx, [
      {
        userId,
        type: "other",
        title: systemText("credentialsRemoved"),
        message: systemText("credentialsRemovedMessage", String(removed.length)),
        link: "/profile",
      },
    ]);
  }
  return { removedPasskeys: removed.length };
}
