import { and, eq } from "drizzle-orm";

import type { Db } from "../../db/client.ts";
import { notificationSettings } from "../../db/schema.ts";
import { DomainError } from "../errors.ts";
import { hashToken } from "./request-email-opt-in.ts";

/** Double opt-in, step two: the link from the confirmation mail turns e-mail on (no session needed). */
export async function confirmEmailOptIn(db: Db, token: string) {
  const [row] = await db
    .update(notificationSettings)
    .set({ email: "on", emailConfirmHash: null, updatedAt: new Date() })
    .where(and(eq(notificationSettings.emailConfirmHash, hashToken(token)), eq(notificationSettings.email, "pending")))
    .returning({ userId: notificationSettings.userId });
  if (!row) throw new DomainError("tokenInvalid", 400);
}
