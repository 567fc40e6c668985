import { APIError } from "better-auth/api";
import type { Db } from "../db/client.ts";
import { DomainError, type Actor } from "./errors.ts";
import { clearFailures, longestWait, recordFailure } from "./throttle.ts";

/**
 * Runs a step that checks the signed-in user's password again (delete account, change password).
 * Wrong passwords are throttled like sign-in: 10 per 10 minutes per account and purpose, counted
 * in the database so every instance sees them. A wrong password becomes DomainError("wrongPassword").
 */
export async function withPasswordCheck<T>(db: Db, actor: Actor, purpose: string, step: () => Promise<T>): Promise<T> {
  const key = `${purpose}:${actor.id}`;
  const wait = await longestWait(db, [key]);
  if (wait > 0) throw new DomainError("tooMany", 429, { minutes: Math.ceil(wait / 60_000) });
  let result: T;
  try {
    result = await step();
  } catch (e) {
    if (!(e instanceof APIError) || (e.body as { code?: string } | undefined)?.code !== "INVALID_PASSWORD") throw e;
    await recordFailure(db, key);
    throw new DomainError("wrongPassword", 400);
  }
  await clearFailures(db, key);
  return result;
}
