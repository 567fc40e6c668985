import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validate } from "#shared/forms.ts";
import { createFigureSchema, updateFigureSchema } from "#shared/schemas/admin.ts";

import { csvCell } from "../../server/csv/csv.ts";
import { boonees, tags, userRoles } from "../../server/db/schema.ts";
import { adminRoleChangeToConfirm } from "../../server/domain/accounts/admin-role-change.ts";
import { exportUsers } from "../../server/domain/accounts/export-users.ts";
import { getBroadcastOptions } from "../../server/domain/broadcasts/get-broadcast-options.ts";
import { exportClaims } from "../../server/domain/claims/export-claims.ts";
import { listClaims } from "../../server/domain/claims/list-claims.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { createFigure, createFigureBatch } from "../../server/domain/figures/create-figure.ts";
import { exportFigures } from "../../server/domain/figures/export-figures.ts";
import { listAdminFigures } from "../../server/domain/figures/list-figures.ts";
import { listLabels } from "../../server/domain/figures/list-labels.ts";
import { updateFigure } from "../../server/domain/figures/update-figure.ts";
import { storeImage, storeVideo } from "../../server/uploads/process-upload.ts";
import { claimRow } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 17 items 4, 5, 6, 9, 11: what the operator finds, confirms, is told and downloads.

let s: TestServices;
let admin: Actor;
let moderator: Actor;
let owner: Awaited<ReturnType<typeof createUser>>;
const tag = Math.random().toString(36).slice(2, 8);
let type: { id: string; name: string };
let instances: { id: string; code: string }[];

beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "Ada Admin");
  const m = await createUser(s, "Mo Moderator");
  owner = await createUser(s, `Finja Fundreich ${tag}`);
  await s.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, a.id));
  await s.db.update(userRoles).set({ role: "moderator" }).where(eq(userRoles.userId, m.id));
  admin = { id: a.id, role: "admin" };
  moderator = { id: m.id, role: "moderator" };
  const parsed = validate(createFigureSchema, {
    name: `Hafenwicht ${tag}`,
    secretCode: `TYPE${tag.toUpperCase()}`,
    series: `Kai ${tag}`,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  type = await createFigure(s.db, admin, parsed.data);
  const batch = await createFigureBatch(s.db, admin, { typeId: type.id, count: 3, status: "Placed" });
  // A batch's instances are created one microsecond apart: numbered in the order they were made.
  instances = [...batch.items];
  // the second instance is found by the owner (the rows a claim writes)
  await s.db
    .update(boonees)
    .set({ ownerId: owner.id, claimedAt: new Date(), status: "Found" })
    .where(eq(boonees.id, instances[1].id));
  await s.db.update(tags).set({ isClaimed: true }).where(eq(tags.figureId, instances[1].id));
  await claimRow(s.db, { figureId: instances[1].id, userId: owner.id });
});
afterAll(async () => s.close());

