import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { boonees, profiles, tags } from "../db/schema.ts";
import { DomainError } from "./errors.ts";
import { ATTEMPT_RULE, longestWait, recordFailure } from "./throttle.ts";

/** What a claim page may show about a figure: never its code, never the owner's e-mail. */
export interface FigureByCode {
  tagId: string;
  boonee: {
    id: string;
    name: string;
    description: string | null;
    imageUrl: string | null;
    rarity: string;
    series: string | null;
    status: string;
    claimed: boolean;
  };
  /**
   * Who owns it: null when unclaimed or when the owner's profile is gone ('someone else');
   * a name of null means the owner has no name (e.g. a deleted, anonymised account: 'Anonymous').
   */
  owner: { name: string | null } | null;
}

/**
 * Looks a (normalised, valid) claim code up, throttled: at most 10 wrong codes per 10 minutes per
 * client address and per account; the next lookup is refused with "tooMany" (429) and the minutes to
 * wait. Only wrong codes count, so a right code is never blocked by someone else's guesses elsewhere.
 */
export async function findFigureByCode(db: DbOrTx, code: string, who: { ip: string; userId?: string | null }): Promise<FigureByCode | null> {
  const keys = [`claim:ip:${who.ip}`, ...(who.userId ? [`claim:user:${who.userId}`] : [])];
  const wait = await longestWait(db, keys, ATTEMPT_RULE);
  if (wait > 0) throw new DomainError("tooMany", 429, { minutes: Math.ceil(wait / 60_000) });
  const [row] = await db
    .select({
      tagId: tags.id,
      id: boonees.id,
      name: boonees.name,
      description: boonees.description,
      imageUrl: boonees.imageUrl,
      rarity: boonees.rarity,
      series: boonees.series,
      status: boonees.status,
      ownerId: boonees.ownerId,
      ownerName: profiles.name,
      ownerProfile: profiles.id,
      tagClaimed: tags.isClaimed,
    })
    .from(tags)
    .innerJoin(boonees, eq(boonees.id, tags.booneeId))
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .where(eq(tags.secretCode, code))
    .limit(1);
  if (!row) {
    for (const key of keys) await recordFailure(db, key, ATTEMPT_RULE);
    return null;
  }
  return {
    tagId: row.tagId,
    boonee: {
      id: row.id,
      name: row.name,
      description: row.description,
      imageUrl: row.imageUrl,
      rarity: row.rarity,
      series: row.series,
      status: row.status,
      // a claimed tag stays claimed even if its owner's profile row were ever removed
      claimed: !!row.ownerId || row.tagClaimed,
    },
    owner: row.ownerId && row.ownerProfile ? { name: row.ownerName?.trim() || null } : null,
  };
}
