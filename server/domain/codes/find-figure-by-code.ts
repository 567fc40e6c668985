import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { preparedStatement } from "../../db/prepared-statement.ts";
import { tags } from "../../db/schema.ts";
import { addressKey, networkKey } from "../address-key.ts";
import { DomainError } from "../errors.ts";
import { ATTEMPT_RULE, giveBack, hitsOf, hitSql, minutesToWait, triedSql, type Hit, type HitRow } from "../throttle.ts";
import { taggedFigureSql, type TaggedFigureRow } from "./find-tagged-figure.ts";
import { alertGuessSpike, GLOBAL_KEY, GLOBAL_RULE, NETWORK_RULE, YOUNG_ACCOUNT_HOURS } from "./guess-budget.ts";

/** What a claim page may show about a figure: never its code, never the owner's e-mail. */
export interface FigureByCode {
  tagId: string;
  details: {
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

export { GLOBAL_KEY, GLOBAL_RULE, NETWORK_RULE } from "./guess-budget.ts";

interface Judged {
  address: Hit;
  network: Hit;
  account: Hit | null;
  global: Hit | null;
  /** global wrong codes in the current minute, this one included when counted */
  globalCount: number;
  youngAccount: boolean;
}

function lockOf(j: Judged, challengePassed: boolean): ClaimLock | null {
  const { address, network, account } = j;
  if (account && !account.allowed) return "account";
  if (challengePassed) return null;
  if (address.allowed && network.allowed) return null;
  if (!account) return "address";
  // a locked address or network lets a person through whose account is clean (carriers, venue Wi-Fi),
  // but not an account made today, and no account at all while the site's wrong-code budget is spent
  if (j.youngAccount || j.globalCount > GLOBAL_RULE.limit) return "address";
  if (account.count > 1) return "address";
  return null;
}

/**
 * Judges a claim attempt by its hits: signed out, the address (IPv6: its /64) and its network (/24,
 * /48) decide; signed in, the account decides, and a locked address still lets an account through whose
 * budget is clean (no wrong code in its window, this attempt aside), because carriers and venue Wi-Fi put
 * many people behind one address — unless the account is younger than a day or the whole site is over its
 * budget of wrong codes (decision 039). A refused attempt is given back at once, so it never uses up a budget.
 */
async function judgeAttempt(db: DbOrTx, j: Judged, who: Claimant, triedSuffix: string) {
  const { address, network, account } = j;
  const hits = [address, network, ...(account ? [account] : [])];
  const lock = lockOf(j, !!who.challengePassed);
  if (lock) {
    // its code's marks too: tried again (after a challenge), it counts
    await giveBack(db, j.global ? [...hits, j.global] : hits, triedSuffix, { sameWork: true });
    const blocking = lock === "account" ? account! : !address.allowed ? address : network;
    // wrong codes already checked behind the lock of the address or its network (each paid a proof of
    // work), whichever has more: the next one costs more
    const excess = Math.max(0, address.count - 1 - ATTEMPT_RULE.limit, network.count - 1 - NETWORK_RULE.limit);
    throw new DomainError("tooMany", 429, { minutes: minutesToWait([blocking]), locked: lock, excess });
  }
  // what the finder may still try before the lock: the budget that decides for them
  if (account) return { remaining: account.allowed ? account.remaining : null };
  return { remaining: Math.min(address.remaining, network.remaining) };
}

/** What the lookup returns beside each key's hit: the site's wrong codes this minute, the account's age. */
interface LookupExtras {
  global_count: number;
  global_window_start: string | null;
  global_wait: number | null;
  young: boolean | null;
}

/**
 * The code's figure, and the attempt counted on each key once per window unless the code is right
 * (decision 037); a wrong code new to the address also counts once on the site's budget, a row a right
 * code never touches (so claims do not queue on it).
 */
const lookupStatement = preparedStatement<
  { code: string; keys: string[]; suffix: string; addressKey: string; userId: string | null },
  HitRow & LookupExtras & Partial<TaggedFigureRow>
>(
  "claim_lookup",
  (p) => sql`with figure as (${taggedFigureSql(eq(tags.secretCode, p.code))}),
      tried as (${triedSql(p.keys, p.suffix, ATTEMPT_RULE, sql`not exists (select 1 from figure)`)}),
      hits as (${hitSql(p.keys, ATTEMPT_RULE, sql`exists (select 1 from tried where tried.key = k || ${p.suffix} and tried.fresh)`)}),
      site as (${hitSql(
        [GLOBAL_KEY],
        GLOBAL_RULE,
        sql`true`,
        sql`exists (select 1 from tried where tried.key = ${p.addressKey}::text || ${p.suffix} and tried.fresh)`,
      )})
      select hits.*, exists (select 1 from tried where tried.key = hits.key || ${p.suffix} and not tried.fresh) as repeated,
        coalesce((select count from site), (select r.count from rate_limits r where r.key = ${GLOBAL_KEY} and r.expires_at > now()), 0) as global_count,
        (select window_start from site) as global_window_start, (select wait from site) as global_wait,
        (select pr.created_at > now() - make_interval(hours => ${YOUNG_ACCOUNT_HOURS}) from profiles pr where pr.id = ${p.userId}::text) as young,
        figure.*
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
  const addressId = `claim:ip:${addressKey(who.ip)}`;
  const networkId = `claim:net:${networkKey(who.ip)}`;
  const accountId = who.userId ? `claim:user:${who.userId}` : null;
  const keys = [addressId, networkId, ...(accountId ? [accountId] : [])];
  const suffix = `:tried:${createHash("sha256").update(code).digest("base64url").slice(0, 16)}`;
  const rows = await lookupStatement(db, { code, keys, suffix, addressKey: addressId, userId: who.userId ?? null });
  const row = rows[0].tagId ? (rows[0] as TaggedFigureRow) : null;
  const [address, account = null] = hitsOf(rows, accountId ? [addressId, accountId] : [addressId], ATTEMPT_RULE, !row);
  const [network] = hitsOf(rows, [networkId], NETWORK_RULE, !row);
  const extras = rows[0];
  const globalCount = Number(extras.global_count);
  const global: Hit | null = extras.global_window_start
    ? {
        key: GLOBAL_KEY,
        allowed: globalCount <= GLOBAL_RULE.limit,
        count: globalCount,
        remaining: Math.max(0, GLOBAL_RULE.limit - globalCount),
        retryAfterSeconds: Number(extras.global_wait ?? 0),
        windowStart: extras.global_window_start,
        counted: true,
      }
    : null;
  const judged: Judged = { address, network, account, global, globalCount, youngAccount: !!extras.young };
  const { remaining } = await judgeAttempt(db, judged, who, suffix);
  // wrong codes spike past the site's budget: the admins hear of it (at most once an hour); after the
  // judgement, so that a refused answer takes the same time for any code
  if (global && !global.allowed) await alertGuessSpike(db);
  if (!row) return { figure: null, remaining }; // the attempt stays counted (a figure of a waiting drop answers the same)
  return { figure: figureOfRow(row, who.userId), remaining: null };
}

/** A row of the tag's lookup as the claim page shows it to `userId` (the owner's name, never the code). */
function figureOfRow(row: TaggedFigureRow, userId: string | null | undefined): FigureByCode {
  return {
    tagId: row.tagId,
    details: {
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
    ownedByViewer: !!userId && row.ownerId === userId,
    needsTap: !!row.sunMode,
  };
}

const figureByTag = preparedStatement<{ tagId: string }, TaggedFigureRow>("figure_by_tag", (p) =>
  taggedFigureSql(eq(tags.id, p.tagId)),
);

/**
 * The figure of a tag read again, counting nothing: after a lost race (decision 060) the page shows the
 * new owner from it instead of looking the code up a second time, which would queue on the address's
 * throttle row with every other finder behind that address.
 */
export async function rereadFigure(db: DbOrTx, tagId: string, userId: string): Promise<FigureByCode | null> {
  const [row] = await figureByTag(db, { tagId });
  return row ? figureOfRow(row, userId) : null;
}
