import { and, eq } from "drizzle-orm";

import type { Db } from "../../db/client.ts";
import { deliveryJobs, notificationSettings } from "../../db/schema.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";

/**
 * Turns e-mail off, by the one-click link in every mail (the token is the permission, no session)
 * or from the profile; mails still queued for the account are dropped. One transaction.
 */
export async function unsubscribeEmail(db: Db, by: { token: string } | { actor: Actor | null }) {
  if ("actor" in by) assertSignedIn(by.actor);
  const where =
    "token" in by ? eq(notificationSettings.unsubscribeToken, by.token) : eq(notificationSettings.userId, by.actor!.id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(notificationSettings)
      .set({ email: "off", emailConfirmHash: null, updatedAt: new Date() })
      .where(where)
      .returning({ userId: notificationSettings.userId });
    if (!row) {
      if ("token" in by) throw new DomainError("tokenInvalid", 400);
      return;
    }
    await tx
      .delete(deliveryJobs)
      .where(
        and(eq(deliveryJobs.userId, row.userId), eq(deliveryJobs.channel, "email"), eq(deliveryJobs.status, "pending")),
      );
  });
}
