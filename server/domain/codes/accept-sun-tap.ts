import { and, eq, sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { sunTagCounters, tags } from "../../db/schema.ts";
import { keysOfTag } from "../../sun/sun-keys.ts";
import { verifyEncryptedSun, verifyPlainSun, type SunFailure } from "../../sun/sun-message.ts";

export type TapOutcome =
  | { kind: "accepted"; tagId: string; counter: number }
  | { kind: "replayed" }
  | { kind: "unverified"; reason: SunFailure | "not-bound" | "missing" };

/** The SUN tag bound to a figure, with what checking a tap needs. */
export async function sunTagOf(db: DbOrTx, figureId: string) {
  const [tag] = await db
    .select({
      id: tags.id,
      tagUid: tags.tagUid,
      sunMode: tags.sunMode,
      sunMetaKey: tags.sunMetaKey,
      sunFileKey: tags.sunFileKey,
      sunCounter: tags.sunCounter,
    })
    .from(tags)
    .where(eq(tags.figureId, figureId));
  return tag ?? null;
}

/**
 * Checks a tap's URL parameters against the figure's SUN tag and accepts it only when its counter is
 * above the last accepted one: one conditional UPDATE, so of two simultaneous taps with the same
 * counter exactly one is accepted, and a copied URL is refused once any later tap was accepted.
 */
export async function acceptSunTap(
  db: DbOrTx,
  masterKey: string | undefined,
  figureId: string,
  params: URLSearchParams,
): Promise<TapOutcome> {
  const tag = await sunTagOf(db, figureId);
  const keys = tag && keysOfTag(tag, masterKey);
  if (!tag || !keys) return { kind: "unverified", reason: "not-bound" };
  const fileReadKeyOf = (uid: string) => (uid === tag.tagUid?.toUpperCase() ? keys.fileReadKey : null);
  const cmac = params.get("cmac") ?? "";
  const enc = params.get("enc");
  const macInput = enc ? `${enc}&cmac=` : "";
  const picc = params.get("picc_data");
  const uid = params.get("uid");
  const result = picc
    ? verifyEncryptedSun({ piccData: picc, cmac, macInput }, keys.metaReadKey, fileReadKeyOf)
    : uid
      ? verifyPlainSun({ uid, ctr: params.get("ctr") ?? "", cmac, macInput }, fileReadKeyOf)
      : ({ ok: false, reason: "missing" } as const);
  if (!result.ok) return { kind: "unverified", reason: result.reason };
  // one statement: the tag's counter moves up, and so does the UID's highest counter ever seen
  const accepted = await queryRows<{ tag_uid: string }>(
    db,
    sql`with accepted as (
          update ${tags} set sun_counter = ${result.counter}
          where ${tags.id} = ${tag.id} and (${tags.sunCounter} is null or ${tags.sunCounter} < ${result.counter})
          returning ${tags.tagUid}
        )
        insert into ${sunTagCounters} (tag_uid, counter, updated_at)
        select upper(tag_uid), ${result.counter}, now() from accepted
        on conflict (tag_uid) do update set counter = greatest(${sunTagCounters.counter}, excluded.counter), updated_at = now()
        returning tag_uid`,
  );
  return accepted.length ? { kind: "accepted", tagId: tag.id, counter: result.counter } : { kind: "replayed" };
}

/** Whether a tap grant still stands: the tag's last accepted counter is the grant's. */
export async function grantStands(db: DbOrTx, grant: { tagId: string; counter: number }) {
  const [row] = await db
    .select({ ok: sql<boolean>`true` })
    .from(tags)
    .where(and(eq(tags.id, grant.tagId), eq(tags.sunCounter, grant.counter)));
  return !!row;
}
