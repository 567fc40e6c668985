import { crc32 } from "node:zlib";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validate } from "#shared/forms.ts";
import { renderNotificationText } from "#shared/notification-text.ts";
import { broadcastSchema, createFigureSchema } from "#shared/schemas/admin.ts";

import { queryRows } from "../../server/db/client.ts";
import { decodeCursor } from "../../server/db/paging.ts";
import {
  activityLog,
  boonees,
  booneeStories,
  claims,
  exclusiveContent,
  notifications,
  tags,
  userRoles,
} from "../../server/db/schema.ts";
import { changeRole } from "../../server/domain/accounts/change-role.ts";
import { listUsers } from "../../server/domain/accounts/list-users.ts";
import { broadcastContent } from "../../server/domain/broadcasts/broadcast-content.ts";
import { listClaims } from "../../server/domain/claims/list-claims.ts";
import { verifyClaim } from "../../server/domain/claims/verify-claim.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { createFigure, createFigureBatch } from "../../server/domain/figures/create-figure.ts";
import { deleteFigure } from "../../server/domain/figures/delete-figure.ts";
import { BOONEES_PAGE_SIZE, listAdminFigures } from "../../server/domain/figures/list-figures.ts";
import { labelTypeSummary, listLabels } from "../../server/domain/figures/list-labels.ts";
import { updateFigure } from "../../server/domain/figures/update-figure.ts";
import { getDashboard } from "../../server/domain/stats/get-dashboard.ts";
import { setStoryHidden } from "../../server/domain/stories/hide-story.ts";
import { listStories } from "../../server/domain/stories/list-stories.ts";
import { translator } from "../../server/notify/translate.ts";
import { storeImage, storeVideo } from "../../server/uploads/process-upload.ts";
import { claimRow, finderStory } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let admin: Actor;
let moderator: Actor;
let plain: Actor;
beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "Ada Admin");
  const m = await createUser(s, "Mo Moderator");
  const u = await createUser(s, "Uli User");
  await s.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, a.id));
  await s.db.update(userRoles).set({ role: "moderator" }).where(eq(userRoles.userId, m.id));
  admin = { id: a.id, role: "admin" };
  moderator = { id: m.id, role: "moderator" };
  plain = { id: u.id, role: "user" };
});
afterAll(async () => s.close());

let seq = 0;
const code = () => `T${Date.now().toString(36).toUpperCase()}${(seq++).toString(36).toUpperCase()}`.slice(0, 20);
const fields = (over: Record<string, string> = {}) => {
  const parsed = validate(createFigureSchema, { name: `Blubb ${seq++}`, secretCode: code(), ...over });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};
const countRows = async (table: "boonees" | "tags" | "notifications" | "exclusive_content") =>
  Number((await queryRows<{ n: string }>(s.db, sql`select count(*) as n from ${sql.identifier(table)}`))[0].n);

/** A figure owned by `userId` (claimed through the same rows a claim writes). */
async function owned(userId: string, over: { rarity?: "Common" | "Rare" | "Legendary"; series?: string } = {}) {
  const f = await createFigure(s.db, admin, fields({ rarity: over.rarity ?? "Common", series: over.series ?? "Meer" }));
  await s.db
    .update(boonees)
    .set({ ownerId: userId, claimedAt: new Date(), status: "Found" })
    .where(eq(boonees.id, f.id));
  await s.db.update(tags).set({ isClaimed: true }).where(eq(tags.figureId, f.id));
  const c = await claimRow(s.db, { figureId: f.id, userId });
  return { ...f, claimId: c.id };
}

