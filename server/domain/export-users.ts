import { asc, gt, isNull, and, sql } from "drizzle-orm";
import { primaryRole } from "#shared/roles.ts";
import type { DbOrTx } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { keysetRows } from "../csv/csv.ts";
import { assertRole, type Actor } from "./errors.ts";

const PAGE = 1000;

/** Every account (deleted ones left out) with its shown role, for the CSV export (admins only). */
export function exportUsers(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin"]);
  return userRows(db);
}

async function* userRows(db: DbOrTx) {
  const rows = keysetRows(
    (after) =>
      db
        .select({
          id: profiles.id,
          name: profiles.name,
          email: profiles.email,
          roles: sql<string | null>`(select string_agg(r.role::text, ',') from user_roles r where r.user_id = ${profiles.id})`,
          createdAt: profiles.createdAt,
          blockedAt: profiles.blockedAt,
        })
        .from(profiles)
        .where(and(isNull(profiles.deletedAt), after ? gt(profiles.id, after) : undefined))
        .orderBy(asc(profiles.id))
        .limit(PAGE),
    PAGE,
  );
  for await (const { roles, ...r } of rows) yield { ...r, role: primaryRole((roles ?? "").split(",")) };
}
