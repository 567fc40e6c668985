import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { boonees, profiles, tags } from "../db/schema.ts";
import { DomainError } from "./errors.ts";
import { addressKey } from "./address-key.ts";
import { ATTEMPT_RULE, giveBack, hit, minutesToWait, type Hit } from "./throttle.ts";

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

export type ClaimLock = "address" | "account";

function lockOf(address: Hit, account: Hit | null): ClaimLock | null {
  if (!account) return address.allowed ? null : "address";
  if (!account.allowed) return "account";
  if (!address.allowed && account.count > 1) return "address";
  return null;
}

/**
 * Reserves one claim attempt for a client (atomically, before the lookup): signed out, the
 * address (IPv6: its /64) decides; signed in, the account decides, and a locked address still
 * lets an account through whose budget is clean (no wrong code in its window, this attempt
 * aside), because carriers and venue Wi-Fi put many people behind one address. A refused attempt
 * is given back at once, so it never uses up a budget.
 */
async function reserveAttempt(db: DbOrTx, who: { ip: string; userId?: string | null }) {
  const address = await hit(db, `claim:ip:${addressKey(who.ip)}`, ATTEMPT_RULE);
  const account = who.userId ? await hit(db, `claim:user:${who.userId}`, ATTEMPT_RULE) : null;
  const hits = account ? [address, account] : [address];
  const lock = lockOf(address, account);
  if (lock) {
    await giveBack(db, hits);
    const blocking = lock === "account" ? account! : address;
    throw new DomainError("tooMany", 429, { minutes: minutesToWait([blocking]), locked: lock });
  }
  return hits;
}

/**
 * Looks a (normalised, valid) claim code up, throttled: at most 10 wrong codes per 10 minutes per
 * client address and per account; the next lookup is refused with "tooMany" (429), the minutes to
 * wait and which budget is used up (`locked`: "address" or "account"). Only wrong codes count:
 * a right code gives its reserved attempt back.
 */
export async function findFigureByCode(db: DbOrTx, code: string, who: { ip: string; userId?: string | null }): Promise<FigureByCode | null> {
  const reserved = await reserveAttempt(db, who);
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
  if (!row) return null; // the reserved attempt stays counted
  await giveBack(db, reserved);
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
