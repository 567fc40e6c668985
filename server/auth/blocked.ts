import { APIError } from "better-auth/api";
import { and, eq, isNotNull } from "drizzle-orm";

import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { DomainError } from "../domain/errors.ts";

export const ACCOUNT_BLOCKED = "ACCOUNT_BLOCKED";

/** What a blocked person is told on signing in: blocked, and whom to write to (the operator's address, OPERATOR_EMAIL). */
export const blockedRefusal = (config: Pick<Config, "OPERATOR_EMAIL">) =>
  new DomainError("blocked", 403, { email: config.OPERATOR_EMAIL });

/**
 * Refuses a new session for a blocked account, whatever path asks for it (sign-in, sign-up, reset).
 * Better Auth creates the session only after the password was checked, so the refusal tells only
 * someone who knows the password that the account is blocked.
 */
export async function refuseBlockedSession(db: Db, userId: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), isNotNull(profiles.blockedAt)))
    .limit(1);
  if (row) throw new APIError("FORBIDDEN", { message: "Account blocked", code: ACCOUNT_BLOCKED });
}
