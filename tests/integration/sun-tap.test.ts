import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { boonees, dropFigures, drops, tags } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { acceptSunTap } from "../../server/domain/codes/accept-sun-tap.ts";
import { bindSunTag, unbindSunTag } from "../../server/domain/codes/bind-sun-tag.ts";
import { replaceClaimCode } from "../../server/domain/codes/replace-claim-code.ts";
import { sunFigure } from "../../server/domain/codes/sun-figure.ts";
import { figure, untaggedFigure } from "../support/factories.ts";
import { tapParams, TEST_SUN_MASTER } from "../support/sun-tap.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  s = await createTestServices();
  admin = { id: (await createUser(s, "Ada")).id, role: "admin" };
});
afterAll(async () => s?.close());

let n = 0;
// binds the SUN tag through the domain function, as an admin would
async function figureWithSunTag(uid: string) {
  const f = await figure(s.db, { name: `Tappi ${n++}` });
  await bindSunTag(s.db, admin, f.id, { mode: "master", uid }, TEST_SUN_MASTER);
  return { id: f.id, tagId: f.tagId, code: f.code };
}
const tap = (figureId: string, uid: string, counter: number) =>
  acceptSunTap(s.db, TEST_SUN_MASTER, figureId, tapParams(TEST_SUN_MASTER, { uid, counter }));

describe(`SUN taps (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("accepts exactly one of two simultaneous taps with the same counter, then only higher counters", async () => {
    const f = await figureWithSunTag("04A1B2C3D4E5F6");
    const params = tapParams(TEST_SUN_MASTER, { uid: "04A1B2C3D4E5F6", counter: 5 });
    const both = await Promise.all([
      acceptSunTap(s.db, TEST_SUN_MASTER, f.id, params),
      acceptSunTap(s.db, TEST_SUN_MASTER, f.id, params),
    ]);
    expect(both.map((o) => o.kind).sort()).toEqual(["accepted", "replayed"]);
    expect(await tap(f.id, "04A1B2C3D4E5F6", 6)).toMatchObject({ kind: "accepted", counter: 6 });
    expect(await tap(f.id, "04A1B2C3D4E5F6", 4)).toEqual({ kind: "replayed" });
    expect(await tap(f.id, "04A1B2C3D4E5F6", 6)).toEqual({ kind: "replayed" });
  });

  it("rebinding a tag (to the same or another figure) keeps the highest counter its UID ever had", async () => {
    const uid = "04000000000E01";
    const first = await figureWithSunTag(uid);
    const oldTap = tapParams(TEST_SUN_MASTER, { uid, counter: 41 });
    expect(await acceptSunTap(s.db, TEST_SUN_MASTER, first.id, oldTap)).toMatchObject({ kind: "accepted" });
    expect(await tap(first.id, uid, 42)).toMatchObject({ kind: "accepted" });
    // the same tag bound again to the same figure: its captured URLs stay spent
    await bindSunTag(s.db, admin, first.id, { mode: "master", uid }, TEST_SUN_MASTER);
    expect(await acceptSunTap(s.db, TEST_SUN_MASTER, first.id, oldTap)).toEqual({ kind: "replayed" });
    expect(await tap(first.id, uid, 42)).toEqual({ kind: "replayed" });
    // unbound, then stuck on another figure
    await unbindSunTag(s.db, admin, first.id);
    const b = await figure(s.db, { name: "Second home" });
    await bindSunTag(s.db, admin, b.id, { mode: "master", uid }, TEST_SUN_MASTER);
    expect(await acceptSunTap(s.db, TEST_SUN_MASTER, b.id, oldTap)).toEqual({ kind: "replayed" });
    expect(await tap(b.id, uid, 42)).toEqual({ kind: "replayed" });
    expect(await tap(b.id, uid, 43)).toMatchObject({ kind: "accepted", counter: 43 });
  });

  it("refuses a tap of another tag, a forged MAC and a figure without SUN tag", async () => {
    const f = await figureWithSunTag("04000000000A01");
    expect(await tap(f.id, "04000000000A02", 1)).toMatchObject({ kind: "unverified" });
    const forged = tapParams(TEST_SUN_MASTER, { uid: "04000000000A01", counter: 1 });
    forged.set("cmac", "0000000000000000");
    expect(await acceptSunTap(s.db, TEST_SUN_MASTER, f.id, forged)).toEqual({ kind: "unverified", reason: "bad-mac" });
    const plain = await untaggedFigure(s.db, { name: "Ohne Tag" });
    expect(await tap(plain.id, "04000000000A01", 2)).toEqual({ kind: "unverified", reason: "not-bound" });
  });

  it("claims only with the latest accepted tap, never with the bare code", async () => {
    const f = await figureWithSunTag("04000000000B01");
    const u = await createUser(s);
    const actor = { id: u.id, role: "user" as const };
    const input = { p_tag_id: f.tagId, p_boonee_id: f.id };
    expect(await claimFigure(s.db, actor, input)).toEqual({ success: false, error: "claim.error.needsTap" });
    const first = await tap(f.id, "04000000000B01", 10);
    expect(await tap(f.id, "04000000000B01", 11)).toMatchObject({ kind: "accepted" });
    // the grant of the older tap is worthless once a newer tap was accepted
    expect(first.kind === "accepted" && (await claimFigure(s.db, actor, input, { sunCounter: first.counter }))).toEqual(
      {
        success: false,
        error: "claim.error.needsTap",
      },
    );
    expect(await claimFigure(s.db, actor, input, { sunCounter: 11 })).toMatchObject({ success: true });
    const [owned] = await s.db.select({ ownerId: boonees.ownerId }).from(boonees).where(eq(boonees.id, f.id));
    expect(owned.ownerId).toBe(u.id);
  });

  it("keeps the SUN tag and its counter when the code is replaced", async () => {
    const f = await figureWithSunTag("04000000000C01");
    await tap(f.id, "04000000000C01", 7);
    await replaceClaimCode(s.db, admin, { figureId: f.id });
    const [tag] = await s.db
      .select({ mode: tags.sunMode, counter: tags.sunCounter, uid: tags.tagUid })
      .from(tags)
      .where(eq(tags.figureId, f.id));
    expect(tag).toEqual({ mode: "master", counter: 7, uid: "04000000000C01" });
    expect(await tap(f.id, "04000000000C01", 7)).toEqual({ kind: "replayed" });
  });

  it("shows nothing of a figure in a waiting drop, even to a genuine tap, until the release", async () => {
    const f = await figureWithSunTag("04000000000D01");
    const [drop] = await s.db
      .insert(drops)
      .values({ titleDe: "Bald", titleEn: "Soon", releaseAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: drops.id });
    await s.db.insert(dropFigures).values({ dropId: drop.id, figureId: f.id, previousStatus: "Placed" });
    expect(await tap(f.id, "04000000000D01", 1)).toMatchObject({ kind: "accepted" });
    expect(await sunFigure(s.db, f.id)).toBeNull();
    await s.db.update(drops).set({ releasedAt: new Date() }).where(eq(drops.id, drop.id));
    expect(await sunFigure(s.db, f.id)).toMatchObject({ figure: { id: f.id }, claimed: false });
  });
});
