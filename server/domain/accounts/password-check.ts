import { APIError } from "better-auth/api";

import type { Db } from "../../db/client.ts";
import { DomainError, type Actor } from "../errors.ts";
import { forget, giveBack, hitAll } from "../throttle.ts";

/**
 * Runs a step that checks the signed-in user's password again (delete account, change password).
 * Wrong passwords are throttled like sign-in: 10 per 10 minutes per account and purpose, counted
 * in the database before the check (so simultaneous tries cannot pass the limit) and given back
 * when the check failed for another reason; the right password clears the count.
 * A wrong password becomes DomainError("wrongPassword").
 */
export async function withPasswordCheck<T>(db: Db, actor: Actor, purpose: string, step: () => Promise<T>): Promise<T> {
  const key = `${purpose}:${actor.id}`;
  const reserved = await hitAll(db, [key]);
  if (!reserved.allowed) throw new DomainError("tooMany", 429, { minutes: reserved.minutes });
  let result: T;
  try {
    result = await step();
  } catch (e) {
    const wrong = e instanceof APIError && (e.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD";
    if (wrong) throw new DomainError("wrongPassword", 400);
    await giveBack(db, reserved.hits);
    throw e;
  }
  await forget(db, key); // the right password: earlier wrong ones were the owner's own typos
  return result;
}
