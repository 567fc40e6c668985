import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { preparedStatement } from "../db/prepared-statement.ts";
import { tags } from "../db/schema.ts";
import { DomainError } from "./errors.ts";
import { addressKey } from "./address-key.ts";
import { taggedFigureSql, type TaggedFigureRow } from "./find-tagged-figure.ts";
import { ATTEMPT_RULE, giveBack, hitSql, hitsOf, minutesToWait, triedSql, type Hit, type HitRow } from "./throttle.ts";

/** What a claim page may show about a figure: never its code, never the owner's e-mail. */
export interface FigureByCode {
  tagId: string;
  boonee: {
    id: string;
    name: string;
    description: string | null;
    descriptionEn: string | null;
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
  /** The figure belongs to the signed-in user who looked it up ("this one is yours"). */
  ownedByViewer: boolean;
  /** A SUN tag is bound: only a tap on it claims (decision 019), the code does not. */
  needsTap: boolean;
}

export type ClaimLock = "address" | "account";

/** Who asks: the client address, the account if signed in, and whether a proof-of-work challenge was passed. */
export interface Claimant {
  ip: string;
  userId?: string | null;
  /** A passed challenge (decision 014) opens a locked address for this one attempt; an account lock stays. */
  challengePassed?: boolean;
}

function lockOf(address: Hit, account: Hit | null, challengePassed: boolean): ClaimLock | null {
  if (account && !account.allowed) return "account";
  if (challengePassed) return null;
  if (!account) return address.allowed ? null : "address";
  if (!address.allowed && account.count > 1) return "address";
  return null;
}

/**
 * Judges a claim attempt by its hits: signed out, the address (IPv6: its /64) decides; signed in,
 * the account decides, and a locked address still lets an account through whose budget is clean
 * (no wrong code in its window, this attempt aside), because carriers and venue Wi-Fi put many
 * people behind one address. A refused attempt is given back at once, so it never uses up a budget.
 */
async function judgeAttempt(db: DbOrTx, hits: Hit[], who: Claimant, triedSuffix: string) {
  const [address, account = null] = hits;
  const lock = lockOf(address, account, !!who.challengePassed);
  if (lock) {
    await giveBack(db, hits, triedSuffix); // its code's marks too: tried again (after a challenge), it counts

    const blocking = lock === "account" ? account! : address;
    throw new DomainError("tooMany", 429, { minutes: minutesToWait([blocking]), locked: lock });
  }
  // what the finder may still try before the lock: the budget that decides for them
  const deciding = account ?? address;
  return { remaining: deciding.allowed ? deciding.remaining : null };
}

/** The code's figure, and the attempt counted on each key once per window unless the code is right (decision 037). */
const lookupStatement = preparedStatement<{ code: string; keys: string[]; suffix: string }, HitRow & Partial<TaggedFigureRow>>(
  "claim_lookup",
  (p) => sql`with figure as (${taggedFigureSql(eq(tags.secretCode, p.code))}),
      tried as (${triedSql(p.keys, p.suffix, ATTEMPT_RULE, sql`not exists (select 1 from figure)`)}),
      hits as (${hitSql(p.keys, ATTEMPT_RULE, sql`exists (select 1 from tried where tried.key = k || ${p.suffix} and tried.fresh)`)})
      select hits.*, exists (select 1 from tried where tried.key = hits.key || ${p.suffix} and not tried.fresh) as repeated, figure.*
      from hits left join figure on true`,
);

/**
 * Looks a (normalised, valid) claim code up, throttled: at most 10 wrong codes per 10 minutes per
 * client address and per account; the next lookup is refused with "tooMany" (429), the minutes to
 * wait and which budget is used up (`locked`: "address" or "account"). Only wrong codes count.
 */
export async function findFigureByCode(db: DbOrTx, code: string, who: Claimant): Promise<FigureByCode | null> {
  return (await lookupFigure(db, code, who)).figure;
}

/** findFigureByCode, plus the wrong codes left before the lock after a miss (null: no count to show). */
export async function lookupFigure(
  db: DbOrTx,
  code: string,
  who: Claimant,
): Promise<{ figure: FigureByCode | null; remaining: number | null }> {
  // the code is looked up and the attempt counted in one statement, atomically per key (decision 007):
  // a wrong code counts on the address and the account, once per window however often it is tried
  // (a reloaded wrong link); a right one counts nowhere (decision 027)
  const keys = [`claim:ip:${addressKey(who.ip)}`, ...(who.userId ? [`claim:user:${who.userId}`] : [])];
  const suffix = `:tried:${createHash("sha256").update(code).digest("base64url").slice(0, 16)}`;
  const rows = await lookupStatement(db, { code, keys, suffix });
  const row = rows[0].tagId ? (rows[0] as TaggedFigureRow) : null;
  const { remaining } = await judgeAttempt(db, hitsOf(rows, keys, ATTEMPT_RULE, !row), who, suffix);
  if (!row) return { figure: null, remaining }; // the attempt stays counted (a figure of a waiting drop answers the same)
  const figure: FigureByCode = {
    tagId: row.tagId,
    boonee: {
      id: row.id,
      name: row.name,
      description: row.description,
      descriptionEn: row.descriptionEn,
      imageUrl: row.imageUrl,
      rarity: row.rarity,
      series: row.series,
      status: row.status,
      // a claimed tag stays claimed even if its owner's profile row were ever removed
      claimed: !!row.ownerId || row.tagClaimed,
    },
    owner: row.ownerId && row.ownerProfile ? { name: row.ownerName?.trim() || null } : null,
    ownedByViewer: !!who.userId && row.ownerId === who.userId,
    needsTap: !!row.sunMode,
  };
  return { figure, remaining: null };
}
