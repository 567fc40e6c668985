import type { APIRequestContext } from "@playwright/test";
import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { exclusive, figureReport, finderStory, storyPhoto, webhookEndpoint } from "../support/factories.ts";
import { figureById, ownerWith, pngBytes, signInAsModerator, signUpQuick, tagOf } from "./admin-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, randomCode, seedFigure, signInAsAdmin, test, unique } from "./fixtures.ts";

/**
 * Every admin action (each intent of each admin route, as a document POST and as React Router's
 * `.data` request) is refused on the server for a signed-out visitor (401), a plain user (403) and —
 * for the admin-only ones — a moderator (403), and nothing changes in the database.
 */
test("every admin action is refused for visitors, plain users and (admin-only ones) moderators, and changes nothing", async ({
  browser,
}) => {
  // --- the things the requests try to change
  const type = await seedFigure({ name: `Zugriffstyp ${unique()}`, status: "Draft" });
  const target = await seedFigure({ name: `Zugriffsziel ${unique()}`, status: "Placed" });
  const ownerPage = await browser.newPage();
  const { user: owner, owned } = await ownerWith(ownerPage, [{ rarity: "Rare" }]);
  await ownerPage.close();
  const story = await finderStory(db, {
    figureId: owned[0].id,
    userId: owner.id,
    title: "Sichtbar",
    story: "Diese Story bleibt sichtbar.",
  });
  const photo = await storyPhoto(db, { storyId: story.id, url: `/uploads/stories/access-${story.id}.webp` });
  const createName = `Eindringling ${unique()}`;
  const createCode = randomCode();
  const broadcastTitle = `Einbruch ${unique()}`;
  const citySlug = `stadt-${unique()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")}`;
  const dropTitle = `Fremder Drop ${unique()}`;
  const hookUrl = `https://intruder-${unique().toLowerCase()}.example.com/hook`;
  const hook = await webhookEndpoint(db, { url: `https://kept-${unique().toLowerCase()}.example.com/hook` });
  const image = { name: "x.png", mimeType: "image/png", buffer: await pngBytes(40, 40) };
  // two open reports mark the target "maybe missing"; resolving them is for admins only
  await figureReport(db, { figureId: target.id, reporterId: owner.id, kind: "missing" });
  await figureReport(db, { figureId: target.id, reporterId: null, kind: "missing", note: "Nicht mehr da" });
  const sent = await exclusive(db, {
    title: `Archiv ${unique()}`,
    description: "Bleibt, wie es ist.",
    recipientCount: 0,
  });

  type Req = {
    name: string;
    path: string;
    adminOnly: boolean;
    body: { form: Record<string, string> } | { multipart: Record<string, string | typeof image> };
  };
  const requests: Req[] = [
    {
      name: "create",
      path: "/admin/create-boonee",
      adminOnly: true,
      body: { multipart: { intent: "create", name: createName, secretCode: createCode, image } },
    },
    {
      name: "batch",
      path: "/admin/create-boonee",
      adminOnly: true,
      body: { form: { intent: "batch", typeId: type.id, count: "3", status: "Draft" } },
    },
    {
      name: "update",
      path: "/admin/boonees",
      adminOnly: true,
      body: {
        multipart: {
          intent: "update",
          id: target.id,
          name: "Gehackt",
          status: "Archived",
          placementNote: "Im Gebüsch",
          image,
        },
      },
    },
    { name: "delete", path: "/admin/boonees", adminOnly: true, body: { form: { intent: "delete", id: target.id } } },
    {
      name: "broadcast",
      path: "/admin/content",
      adminOnly: true,
      body: {
        multipart: {
          title: broadcastTitle,
          message: "Nachricht an alle Besitzer:innen.",
          contentType: "image",
          audience: "all",
          file: image,
        },
      },
    },
    {
      name: "verify",
      path: "/admin/claims",
      adminOnly: false,
      body: { form: { intent: "verify", claimId: owned[0].claimId } },
    },
    {
      name: "hide story",
      path: "/admin/stories",
      adminOnly: false,
      body: { form: { intent: "story", storyId: story.id, hidden: "true", reason: "Enthält eine Adresse" } },
    },
    {
      name: "hide photo",
      path: "/admin/stories",
      adminOnly: false,
      body: { form: { intent: "photo", photoId: photo.id, hidden: "true" } },
    },
    {
      name: "role",
      path: "/admin/users",
      adminOnly: true,
      body: { form: { intent: "role", userId: owner.id, role: "admin" } },
    },
    {
      name: "role confirmed",
      path: "/admin/users",
      adminOnly: true,
      body: { form: { intent: "role", userId: owner.id, role: "admin", confirmed: "yes" } },
    },
    {
      name: "replace code",
      path: "/admin/boonees",
      adminOnly: true,
      body: { form: { intent: "replaceCode", id: target.id } },
    },
    {
      name: "bulk status",
      path: "/admin/boonees",
      adminOnly: true,
      body: { form: { intent: "bulkStatus", ids: target.id, status: "Archived" } },
    },
    {
      name: "edit broadcast",
      path: "/admin/content",
      adminOnly: true,
      body: { form: { intent: "edit", id: sent.id, title: "Überschrieben", message: "Eine ganz andere Nachricht." } },
    },
    {
      name: "retract broadcast",
      path: "/admin/content",
      adminOnly: true,
      body: { form: { intent: "retract", id: sent.id } },
    },
    {
      name: "reject",
      path: "/admin/claims",
      adminOnly: false,
      body: { form: { intent: "reject", claimId: owned[0].claimId, reason: "Nur ein Versuch" } },
    },
    {
      name: "block",
      path: "/admin/users",
      adminOnly: true,
      body: { form: { intent: "block", userId: owner.id, reason: "Nur ein Versuch" } },
    },
    { name: "unblock", path: "/admin/users", adminOnly: true, body: { form: { intent: "unblock", userId: owner.id } } },
    {
      name: "delete account",
      path: "/admin/users",
      adminOnly: true,
      body: { form: { intent: "delete", userId: owner.id, reason: "Nur ein Versuch" } },
    },
    { name: "activity", path: "/admin/activity", adminOnly: true, body: { form: { intent: "x" } } },
    { name: "dashboard", path: "/admin", adminOnly: false, body: { form: { intent: "x" } } },
    { name: "labels", path: "/admin/labels", adminOnly: true, body: { form: { intent: "x" } } },
    {
      name: "schedule drop",
      path: "/admin/drops",
      adminOnly: true,
      body: {
        form: {
          intent: "create",
          titleDe: dropTitle,
          titleEn: dropTitle,
          releaseAt: "2099-06-01T12:00",
          figureIds: target.id,
        },
      },
    },
    {
      name: "bind SUN tag",
      path: `/admin/sun-tag/${target.id}`,
      adminOnly: true,
      body: {
        form: {
          intent: "bind",
          mode: "explicit",
          uid: "04AABBCCDDEEFF",
          metaKey: "0".repeat(32),
          fileKey: "0".repeat(32),
        },
      },
    },
    {
      name: "unbind SUN tag",
      path: `/admin/sun-tag/${target.id}`,
      adminOnly: true,
      body: { form: { intent: "unbind" } },
    },
    {
      name: "add webhook",
      path: "/admin/webhooks",
      adminOnly: true,
      body: { form: { intent: "add", url: hookUrl, "event.figure.found": "on" } },
    },
    {
      name: "delete webhook",
      path: "/admin/webhooks",
      adminOnly: true,
      body: { form: { intent: "delete", id: hook.id } },
    },
    {
      name: "pause webhook",
      path: "/admin/webhooks",
      adminOnly: true,
      body: { form: { intent: "disable", id: hook.id } },
    },
    // cities (decision 053): admins only
    {
      name: "create city",
      path: "/admin/cities",
      adminOnly: true,
      body: {
        form: {
          intent: "create",
          nameDe: citySlug,
          nameEn: citySlug,
          slug: citySlug,
          timeZone: "Asia/Tokyo",
          defaultLang: "de",
          country: "JP",
        },
      },
    },
    {
      name: "edit city",
      path: "/admin/cities/1",
      adminOnly: true,
      body: {
        form: {
          intent: "update",
          nameDe: citySlug,
          nameEn: citySlug,
          slug: "kiel",
          timeZone: "Asia/Tokyo",
          defaultLang: "de",
          country: "JP",
        },
      },
    },
    {
      name: "city labels",
      path: "/admin/cities/1",
      adminOnly: true,
      body: { form: { intent: "labels", ready: "true" } },
    },
    { name: "deactivate city", path: "/admin/cities/1", adminOnly: true, body: { form: { intent: "deactivate" } } },
    // moderators read the reports; only an admin resolves them
    {
      name: "resolve reports (gone)",
      path: "/admin/reports",
      adminOnly: true,
      body: { form: { intent: "resolve", outcome: "gone", figureId: target.id, reason: "Weg" } },
    },
    {
      name: "resolve reports (fixed)",
      path: "/admin/reports",
      adminOnly: true,
      body: { form: { intent: "resolve", outcome: "fixed", figureId: target.id } },
    },
  ];
  const variants = (path: string) =>
    path === "/admin" ? ["/admin?index", "/admin.data?index"] : [path, `${path}.data`];

  const send = async (request: APIRequestContext, r: Req, path: string) => {
    const res = await request.post(path, { ...r.body, headers: { origin: E2E.baseURL }, maxRedirects: 0 });
    return res.status();
  };

  // --- the three callers
  const visitor = await browser.newContext();
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signUpQuick(userPage);
  const modContext = await browser.newContext();
  const modPage = await modContext.newPage();
  await signInAsModerator(modPage);

  for (const r of requests) {
    for (const path of variants(r.path)) {
      expect(await send(visitor.request, r, path), `visitor ${r.name} ${path}`).toBe(401);
      expect(await send(userPage.request, r, path), `user ${r.name} ${path}`).toBe(403);
      if (r.adminOnly) expect(await send(modPage.request, r, path), `moderator ${r.name} ${path}`).toBe(403);
    }
  }

  // --- pages: visitors go to /auth, users go home, moderators on admin-only pages get 403
  for (const path of [
    "/admin",
    "/admin/create-boonee",
    "/admin/boonees",
    "/admin/content",
    "/admin/content/recipients?audience=all",
    "/admin/claims",
    "/admin/users",
    "/admin/activity",
    "/admin/drops",
    "/admin/webhooks",
    `/admin/sun-tag/${target.id}`,
    "/admin/labels?ids=" + target.id,
    `/admin/labels?type=${type.id}&format=sticker`,
    "/admin/cities",
    "/admin/cities/1",
  ]) {
    const v = await visitor.request.get(path, { maxRedirects: 0 });
    expect(v.status(), `visitor GET ${path}`).toBe(302);
    expect(v.headers().location).toMatch(/^\/auth\?redirect=/);
    const u = await userPage.request.get(path, { maxRedirects: 0 });
    expect([u.status(), u.headers().location], `user GET ${path}`).toEqual([302, "/"]);
    const m = await modPage.request.get(path, { maxRedirects: 0 });
    if (path === "/admin" || path === "/admin/claims") expect(m.status(), `moderator GET ${path}`).toBe(200);
    else {
      // a 403 page saying why, with the way back to their own dashboard
      expect(m.status(), `moderator GET ${path}`).toBe(403);
      if (path.startsWith("/admin/content/recipients")) continue; // a count for the form's script, no page
      const html = await m.text();
      expect(html, `moderator GET ${path}`).toContain("Diese Seite können nur Admins öffnen.");
      expect(html, `moderator GET ${path}`).toContain('href="/admin"');
    }
  }

  // --- CSV downloads: visitors sign in first, plain users get 403, moderators only the claims
  for (const path of ["/admin/boonees.csv", "/admin/claims.csv", "/admin/users.csv"]) {
    const v = await visitor.request.get(path, { maxRedirects: 0 });
    expect([v.status(), v.headers().location], `visitor GET ${path}`).toEqual([
      302,
      `/auth?redirect=${encodeURIComponent(path)}`,
    ]);
    expect((await userPage.request.get(path, { maxRedirects: 0 })).status(), `user GET ${path}`).toBe(403);
    const m = await modPage.request.get(path, { maxRedirects: 0 });
    expect(m.status(), `moderator GET ${path}`).toBe(path === "/admin/claims.csv" ? 200 : 403);
  }

  // --- nothing changed
  expect(await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.url, hookUrl))).toHaveLength(
    0,
  );
  expect(await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, hook.id))).toMatchObject([
    { disabledAt: null },
  ]);
  expect(await db.select().from(schema.cities).where(eq(schema.cities.slug, citySlug))).toHaveLength(0);
  expect(await db.select().from(schema.cities).where(eq(schema.cities.id, 1))).toMatchObject([
    { slug: "kiel", timeZone: "Europe/Berlin", active: true, labelsReadyAt: null },
  ]);
  expect(await db.select().from(schema.boonees).where(eq(schema.boonees.name, createName))).toHaveLength(0);
  expect(await db.select().from(schema.tags).where(eq(schema.tags.secretCode, createCode))).toHaveLength(0);
  expect(await db.select().from(schema.boonees).where(eq(schema.boonees.typeId, type.id))).toHaveLength(0);
  expect(await figureById(target.id)).toMatchObject({
    name: target.name,
    status: "Placed",
    imageUrl: null,
    placementNote: null,
  });
  expect(
    await db.select().from(schema.exclusiveContent).where(eq(schema.exclusiveContent.title, broadcastTitle)),
  ).toHaveLength(0);
  expect(await db.select().from(schema.drops).where(eq(schema.drops.titleDe, dropTitle))).toHaveLength(0);
  expect(
    await db.select().from(schema.notifications).where(eq(schema.notifications.title, broadcastTitle)),
  ).toHaveLength(0);
  const [claim] = await db.select().from(schema.claims).where(eq(schema.claims.id, owned[0].claimId));
  expect(claim).toMatchObject({ verified: false, status: "pending" });
  const reports = await db.select().from(schema.figureReports).where(eq(schema.figureReports.figureId, target.id));
  expect(reports.map((r) => r.resolvedAt)).toEqual([null, null]);
  expect((await tagOf(target.id)).secretCode).toBe(target.code);
  expect((await tagOf(target.id)).sunMode).toBeNull();
  expect((await tagOf(owned[0].id)).secretCode).toBe(owned[0].code);
  expect(
    (await db.select().from(schema.exclusiveContent).where(eq(schema.exclusiveContent.id, sent.id)))[0],
  ).toMatchObject({
    title: sent.title,
    description: "Bleibt, wie es ist.",
  });
  expect((await db.select().from(schema.profiles).where(eq(schema.profiles.id, owner.id)))[0]).toMatchObject({
    blockedAt: null,
    deletedAt: null,
    email: owner.email,
  });
  expect(await db.select().from(schema.activityLog).where(eq(schema.activityLog.objectId, sent.id))).toHaveLength(0);
  const ownerNotes = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, owner.id));
  expect(ownerNotes.filter((n) => n.type === "other")).toHaveLength(0);
  expect((await db.select().from(schema.booneeStories).where(eq(schema.booneeStories.id, story.id)))[0].hidden).toBe(
    false,
  );
  expect((await db.select().from(schema.storyPhotos).where(eq(schema.storyPhotos.id, photo.id)))[0].hidden).toBe(false);
  expect(
    (await db.select().from(schema.userRoles).where(eq(schema.userRoles.userId, owner.id))).map((r) => r.role),
  ).toEqual(["user"]);

  // --- control: the same requests are well-formed — the right roles get them through
  const verify = requests.find((r) => r.name === "verify")!;
  expect(await send(modPage.request, verify, verify.path)).toBe(200);
  expect((await db.select().from(schema.claims).where(eq(schema.claims.id, owned[0].claimId)))[0].verified).toBe(true);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage);
  const update = requests.find((r) => r.name === "update")!;
  expect(await send(adminPage.request, update, update.path)).toBe(200);
  expect(await figureById(target.id)).toMatchObject({
    name: "Gehackt",
    status: "Archived",
    placementNote: "Im Gebüsch",
  });
  await adminContext.close();

  await visitor.close();
  await userContext.close();
  await modContext.close();
});