describe(`finding figures and claims on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("the Boonees list finds a figure by its exact claim code (any case), its owner's name and e-mail", async () => {
    const byCode = await listAdminFigures(s.db, admin, { q: ` ${instances[2].code.toLowerCase()} ` });
    expect(byCode.items.map((i) => i.id)).toEqual([instances[2].id]);
    const byOwner = await listAdminFigures(s.db, admin, { q: `fundreich ${tag}` });
    expect(byOwner.items.map((i) => i.id)).toEqual([instances[1].id]);
    const byEmail = await listAdminFigures(s.db, admin, { q: owner.email.toUpperCase() });
    expect(byEmail.items.map((i) => i.id)).toEqual([instances[1].id]);
    // a code is matched exactly, not as a part
    expect(
      (await listAdminFigures(s.db, admin, { q: instances[2].code.slice(0, 4) })).items.map((i) => i.id),
    ).not.toContain(instances[2].id);
  });

  it("each card carries its number within the type (the type is 1), its code and the placement note", async () => {
    const list = await listAdminFigures(s.db, admin, { q: `Hafenwicht ${tag}` });
    const byId = new Map(list.items.map((i) => [i.id, i]));
    expect(instances.map((i) => byId.get(i.id)?.number)).toEqual([2, 3, 4]);
    expect(instances.map((i) => byId.get(i.id)?.code)).toEqual(instances.map((i) => i.code));
    expect(byId.get(type.id)?.number).toBe(1);
    const note = "Hinter der dritten Bank am Hafen, unter dem Stein";
    const edit = (placementNote?: string) => {
      const parsed = validate(updateFigureSchema, {
        id: instances[0].id,
        name: `Hafenwicht ${tag}`,
        status: "Placed",
        ...(placementNote === undefined ? {} : { placementNote }),
      });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return updateFigure(s.db, admin, parsed.data);
    };
    await edit(`  ${note}  `);
    const noteOf = async () =>
      (await s.db.select({ n: boonees.placementNote }).from(boonees).where(eq(boonees.id, instances[0].id)))[0].n;
    expect(await noteOf()).toBe(note);
    await edit(); // a form without the field keeps the note
    expect(await noteOf()).toBe(note);
    expect(
      (await listAdminFigures(s.db, admin, { q: `Hafenwicht ${tag}` })).items.find((i) => i.id === instances[0].id)
        ?.placementNote,
    ).toBe(note);
    await edit("");
    expect(await noteOf()).toBeNull();
    expect(
      validate(updateFigureSchema, {
        id: instances[0].id,
        name: "x",
        status: "Placed",
        placementNote: "x".repeat(501),
      }),
    ).toMatchObject({
      ok: false,
      errors: { placementNote: "admin.boonees.placementNoteTooLong" },
    });
  });

  it("the Claims table finds by code for admins only, by the owner's name for both, and tells instances apart", async () => {
    const adminByCode = await listClaims(s.db, admin, { q: instances[1].code });
    expect(adminByCode.items).toHaveLength(1);
    expect(adminByCode.items[0]).toMatchObject({
      figureId: instances[1].id,
      number: 3,
      code: instances[1].code,
      email: owner.email,
    });
    expect((await listClaims(s.db, moderator, { q: instances[1].code })).items).toHaveLength(0);
    const modByName = await listClaims(s.db, moderator, { q: `Fundreich ${tag}` });
    expect(modByName.items).toHaveLength(1);
    expect(modByName.items[0]).toMatchObject({ number: 3, code: null, email: null });
  });

  it("the broadcast's figure picker finds owned figures by their owner's name", async () => {
    const options = await getBroadcastOptions(s.db, admin, { figureQ: `Fundreich ${tag}` });
    expect(options.figures.map((f) => f.id)).toEqual([instances[1].id]);
  });

  it("labels carry series and instance number, for any figure (a reprint of a claimed one too)", async () => {
    const labels = await listLabels(s.db, admin, { ids: [instances[1].id, instances[2].id] });
    expect(labels.map((l) => [l.series, l.number, l.code])).toEqual([
      [`Kai ${tag}`, 3, instances[1].code],
      [`Kai ${tag}`, 4, instances[2].code],
    ]);
  });
});

describe("granting or removing the admin role asks first", () => {
  it("names the person and the direction only when the admin role changes", async () => {
    const u = await createUser(s, "Rolf Rollenwechsel");
    expect(await adminRoleChangeToConfirm(s.db, admin, { userId: u.id, role: "moderator" })).toBeNull();
    expect(await adminRoleChangeToConfirm(s.db, admin, { userId: u.id, role: "admin" })).toEqual({
      name: "Rolf Rollenwechsel",
      granting: true,
    });
    expect(await adminRoleChangeToConfirm(s.db, admin, { userId: admin.id, role: "user" })).toEqual({
      name: "Ada Admin",
      granting: false,
    });
    expect(await adminRoleChangeToConfirm(s.db, admin, { userId: admin.id, role: "admin" })).toBeNull();
    await expect(adminRoleChangeToConfirm(s.db, moderator, { userId: u.id, role: "admin" })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("uploads say why", () => {
  it("names the 10 MB limit, the accepted image formats, and the accepted video formats", async () => {
    await expect(storeImage(s.storage, new Blob([new Uint8Array(11 * 1024 * 1024)]))).rejects.toMatchObject({
      code: "imageUpload",
      status: 413,
      params: { reason: "imageTooLarge" },
    });
    await expect(
      storeImage(s.storage, new File(["just text, renamed"], "x.png", { type: "image/png" })),
    ).rejects.toMatchObject({
      params: { reason: "notImage" },
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await expect(
      storeVideo(s.storage, new File([new Uint8Array(png)], "x.mp4", { type: "video/mp4" })),
    ).rejects.toMatchObject({
      code: "videoUpload",
      params: { reason: "notVideo" },
    });
  });
});

describe("CSV exports", () => {
  const all = async <T>(rows: AsyncIterable<T>) => {
    const out: T[] = [];
    for await (const r of rows) out.push(r);
    return out;
  };

  it("figures with codes for admins; claims without e-mail and codes for moderators; users for admins only", async () => {
    const figures = await all(exportFigures(s.db, admin));
    const second = figures.find((f) => f.id === instances[1].id);
    expect(second).toMatchObject({ code: instances[1].code, number: 3, ownerEmail: owner.email, series: `Kai ${tag}` });
    expect(() => exportFigures(s.db, moderator)).toThrow(expect.objectContaining({ status: 403 }));
    const modClaims = (await all(exportClaims(s.db, moderator))).filter((c) => c.name === `Hafenwicht ${tag}`);
    expect(modClaims).toEqual([expect.objectContaining({ number: 3, claimer: owner.name, email: null, code: null })]);
    const adminClaims = (await all(exportClaims(s.db, admin))).filter((c) => c.name === `Hafenwicht ${tag}`);
    expect(adminClaims).toEqual([expect.objectContaining({ email: owner.email, code: instances[1].code })]);
    expect(() => exportUsers(s.db, moderator)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => exportClaims(s.db, null)).toThrow(expect.objectContaining({ status: 401 }));
    const users = await all(exportUsers(s.db, admin));
    expect(users.find((u) => u.id === admin.id)).toMatchObject({ role: "admin", name: "Ada Admin" });
    expect(users.find((u) => u.id === moderator.id)).toMatchObject({ role: "moderator" });
  });

  it("defuses formulas and quotes what needs quoting", () => {
    expect(["=1+1", "+49 431", "-2", "@SUM(A1)", "\t=x", "plain", 'say "hi", ok', null, 3].map(csvCell)).toEqual([
      "'=1+1",
      "'+49 431",
      "'-2",
      "'@SUM(A1)",
      "'\t=x",
      "plain",
      '"say ""hi"", ok"',
      "",
      "3",
    ]);
  });
});
