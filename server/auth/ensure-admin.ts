import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { setRole } from "../domain/change-role.ts";
import type { Services } from "../services.ts";

const findId = async (db: Db, email: string) =>
  (await db.select({ id: profiles.id }).from(profiles).where(sql`lower(${profiles.email}) = ${email}`))[0]?.id;

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start-up: that account exists and holds the admin role.
 * Several instances may start at once: if another one created the account first, use theirs.
 */
export async function ensureAdmin(services: Pick<Services, "db" | "auth" | "log">, input: { email: string; password: string }) {
  const email = input.email.toLowerCase();
  let id = await findId(services.db, email);
  if (!id) {
    try {
      id = (await services.auth.api.signUpEmail({ body: { email, password: input.password, name: "Admin" } })).user.id;
      services.log.info({}, "bootstrap admin account created");
    } catch (e) {
      id = await findId(services.db, email);
      if (!id) throw e;
    }
  }
  await setRole(services.db, id, "admin");
}
