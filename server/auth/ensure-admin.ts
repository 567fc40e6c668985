import { sql } from "drizzle-orm";
import { profiles } from "../db/schema.ts";
import { setRole } from "../domain/change-role.ts";
import type { Services } from "../services.ts";

/** ADMIN_EMAIL + ADMIN_PASSWORD at start-up: that account exists and holds the admin role. */
export async function ensureAdmin(services: Pick<Services, "db" | "auth" | "log">, input: { email: string; password: string }) {
  const email = input.email.toLowerCase();
  let [profile] = await services.db.select({ id: profiles.id }).from(profiles).where(sql`lower(${profiles.email}) = ${email}`);
  if (!profile) {
    const created = await services.auth.api.signUpEmail({ body: { email, password: input.password, name: "Admin" } });
    profile = { id: created.user.id };
    services.log.info({}, "bootstrap admin account created");
  }
  await setRole(services.db, profile.id, "admin");
}
