import { and, desc, eq, sql } from "drizzle-orm";

import { keysetRows } from "../../csv/csv.ts";
import type { DbOrTx } from "../../db/client.ts";
import { instanceNumber } from "../../db/figure-search.ts";
import { boonees, cities, claims, profiles, tags } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { claimsFilter, type ClaimState } from "./list-claims.ts";

const PAGE = 1000;

/**
 * The claims the Claims table shows (its search and state filter, its order: newest first) for the
 * CSV export. Admins and moderators; e-mail addresses and claim codes only for admins (as in the
 * table), and a code only on a claim that still holds its figure.
 */
export function exportClaims(db: DbOrTx, actor: Actor | null, query: { q?: string; state?: ClaimState } = {}) {
  assertRole(actor, ["admin", "moderator"]);
  return claimRows(db, actor, query);
}

async function* claimRows(db: DbOrTx, actor: Actor, query: { q?: string; state?: ClaimState }) {
  const isAdmin = actor.role === "admin";
  const where = await claimsFilter(db, actor, query);
  const rows = keysetRows(
    (after: { id: string; cursorTs: string } | null) =>
      db
        .select({
          id: claims.id,
          name: boonees.name,
          number: instanceNumber,
          series: boonees.series,
          rarity: boonees.rarity,
          claimer: profiles.name,
          email: profiles.email,
          deletedAt: profiles.deletedAt,
          code: tags.secretCode,
          claimedAt: claims.claimedAt,
          /** the figure's city's zone: a claim is dated on that city's calendar (decision 053) */
          timeZone: cities.timeZone,
          status: claims.status,
          reason: claims.reason,
          reviewedAt: claims.reviewedAt,
          cursorTs: sql<string>`${claims.claimedAt}::text`,
        })
        .from(claims)
        .innerJoin(boonees, eq(boonees.id, claims.figureId))
        .innerJoin(cities, eq(cities.id, boonees.cityId))
        .innerJoin(profiles, eq(profiles.id, claims.userId))
        .leftJoin(tags, eq(tags.figureId, boonees.id))
        .where(
          and(
            where,
            after
              ? sql`(${claims.claimedAt} < ${after.cursorTs}::timestamptz or (${claims.claimedAt} = ${after.cursorTs}::timestamptz and ${claims.id} < ${after.id}::uuid))`
              : undefined,
          ),
        )
        .orderBy(sql`${claims.claimedAt} desc nulls last`, desc(claims.id))
        .limit(PAGE),
    PAGE,
  );
  for await (const { deletedAt, email, code, ...r } of rows) {
    yield {
      ...r,
      claimer: deletedAt ? null : r.claimer,
      email: isAdmin && !deletedAt ? email : null,
      code: isAdmin && r.status !== "rejected" ? code : null,
    };
  }
}
