import type { APIRequestContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { city, cityStaffRow, claimRow, drop as dropRow } from "../support/factories.ts";
import { createAccount, figureById } from "./admin-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, grantRole, seedFigure, signIn, test, unique } from "./fixtures.ts";

/**
 * Staff per city (decision 058): a Lübeck moderator and a Lübeck admin get 403 on Tokyo's admin URLs and
 * actions, and their lists show no Tokyo rows; nothing of Tokyo changes.
 */
async function cityNamed(nameDe: string) {
  return (await city(db, { nameDe, nameEn: nameDe })).id;
}

async function luebeckStaff(page: Page, role: "admin" | "moderator", cityId: number) {
  const user = await createAccount(`Lübeck ${role} ${unique()}`);
  await grantRole(user.id, role);
  await db.delete(schema.cityStaff).where(eq(schema.cityStaff.userId, user.id));
  await cityStaffRow(db, user.id, cityId);
  await signIn(page, user.email, user.password);
  return user;
}

const post = (request: APIRequestContext, path: string, form: Record<string, string>) =>
  request.post(path, { form, headers: { origin: E2E.baseURL }, maxRedirects: 0 }).then((r) => r.status());

test("a Lübeck moderator and admin get 403 on Tokyo's admin pages and actions and see no Tokyo rows", async ({
  browser,
}) => {
  const luebeck = await cityNamed("Lübeck");
  const tokyo = await cityNamed("Tokio");
  const tokyoName = `Tokio Figur ${unique()}`;
  const luebeckName = `Lübeck Figur ${unique()}`;
  const free = await seedFigure({ name: tokyoName, status: "Placed" });
  await db.update(schema.boonees).set({ cityId: tokyo }).where(eq(schema.boonees.id, free.id));
  const finder = await createAccount(`Finder ${unique()}`);
  const found = await seedFigure({ name: `${tokyoName} gefunden`, status: "Found", ownerId: finder.id });
  await db.update(schema.boonees).set({ cityId: tokyo }).where(eq(schema.boonees.id, found.id));
  const claim = await claimRow(db, { figureId: found.id, userId: finder.id });
  const ours = await seedFigure({ name: luebeckName, status: "Found", ownerId: finder.id });
  await db.update(schema.boonees).set({ cityId: luebeck }).where(eq(schema.boonees.id, ours.id));
  await claimRow(db, { figureId: ours.id, userId: finder.id });
  const drop = await dropRow(db, {
    titleDe: `Tokio Drop ${unique()}`,
    titleEn: "Tokyo drop",
    releaseAt: new Date(Date.now() + 3600_000),
    cityId: tokyo,
  });

  // --- the moderator: the team's pages show Lübeck only, Tokyo's actions answer 403
  const modContext = await browser.newContext();
  const mod = await modContext.newPage();
  await luebeckStaff(mod, "moderator", luebeck);
  await mod.goto("/admin/claims");
  await expect(mod.getByText(luebeckName).first()).toBeVisible();
  await expect(mod.getByText(tokyoName)).toHaveCount(0);
  expect(await post(mod.request, "/admin/claims", { intent: "verify", claimId: claim.id })).toBe(403);
  expect(
    await post(mod.request, "/admin/claims", { intent: "reject", claimId: claim.id, reason: "Nicht meine Stadt" }),
  ).toBe(403);
  expect(await post(mod.request, `/admin/sun-tag/${free.id}`, { intent: "unbind" })).toBe(403);
  await mod.goto("/admin");
  await expect(mod.getByText(tokyoName)).toHaveCount(0);
  // Tokyo's figure, drop and city pages: a 403 page saying why, with the way back to his dashboard
  for (const path of [`/admin/sun-tag/${free.id}`, `/admin/drops?edit=${drop.id}`, `/admin/cities/${tokyo}`]) {
    expect((await mod.goto(path))?.status(), path).toBe(403);
    await expect(mod.getByRole("heading", { level: 1, name: "Kein Zutritt" })).toBeVisible();
    await expect(mod.getByRole("link", { name: "Zum Admin-Dashboard" })).toHaveAttribute("href", "/admin");
  }
  await modContext.close();

  // --- the admin: Tokyo's figure, drop and city pages are 403, so are its actions; the lists show no Tokyo row
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await luebeckStaff(admin, "admin", luebeck);
  for (const path of [`/admin/sun-tag/${free.id}`, `/admin/drops?edit=${drop.id}`, `/admin/cities/${tokyo}`]) {
    const res = await admin.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(403);
  }
  expect((await admin.request.get(`/admin/sun-tag/${ours.id}`, { maxRedirects: 0 })).status()).toBe(200);
  expect((await admin.goto(`/admin/sun-tag/${free.id}`))?.status()).toBe(403);
  await expect(admin.getByText("Das gehört zu einer Stadt, für die du nicht arbeitest.")).toBeVisible();
  expect(await post(admin.request, `/admin/sun-tag/${free.id}`, { intent: "unbind" })).toBe(403);
  expect(await post(admin.request, "/admin/boonees", { intent: "replaceCode", id: free.id })).toBe(403);
  expect(await post(admin.request, "/admin/boonees", { intent: "bulkStatus", ids: free.id, status: "Archived" })).toBe(
    403,
  );
  expect(await post(admin.request, "/admin/drops", { intent: "cancel", dropId: drop.id })).toBe(403);
  expect(await post(admin.request, "/admin/claims", { intent: "verify", claimId: claim.id })).toBe(403);
  for (const path of ["/admin/boonees", "/admin/claims", "/admin/drops", "/admin/reports", "/admin/activity"]) {
    await admin.goto(path);
    await expect(admin.getByText(tokyoName), path).toHaveCount(0);
  }
  await admin.goto("/admin/boonees");
  await expect(admin.getByText(luebeckName).first()).toBeVisible();
  const csv = await admin.request.get("/admin/boonees.csv");
  expect(csv.status()).toBe(200);
  expect(await csv.text()).not.toContain(tokyoName);
  // the users page: his cities' staff only (decision 059), never Tokyo's finder
  expect((await admin.request.get("/admin/users", { maxRedirects: 0 })).status()).toBe(200);
  await admin.goto(`/admin/users?q=${encodeURIComponent(finder.name)}`);
  await expect(admin.getByText(finder.name)).toHaveCount(0);
  expect((await admin.request.get("/admin/users.csv", { maxRedirects: 0 })).status()).toBe(403);
  await adminContext.close();

  // --- nothing of Tokyo changed
  expect((await figureById(free.id)).status).toBe("Placed");
  const [still] = await db.select().from(schema.claims).where(eq(schema.claims.id, claim.id));
  expect(still.status).toBe("pending");
  const [d] = await db.select().from(schema.drops).where(eq(schema.drops.id, drop.id));
  expect(d.cancelledAt).toBeNull();
});
