import { and, eq, sql } from "drizzle-orm";

import type { Db } from "../db/client.ts";
import { accounts, profiles, userRoles } from "../db/schema.ts";
import { setRole } from "../domain/accounts/change-role.ts";
import type { Logger } from "../log.ts";
import type { Auth } from "./auth.ts";

/** The services this needs (named one by one: services.ts imports this file). */
type Services = { db: Db; auth: Auth; log: Logger };

/** The bootstrap address belongs to someone else's account: it is not promoted. */
export class AdminBootstrapRefused extends Error {
  constructor() {
    // what `cli create-admin` prints
    super(
      "An account with this e-mail already exists and its password differs: nothing changed, it was not made an admin. " +
        "If it is yours, use `npm run cli -- grant-role <email> admin`; otherwise choose another e-mail.",
    );
    this.name = "AdminBootstrapRefused";
  }
  /** For the start-up log (which never carries the address itself). */
  readonly startupMessage =
    "ADMIN_EMAIL belongs to an existing account whose password differs from ADMIN_PASSWORD: it was NOT made an admin and stays a plain user. " +
    "If it is yours, sign in as that account and run `npm run cli -- grant-role <email> admin`; otherwise choose another ADMIN_EMAIL.";
}

const findId = async (db: Db, email: string) =>
  (
    await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`lower(${profiles.email}) = ${email}`)
  )[0]?.id;

const isAdmin = async (db: Db, userId: string) =>
  (
    await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
  ).length > 0;

/** Better Auth's own check of the account's stored password hash. */
async function passwordMatches(services: Pick<Services, "db" | "auth">, userId: string, password: string) {
  const [credential] = await services.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!credential?.hash) return false;
  const context = await services.auth.$context;
  return context.password.verify({ hash: credential.hash, password });
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start-up, and `cli create-admin`: that account exists and holds
 * the admin role. An existing account is promoted only when the password matches its own, so whoever
 * signed up with the address first cannot become admin (AdminBootstrapRefused). Several instances
 * may start at once: if another one created the account first, use theirs (same password).
 */
export async function ensureAdmin(
  services: Pick<Services, "db" | "auth" | "log">,
  input: { email: string; password: string },
) {
  const email = input.email.toLowerCase();
  let id = await findId(services.db, email);
  let created = false;
  if (!id) {
    try {
      id = (await services.auth.api.signUpEmail({ body: { email, password: input.password, name: "Admin" } })).user.id;
      created = true;
      services.log.info({}, "bootstrap admin account created");
    } catch (e) {
      id = await findId(services.db, email);
      if (!id) throw e;
    }
  }
  if (!created) {
    if (await isAdmin(services.db, id)) return; // already an admin (its password may have changed since)
    if (!(await passwordMatches(services, id, input.password))) throw new AdminBootstrapRefused();
  }
  await setRole(services.db, id, "admin");
}
