import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { exclusiveContent, storyPhotos } from "../../server/db/schema.ts";
import { setRole } from "../../server/domain/accounts/change-role.ts";
import { hiddenPhotoQuery, mediaAccessQuery } from "../../server/domain/media-access.ts";
import { createHttpApp } from "../../server/http.ts";
import { storeImage } from "../../server/uploads/process-upload.ts";
import { finderStory, untaggedFigure } from "../support/factories.ts";
import { freePort, ROOT } from "../support/instances.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Exclusive uploads and welcome videos over HTTP (issue 12): only whoever may see them gets the file,
// with private caching; figure pictures stay public and immutable. Both databases.
const buildDir = path.join(ROOT, process.env.BUILD_DIR ?? "build");
const hasBuild = existsSync(path.join(buildDir, "server/index.js"));

let s: TestServices;
let server: ServerType;
let base = "";
const users: Record<"owner" | "other" | "noFigure" | "admin", { id: string; cookie: string }> = {} as never;
const urls = {
  welcome: "",
  forFigure: "",
  forFigureCard: "",
  forAll: "",
  forLegendary: "",
  picture: "",
  missing: "/uploads/exclusive/00000000-0000-4000-8000-000000000000.webp",
};

const png = async (color: string) =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
          .png()
          .toBuffer(),
      ),
    ],
    { type: "image/png" },
  );

