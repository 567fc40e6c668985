import { asc, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { instanceNumber } from "../db/figure-search.ts";
import { boonees, claims, profiles, tags } from "../db/schema.ts";
import { keysetRows } from "../csv/csv.ts";
import { assertRole, type Actor } from "./errors.ts";

const PAGE = 1000;

/**
 * Every claim for the CSV export. Admins and moderators; e-mail addresses and claim codes only for
 * admins (as in the Claims table), and a code only on a claim that still holds its figure.
 */
export function exportClaims(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin", "moderator"]);
  return claimRows(db, actor.role === "admin");
}

async function* claimRows(db: DbOrTx, isAdmin: boolean) {
  const rows = keysetRows(
    (after) =>
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
          status: claims.status,
          reason: claims.reason,
          reviewedAt: claims.reviewedAt,
        })
        .from(claims)
        .innerJoin(boonees, eq(boonees.id, claims.booneeId))
        .innerJoin(profiles, eq(profiles.id, claims.userId))
        .leftJoin(tags, eq(tags.booneeId, boonees.id))
        .where(after ? gt(claims.id, after) : undefined)
        .orderBy(asc(claims.id))
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