describe(`admin domain on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("creates a figure and its tag together, with the code in upper case", async () => {
    const input = fields({ secretCode: " abc234xy ", element: "Feuer", birthDate: "2024-02-29", status: "Placed" });
    const created = await createFigure(s.db, admin, input);
    const [b] = await s.db.select().from(boonees).where(eq(boonees.id, created.id));
    const [t] = await s.db.select().from(tags).where(eq(tags.figureId, created.id));
    expect(b).toMatchObject({
      name: input.name,
      status: "Placed",
      element: "Feuer",
      birthDate: "2024-02-29",
      typeId: null,
    });
    expect(t).toMatchObject({ secretCode: "ABC234XY", tagUid: null, isClaimed: false });
  });

  it("refuses a taken code with codeTaken and leaves no figure without a tag", async () => {
    const first = await createFigure(s.db, admin, fields());
    const before = await countRows("boonees");
    await expect(createFigure(s.db, admin, fields({ secretCode: first.code }))).rejects.toMatchObject({
      code: "codeTaken",
      status: 409,
    });
    // with files: a taken code is refused before anything is stored
    let stored = false;
    const storeMedia = async () => ((stored = true), { imageUrl: "/uploads/images/x.webp" });
    await expect(createFigure(s.db, admin, fields({ secretCode: first.code }), { storeMedia })).rejects.toMatchObject({
      code: "codeTaken",
    });
    await expect(
      updateFigure(s.db, admin, { id: crypto.randomUUID(), ...fields() }, { storeMedia }),
    ).rejects.toMatchObject({
      code: "notFound",
    });
    expect(stored).toBe(false);
    const withImage = await createFigure(s.db, admin, fields(), { storeMedia });
    expect(stored).toBe(true);
    expect((await s.db.select().from(boonees).where(eq(boonees.id, withImage.id)))[0].imageUrl).toBe(
      "/uploads/images/x.webp",
    );
    expect(await countRows("boonees")).toBe(before + 1);
    const orphans = await queryRows<{ n: string }>(
      s.db,
      sql`select count(*) as n from boonees b where not exists (select 1 from tags t where t.boonee_id = b.id)`,
    );
    expect(Number(orphans[0].n)).toBe(0);
  });

  it("validates the create form: name and code required (the spec's German text key), element and date checked", () => {
    const r = validate(createFigureSchema, { name: " ", secretCode: "", element: "Plasma", birthDate: "2023-02-30" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({
      name: "admin.fields.error.nameRequired",
      secretCode: "admin.create.error.codeRequired",
      element: "admin.fields.error.element",
      birthDate: "admin.fields.error.birthDate",
    });
    expect(validate(createFigureSchema, { name: "X", secretCode: "ab-12345" })).toMatchObject({
      ok: false,
      errors: { secretCode: "admin.create.error.codeFormat" },
    });
    expect(validate(createFigureSchema, { name: "X", secretCode: "abc" })).toMatchObject({
      ok: false,
      errors: { secretCode: "admin.create.error.codeLength" },
    });
  });

  it("refuses every admin write for a plain user, a moderator (except verify/hide) and a visitor", async () => {
    const before = await countRows("boonees");
    for (const actor of [plain, moderator, null]) {
      const status = actor ? 403 : 401;
      await expect(createFigure(s.db, actor, fields())).rejects.toMatchObject({ status });
      await expect(
        createFigureBatch(s.db, actor, { typeId: crypto.randomUUID(), count: 2, status: "Draft" }),
      ).rejects.toMatchObject({
        status,
      });
      await expect(deleteFigure(s.db, s.storage, actor, { id: crypto.randomUUID() })).rejects.toMatchObject({ status });
      await expect(updateFigure(s.db, actor, { id: crypto.randomUUID(), ...fields() })).rejects.toMatchObject({
        status,
      });
      await expect(
        broadcastContent(s.db, actor, {
          title: "Hallo",
          message: "Eine Nachricht für alle",
          contentType: "news",
          audience: "all",
          rarity: null,
          series: null,
          figureId: null,
        }),
      ).rejects.toMatchObject({ status });
      await expect(listAdminFigures(s.db, actor, {})).rejects.toMatchObject({ status });
      await expect(listUsers(s.db, actor, {})).rejects.toMatchObject({ status });
      await expect(changeRole(s.db, actor as Actor, { userId: plain.id, role: "admin" })).rejects.toMatchObject({
        status,
      });
    }
    for (const actor of [plain, null]) {
      await expect(verifyClaim(s.db, actor, { claimId: crypto.randomUUID() })).rejects.toMatchObject({
        status: actor ? 403 : 401,
      });
      await expect(setStoryHidden(s.db, actor, { storyId: crypto.randomUUID(), hidden: true })).rejects.toMatchObject({
        status: actor ? 403 : 401,
      });
      await expect(getDashboard(s.db, actor)).rejects.toMatchObject({ status: actor ? 403 : 401 });
      await expect(listClaims(s.db, actor, {})).rejects.toMatchObject({ status: actor ? 403 : 401 });
    }
    expect(await countRows("boonees")).toBe(before);
  });

  it("creates an instance of a type with the type as template, even when an instance is picked", async () => {
    const type = await createFigure(s.db, admin, fields({ series: "Wald", rarity: "Rare" }));
    const inst = await createFigure(s.db, admin, fields({ typeId: type.id }));
    const inst2 = await createFigure(s.db, admin, fields({ typeId: inst.id }));
    const rows = await s.db
      .select()
      .from(boonees)
      .where(inArray(boonees.id, [inst.id, inst2.id]));
    expect(rows.map((r) => r.typeId)).toEqual([type.id, type.id]);
  });

  it("creates a batch of 10 instances with 10 distinct generated codes, and refuses 0 or 201", async () => {
    const type = await createFigure(
      s.db,
      admin,
      fields({ series: "Batchreihe", rarity: "Legendary", description: "Typbeschreibung hier" }),
    );
    const batch = await createFigureBatch(s.db, admin, { typeId: type.id, count: 10, status: "Placed" });
    expect(batch.items).toHaveLength(10);
    const codes = new Set(batch.items.map((i) => i.code));
    expect(codes.size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const rows = await s.db.select().from(boonees).where(eq(boonees.typeId, type.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.series === "Batchreihe" && r.rarity === "Legendary" && r.status === "Placed")).toBe(
      true,
    );
    const labels = await listLabels(s.db, admin, { ids: batch.items.map((i) => i.id) });
    expect(labels.map((l) => l.code).sort()).toEqual([...codes].sort());
    const byType = await listLabels(s.db, admin, { typeId: type.id });
    expect(byType).toHaveLength(11);
    expect(await labelTypeSummary(s.db, admin, type.id)).toEqual({ name: type.name, claimed: 0 });
    // a claimed instance leaves the type's sheet and is counted as left out
    await s.db
      .update(boonees)
      .set({ ownerId: plain.id, claimedAt: new Date(), status: "Found" })
      .where(eq(boonees.id, batch.items[3].id));
    const afterClaim = await listLabels(s.db, admin, { typeId: type.id });
    expect(afterClaim).toHaveLength(10);
    expect(afterClaim.map((l) => l.id)).not.toContain(batch.items[3].id);
    expect(await labelTypeSummary(s.db, admin, type.id)).toEqual({ name: type.name, claimed: 1 });
    expect(await labelTypeSummary(s.db, admin, "00000000-0000-4000-8000-000000000000")).toBeNull();
    await expect(labelTypeSummary(s.db, moderator, type.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      createFigureBatch(s.db, admin, { typeId: type.id, count: 201, status: "Draft" }),
    ).rejects.toMatchObject({
      code: "batchCount",
    });
    await expect(createFigureBatch(s.db, admin, { typeId: type.id, count: 0, status: "Draft" })).rejects.toMatchObject({
      code: "batchCount",
    });
  });

  it("edits all fields and the status", async () => {
    const f = await createFigure(s.db, admin, fields());
    await updateFigure(s.db, admin, {
      id: f.id,
      ...fields({ name: "Neuer Name", status: "Sold Out", element: "Eis", series: "Eisreihe" }),
    });
    const [b] = await s.db.select().from(boonees).where(eq(boonees.id, f.id));
    expect(b).toMatchObject({ name: "Neuer Name", status: "Sold Out", element: "Eis", series: "Eisreihe" });
    await expect(updateFigure(s.db, admin, { id: crypto.randomUUID(), ...fields() })).rejects.toMatchObject({
      code: "notFound",
      status: 404,
    });
  });

  it("deletes a claimed figure with its tag, claim and stories", async () => {
    const u = await createUser(s, "Deleter");
    const f = await owned(u.id);
    await finderStory(s.db, { figureId: f.id, userId: u.id, title: "Fund", story: "Ich fand ihn im Park." });
    await deleteFigure(s.db, s.storage, admin, { id: f.id });
    expect(await s.db.select().from(boonees).where(eq(boonees.id, f.id))).toHaveLength(0);
    expect(await s.db.select().from(tags).where(eq(tags.figureId, f.id))).toHaveLength(0);
    expect(await s.db.select().from(claims).where(eq(claims.figureId, f.id))).toHaveLength(0);
    expect(await s.db.select().from(booneeStories).where(eq(booneeStories.figureId, f.id))).toHaveLength(0);
    await expect(deleteFigure(s.db, s.storage, admin, { id: f.id })).rejects.toMatchObject({ code: "notFound" });
  });

  it("broadcasts by rarity to exactly the distinct owners of that rarity, in one go", async () => {
    const series = `Reihe${seq++}`;
    const a = await createUser(s, "Owner A");
    const b = await createUser(s, "Owner B");
    const c = await createUser(s, "Owner C");
    await owned(a.id, { rarity: "Legendary", series });
    await owned(a.id, { rarity: "Legendary", series }); // two figures, still one notification
    await owned(b.id, { rarity: "Legendary" });
    await owned(c.id, { rarity: "Rare", series });
    const legendaryOwners = await queryRows<{ owner_id: string }>(
      s.db,
      sql`select distinct owner_id from boonees where rarity = 'Legendary' and owner_id is not null`,
    );
    const result = await broadcastContent(s.db, admin, {
      title: "Legendäres Treffen",
      message: "Alle Legendary-Besitzer treffen sich am Hafen.",
      contentType: "news",
      audience: "rarity",
      rarity: "Legendary",
      series: null,
      figureId: null,
    });
    expect(result.count).toBe(legendaryOwners.length);
    const rows = await s.db.select().from(notifications).where(eq(notifications.title, "Legendäres Treffen"));
    expect(rows.map((r) => r.userId).sort()).toEqual(legendaryOwners.map((r) => r.owner_id).sort());
    expect(
      rows.every((r) => r.type === "drop" && r.link === "/exclusive" && r.message.startsWith("Alle Legendary")),
    ).toBe(true);
    expect(rows.some((r) => r.userId === c.id)).toBe(false);
    const [content] = await s.db.select().from(exclusiveContent).where(eq(exclusiveContent.id, result.id));
    expect(content).toMatchObject({
      audience: "rarity",
      audienceRarity: "Legendary",
      figureId: null,
      contentType: "news",
      description: "Alle Legendary-Besitzer treffen sich am Hafen.",
    });

    const bySeries = await broadcastContent(s.db, admin, {
      title: "Reihe",
      message: "Nur für diese Reihe hier.",
      contentType: "link",
      linkUrl: "https://example.org/x",
      audience: "series",
      series,
      rarity: null,
      figureId: null,
    });
    expect(bySeries.count).toBe(2); // a and c
    expect(bySeries.url).toBe("https://example.org/x");
  });

  it("sends nothing and writes nothing when nobody matches (noUsers), and uploads no file", async () => {
    const before = [await countRows("exclusive_content"), await countRows("notifications")];
    let stored = false;
    await expect(
      broadcastContent(
        s.db,
        admin,
        {
          title: "Niemand",
          message: "Diese Reihe gehört niemandem.",
          contentType: "image",
          audience: "series",
          series: "Gibt es nicht",
          rarity: null,
          figureId: null,
        },
        { storeFile: async () => ((stored = true), "/uploads/exclusive/x.webp") },
      ),
    ).rejects.toMatchObject({ code: "noUsers" });
    expect(stored).toBe(false);
    expect([await countRows("exclusive_content"), await countRows("notifications")]).toEqual(before);
  });

  it("broadcasts to the owner of one figure with boonee_id set", async () => {
    const u = await createUser(s, "Single");
    const f = await owned(u.id);
    const r = await broadcastContent(s.db, admin, {
      title: "Nur du",
      message: "Eine Nachricht für genau dich.",
      contentType: "news",
      audience: "boonee",
      figureId: f.id,
      rarity: null,
      series: null,
    });
    expect(r.count).toBe(1);
    const [content] = await s.db.select().from(exclusiveContent).where(eq(exclusiveContent.id, r.id));
    expect(content.figureId).toBe(f.id);
  });

  it("checks the broadcast form: lengths after trimming, audience pieces and http(s) links", () => {
    const base = { title: "Titel", message: "Eine lange Nachricht", contentType: "news", audience: "all" };
    expect(validate(broadcastSchema, { ...base, title: "  ab  " })).toMatchObject({
      ok: false,
      errors: { title: "broadcast.error.titleTooShort" },
    });
    expect(validate(broadcastSchema, { ...base, title: "" })).toMatchObject({
      ok: false,
      errors: { title: "broadcast.error.required" },
    });
    expect(validate(broadcastSchema, { ...base, message: "zu kurz  " })).toMatchObject({
      ok: false,
      errors: { message: "broadcast.error.messageTooShort" },
    });
    expect(validate(broadcastSchema, { ...base, contentType: "link", linkUrl: "javascript:alert(1)" })).toMatchObject({
      ok: false,
      errors: { linkUrl: "broadcast.error.invalidUrl" },
    });
    expect(validate(broadcastSchema, { ...base, contentType: "link", linkUrl: "ftp://x.org" })).toMatchObject({
      ok: false,
      errors: { linkUrl: "broadcast.error.invalidUrl" },
    });
    expect(validate(broadcastSchema, { ...base, audience: "rarity" })).toMatchObject({
      ok: false,
      errors: { rarity: "broadcast.error.required" },
    });
    const long = validate(broadcastSchema, { ...base, title: "x".repeat(300), message: "y".repeat(3000) });
    expect(long.ok && [long.data.title.length, long.data.message.length]).toEqual([200, 2000]);
  });

  it("verifies a claim once (admin or moderator) and notifies the owner in their language", async () => {
    const u = await createUser(s, "Claimer");
    const f = await owned(u.id);
    await verifyClaim(s.db, moderator, { claimId: f.claimId });
    const again = await verifyClaim(s.db, admin, { claimId: f.claimId });
    expect(again.alreadyVerified).toBe(true);
    const [c] = await s.db.select().from(claims).where(eq(claims.id, f.claimId));
    expect(c.verified).toBe(true);
    const notes = await s.db.select().from(notifications).where(eq(notifications.userId, u.id));
    const verified = notes.filter((n) => n.title === `@claimVerified:${f.name}`);
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatchObject({ type: "other", message: `@claimVerifiedMessage:${f.name}` });
  });

  it("hides a finder story with a reason its author is told, and shows it again (moderator)", async () => {
    const u = await createUser(s, "Storyteller");
    const f = await owned(u.id);
    const st = await finderStory(s.db, {
      figureId: f.id,
      userId: u.id,
      title: "Mein Fund",
      story: "Unter der Brücke.",
    });
    // no reason, no change
    for (const reason of [undefined, "  ", "ab"])
      await expect(setStoryHidden(s.db, moderator, { storyId: st.id, hidden: true, reason })).rejects.toMatchObject({
        code: "reasonRequired",
        status: 400,
      });
    expect((await s.db.select().from(booneeStories).where(eq(booneeStories.id, st.id)))[0].hidden).toBe(false);
    expect(await s.db.select().from(notifications).where(eq(notifications.userId, u.id))).toHaveLength(0);
    await setStoryHidden(s.db, moderator, { storyId: st.id, hidden: true, reason: "Enthält eine Wohnadresse" });
    expect((await s.db.select().from(booneeStories).where(eq(booneeStories.id, st.id)))[0].hidden).toBe(true);
    const told = await s.db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(told).toEqual([
      expect.objectContaining({
        type: "other",
        title: "@storyHidden:Mein Fund",
        message: "@storyHiddenMessage:Enthält eine Wohnadresse",
        link: `/boonee/${f.id}`,
      }),
    ]);
    expect(renderNotificationText(told[0].title, translator("en"))).toBe("Your story was hidden: Mein Fund");
    expect(renderNotificationText(told[0].message, translator("de"))).toBe(
      "Das Team hat deine Finder-Story von der Figurenseite genommen. Grund: Enthält eine Wohnadresse",
    );
    const [logged] = await s.db.select().from(activityLog).where(eq(activityLog.objectId, st.id));
    expect(logged).toMatchObject({ action: "story.hidden", reason: "Enthält eine Wohnadresse" });
    const list = await listStories(s.db, moderator, { q: "Mein Fund" });
    expect(list.items[0]).toMatchObject({ id: st.id, hidden: true });
    await setStoryHidden(s.db, admin, { storyId: st.id, hidden: false });
    expect((await s.db.select().from(booneeStories).where(eq(booneeStories.id, st.id)))[0].hidden).toBe(false);
  });

  it("lists figures with search, status filter and pages; claims with e-mail for admins only", async () => {
    const u = await createUser(s, "Listed Owner");
    const f = await owned(u.id, { series: "Suchreihe_%" });
    const bySeries = await listAdminFigures(s.db, admin, { q: "suchreihe_%" });
    expect(bySeries.items.map((i) => i.id)).toEqual([f.id]);
    expect(bySeries.items[0]).toMatchObject({ ownerName: "Listed Owner", code: f.code });
    expect((await listAdminFigures(s.db, admin, { q: "reihe_x" })).items).toHaveLength(0); // _ is literal
    const claimed = await listAdminFigures(s.db, admin, { status: "claimed" });
    expect(claimed.items.every((i) => i.ownerId)).toBe(true);
    const available = await listAdminFigures(s.db, admin, { status: "available" });
    expect(available.items.every((i) => !i.ownerId)).toBe(true);
    expect(claimed.total + available.total).toBe(claimed.totals.total);
    const found = await listAdminFigures(s.db, admin, { status: "Found" });
    expect(found.items.every((i) => i.status === "Found")).toBe(true);
    // more figures than one page holds (and 50 for the search below)
    for (let i = 0; i < 50; i++)
      await createFigure(s.db, admin, fields({ name: `Seitensuche ${i}`, series: "Blättern" }));
    // pages by cursor: forwards through everything, then back, without gaps or repeats
    const page1 = await listAdminFigures(s.db, admin, {});
    expect(page1.items).toHaveLength(Math.min(BOONEES_PAGE_SIZE, page1.total));
    expect(page1.prev).toBeNull();
    const seen: string[] = page1.items.map((i) => i.id);
    let cur = page1;
    while (cur.next) {
      cur = await listAdminFigures(s.db, admin, { cursor: decodeCursor("after", cur.next), page: cur.page + 1 });
      seen.push(...cur.items.map((i) => i.id));
    }
    expect(cur.page).toBe(cur.pageCount);
    const all = await s.db
      .select({ id: boonees.id })
      .from(boonees)
      .orderBy(sql`${boonees.createdAt} desc`, boonees.id);
    expect(seen).toEqual(all.map((r) => r.id));
    const back = await listAdminFigures(s.db, admin, { cursor: decodeCursor("before", cur.prev), page: cur.page - 1 });
    expect(back.items.map((i) => i.id)).toEqual(
      seen.slice((cur.page - 2) * BOONEES_PAGE_SIZE, (cur.page - 1) * BOONEES_PAGE_SIZE),
    );
    // a search counts all its matches and pages through them too
    const search1 = await listAdminFigures(s.db, admin, { q: "seitensuche" });
    expect([search1.total, search1.items.length, search1.pageCount]).toEqual([50, 48, 2]);
    const search2 = await listAdminFigures(s.db, admin, {
      q: "seitensuche",
      cursor: decodeCursor("after", search1.next),
      page: 2,
    });
    expect([search2.total, search2.items.length, search2.page, search2.next]).toEqual([50, 2, 2, null]);
    expect(new Set([...search1.items, ...search2.items].map((i) => i.name)).size).toBe(50);
    expect(decodeCursor("after", "not-a-cursor")).toBeUndefined();

    const asAdmin = await listClaims(s.db, admin, { q: "Listed Owner" });
    expect(asAdmin.items[0]).toMatchObject({ name: f.name, claimer: "Listed Owner", email: u.email, verified: false });
    const asMod = await listClaims(s.db, moderator, { q: "Listed Owner" });
    expect(asMod.items[0].email).toBeNull();
    expect((await listClaims(s.db, moderator, { q: u.email })).items).toHaveLength(0);
  });

  it("pages through the claims table by cursor, forwards and back, with a search", async () => {
    const u = await createUser(s, "Pager Paula");
    for (let i = 0; i < 27; i++) await owned(u.id, { series: "Blätterreihe" });
    const first = await listClaims(s.db, admin, { q: "pager paula" });
    expect([first.total, first.items.length, first.pageCount, first.prev]).toEqual([27, 25, 2, null]);
    const second = await listClaims(s.db, admin, {
      q: "pager paula",
      cursor: decodeCursor("after", first.next),
      page: 2,
    });
    expect([second.items.length, second.page, second.next]).toEqual([2, 2, null]);
    const ids = [...first.items, ...second.items].map((c) => c.id);
    expect(new Set(ids).size).toBe(27);
    const times = [...first.items, ...second.items].map((c) => new Date(c.claimedAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const back = await listClaims(s.db, admin, {
      q: "pager paula",
      cursor: decodeCursor("before", second.prev),
      page: 1,
    });
    expect(back.items.map((c) => c.id)).toEqual(first.items.map((c) => c.id));
    expect(back.prev).toBeNull();
    // unfiltered: the newest claim first, and the next page starts right after
    const all1 = await listClaims(s.db, admin, {});
    const all2 = await listClaims(s.db, admin, { cursor: decodeCursor("after", all1.next), page: 2 });
    expect(all2.items.some((c) => all1.items.some((d) => d.id === c.id))).toBe(false);
  });

  it("counts the dashboard totals and lists the 5 latest claims", async () => {
    const d = await getDashboard(s.db, moderator);
    const [{ n }] = await queryRows<{ n: string }>(
      s.db,
      sql`select count(*) as n from boonees where owner_id is not null`,
    );
    expect(d.figures.claimed).toBe(Number(n));
    expect(d.figures.available).toBe(d.figures.total - d.figures.claimed);
    expect(d.tags.total).toBe(await countRows("tags"));
    expect(d.recent).toHaveLength(5);
    const times = d.recent.map((r) => new Date(r.claimedAt).getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("lists users with their shown role and counts admins", async () => {
    const list = await listUsers(s.db, admin, { q: "Mo Moderator" });
    expect(list.items[0]).toMatchObject({ id: moderator.id, role: "moderator" });
    expect(list.counts.admins).toBeGreaterThanOrEqual(1);
    expect(list.counts.users).toBeGreaterThanOrEqual(3);
  });
});

describe("uploads", () => {
  const dir = () => s.config.dataDir + "/uploads";

  it("re-encodes an image to WebP in two sizes and drops its EXIF data", async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#6b3fd1" } })
      .jpeg()
      .withExif({ IFD0: { Make: "SpyCam", Copyright: "GPS 54.32N 10.13E" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeTruthy();
    const url = await storeImage(s.storage, new Blob([new Uint8Array(jpeg)]));
    expect(url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/);
    const detail = await sharp(`${dir()}/${url.slice("/uploads/".length)}`).metadata();
    const card = await sharp(`${dir()}/${url.slice("/uploads/".length).replace(".webp", "-card.webp")}`).metadata();
    expect([detail.format, detail.width, detail.height, detail.exif]).toEqual(["webp", 800, 600, undefined]);
    expect([card.format, card.width, card.height]).toEqual(["webp", 400, 300]);
  });

  it("refuses a text file named .png, a pixel flood and a too-large file", async () => {
    await expect(
      storeImage(s.storage, new File(["not an image"], "x.png", { type: "image/png" })),
    ).rejects.toMatchObject({
      code: "imageUpload",
    });
    // A tiny PNG whose header claims 10000 × 10000 pixels (a decompression bomb): refused before decoding.
    const flood = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    flood.writeUInt32BE(10000, 16);
    flood.writeUInt32BE(10000, 20);
    flood.writeUInt32BE(crc32(flood.subarray(12, 29)), 29);
    await expect(storeImage(s.storage, new Blob([new Uint8Array(flood)]))).rejects.toMatchObject({
      code: "imageUpload",
      params: { reason: "tooManyPixels" },
    });
    await expect(storeImage(s.storage, new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]))).rejects.toMatchObject({
      code: "imageUpload",
      status: 413,
    });
  });

  it("stores an MP4 as it is and refuses a text file renamed .mp4", async () => {
    const mp4 = new Uint8Array([
      0,
      0,
      0,
      0x18,
      ...new TextEncoder().encode("ftypisom"),
      0,
      0,
      2,
      0,
      ...new TextEncoder().encode("isomiso2"),
      0,
      0,
      0,
      8,
      ...new TextEncoder().encode("free"),
    ]);
    const url = await storeVideo(s.storage, new Blob([mp4]));
    expect(url).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    await expect(
      storeVideo(s.storage, new File(["just some text, really"], "clip.mp4", { type: "video/mp4" })),
    ).rejects.toMatchObject({
      code: "videoUpload",
    });
    const exclusive = await storeVideo(s.storage, new Blob([mp4]), "exclusive");
    expect(exclusive).toMatch(/^\/uploads\/exclusive\//);
  });
});