beforeAll(async () => {
  if (!hasBuild && !process.env.CI) return;
  s = await createTestServices();
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const { app } = createHttpApp(s, build, { clientDir: path.join(buildDir, "client") });
  const port = await freePort();
  server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${port}`;
  for (const name of ["owner", "other", "noFigure", "admin"] as const) users[name] = await createUser(s, name);
  await setRole(s.db, users.admin.id, "admin");

  // a welcome video (stored as the admin form stores it: videos/<uuid>.mp4) on the owner's Legendary figure
  urls.welcome = await s.storage.put(
    "videos/7d1c9a52-0d7e-4a8c-9a57-1f3e2b0c4d11.mp4",
    new Uint8Array([
      0, 0, 0, 24, 102, 116, 121, 112, 109, 112, 52, 50, 0, 0, 0, 0, 109, 112, 52, 50, 105, 115, 111, 109,
    ]),
    "video/mp4",
  );
  const owned = (
    await untaggedFigure(s.db, {
      name: "Medienfigur",
      status: "Found",
      ownerId: users.owner.id,
      rarity: "Legendary",
      welcomeVideoUrl: urls.welcome,
    })
  ).id;
  await untaggedFigure(s.db, { name: "Medienfigur", status: "Found", ownerId: users.other.id, rarity: "Common" });
  urls.picture = await storeImage(s.storage, await png("#6b3fd1"), "images");
  await untaggedFigure(s.db, { name: "Öffentlich", imageUrl: urls.picture });

  // exclusive files: one for the owner's figure, one for all owners, one for Legendary owners
  urls.forFigure = await storeImage(s.storage, await png("#ff0000"), "exclusive");
  urls.forFigureCard = urls.forFigure.replace(/\.webp$/, "-card.webp");
  urls.forAll = await storeImage(s.storage, await png("#00ff00"), "exclusive");
  urls.forLegendary = await storeImage(s.storage, await png("#0000ff"), "exclusive");
  await s.db.insert(exclusiveContent).values([
    { title: "Nur für dich", contentType: "image", url: urls.forFigure, figureId: owned, audience: "boonee" },
    { title: "Für alle Besitzer", contentType: "image", url: urls.forAll, audience: "all" },
    {
      title: "Für Legendary",
      contentType: "image",
      url: urls.forLegendary,
      audience: "rarity",
      audienceRarity: "Legendary",
    },
  ]);
}, 180_000); // importing the server build is slow on a busy machine

afterAll(async () => {
  server?.close();
  await s?.close();
});

const get = (url: string, who?: keyof typeof users) =>
  fetch(base + url, { headers: who ? { cookie: users[who].cookie } : {} });
const status = async (url: string, who?: keyof typeof users) => (await get(url, who)).status;

describe.skipIf(!hasBuild && !process.env.CI)(
  `owner-only media on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
  () => {
    it("serves a welcome video to the figure's owner and admins only, privately cached", async () => {
      const mine = await get(urls.welcome, "owner");
      expect(mine.status).toBe(200);
      expect(mine.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
      expect(new Uint8Array(await mine.arrayBuffer()).length).toBe(24);
      expect(await status(urls.welcome, "admin")).toBe(200);
      expect(await status(urls.welcome, "other")).toBe(403);
      expect(await status(urls.welcome)).toBe(403);
    });

    it("serves an exclusive file to whoever sees its item in the exclusive area", async () => {
      expect(await status(urls.forFigure, "owner")).toBe(200);
      expect(await status(urls.forFigureCard, "owner")).toBe(200);
      expect(await status(urls.forFigure, "other")).toBe(403);
      expect(await status(urls.forFigureCard, "other")).toBe(403);
      expect(await status(urls.forFigure)).toBe(403);
      // all owners: anyone who owns a figure, not an account without one
      expect(await status(urls.forAll, "other")).toBe(200);
      expect(await status(urls.forAll, "noFigure")).toBe(403);
      // a rarity: its owners only
      expect(await status(urls.forLegendary, "owner")).toBe(200);
      expect(await status(urls.forLegendary, "other")).toBe(403);
      expect(await status(urls.forLegendary, "admin")).toBe(200);
    });

    it("does not tell whether an owner-only file exists", async () => {
      expect(await status(urls.missing, "other")).toBe(403);
      expect(await status(urls.missing)).toBe(403);
      expect(await status(urls.missing, "admin")).toBe(404);
    });

    it("keeps figure pictures public and immutable", async () => {
      const res = await get(urls.picture);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await status(urls.picture.replace(/\.webp$/, "-card.webp"))).toBe(200);
    });

    it("answers a hidden finder photo's file with 404 (staff still see it), and never caches a photo for a year", async () => {
      const author = await createUser(s, "Fina");
      const moderator = await createUser(s, "Moda");
      await setRole(s.db, moderator.id, "moderator");
      const story = await finderStory(s.db, {
        figureId: (
          await untaggedFigure(s.db, { name: "Medienfigur", status: "Found", ownerId: author.id, rarity: "Common" })
        ).id,
        userId: author.id,
        title: "Am Kai",
        story: "Unter dem Kran am Kai.",
      });
      const url = await storeImage(s.storage, await png("#ffaa00"), "stories");
      const card = url.replace(/\.webp$/, "-card.webp");
      const [photo] = await s.db.insert(storyPhotos).values({ storyId: story.id, url }).returning();
      const shown = await get(url);
      expect(shown.status).toBe(200);
      // hiding must reach caches soon: no year-long immutable copy of a photo a moderator may take down
      expect(shown.headers.get("cache-control")).toBe("public, max-age=300");
      await s.db.update(storyPhotos).set({ hidden: true }).where(eq(storyPhotos.id, photo.id));
      for (const u of [url, card]) {
        expect(await status(u), u).toBe(404);
        expect(await status(u, "noFigure"), u).toBe(404);
        expect(await status(u, "owner"), u).toBe(404);
        const staff = await fetch(base + u, { headers: { cookie: moderator.cookie } }); // reviewing it on the stories tab
        expect(staff.status, u).toBe(200);
        expect(staff.headers.get("cache-control"), u).toBe("private, no-store");
        expect(await status(u, "admin"), u).toBe(200);
      }
      await s.db.update(storyPhotos).set({ hidden: false }).where(eq(storyPhotos.id, photo.id));
      expect(await status(url)).toBe(200);
    });

    it.skipIf(!process.env.TEST_DATABASE_URL)("finds a finder photo by its URL index among 3,000 photos", async () => {
      const author = await createUser(s, "Viele");
      const story = await finderStory(s.db, {
        figureId: (
          await untaggedFigure(s.db, { name: "Medienfigur", status: "Found", ownerId: author.id, rarity: "Common" })
        ).id,
        userId: author.id,
        title: "Viele",
        story: "Sehr viele Fotos hier.",
      });
      await s.db
        .insert(storyPhotos)
        .values(Array.from({ length: 3000 }, (_, i) => ({ storyId: story.id, url: `/uploads/stories/old-${i}.webp` })));
      await s.db.execute(sql`analyze story_photos`);
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        s.db,
        sql`explain ${hiddenPhotoQuery("stories/old-7.webp")}`,
      );
      expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index (Only )?Scan using story_photos_url_idx/);
    });

    it.skipIf(!process.env.TEST_DATABASE_URL)(
      "finds an exclusive file's item by its URL index among 3,000 items",
      async () => {
        await s.db.insert(exclusiveContent).values(
          Array.from({ length: 3000 }, (_, i) => ({
            title: `Alt ${i}`,
            contentType: "image" as const,
            url: `/uploads/exclusive/old-${i}.webp`,
            audience: "all" as const,
          })),
        );
        await s.db.execute(sql`analyze exclusive_content`);
        const plan = await queryRows<{ "QUERY PLAN": string }>(
          s.db,
          sql`explain ${mediaAccessQuery(users.owner.id, urls.forFigure.slice("/uploads/".length))}`,
        );
        expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index Scan using exclusive_content_url_idx/);
        expect(await status(urls.forFigure, "owner")).toBe(200);
      },
    );
  },
);
