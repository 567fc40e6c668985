import { and, sql } from "drizzle-orm";

import { primaryRole } from "#shared/roles.ts";

import { keysetRows } from "../../csv/csv.ts";
import type { DbOrTx } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { assertGlobalStaff } from "../staff-scope.ts";
import { usersFilter } from "./list-users.ts";

const PAGE = 1000;

/**
 * The accounts the Users list shows (its search, its order: newest first; deleted ones left out)
 * with their shown role, for the CSV export (admins only).
 */
export function exportUsers(db: DbOrTx, actor: Actor | null, query: { q?: string } = {}) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // accounts belong to no city: a global admin's (decision 058)
  return userRows(db, usersFilter(query.q));
}

async function* userRows(db: DbOrTx, where: ReturnType<typeof usersFilter>) {
  const rows = keysetRows(
    (after: { id: string; cursorTs: string } | null) =>
      db
        .select({
          id: profiles.id,
          name: profiles.name,
          email: profiles.email,
          roles: sql<
            string | null
          >`(select string_agg(r.role::text, ',') from user_roles r where r.user_id = ${profiles.id})`,
          createdAt: profiles.createdAt,
          blockedAt: profiles.blockedAt,
          cursorTs: sql<string>`${profiles.createdAt}::text`,
        })
        .from(profiles)
        .where(
          and(
            where,
            after
              ? sql`(${profiles.createdAt} < ${after.cursorTs}::timestamptz or (${profiles.createdAt} = ${after.cursorTs}::timestamptz and ${profiles.id} > ${after.id}))`
              : undefined,
          ),
        )
        .orderBy(sql`${profiles.createdAt} desc`, profiles.id)
        .limit(PAGE),
    PAGE,
  );
  for await (const { roles, ...r } of rows) yield { ...r, role: primaryRole((roles ?? "").split(",")) };
}
