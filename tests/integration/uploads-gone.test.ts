import { existsSync, mkdtempSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { boonees, drops, exclusiveContent, storyPhotos } from "../../server/db/schema.ts";
import { blockAccount } from "../../server/domain/accounts/block-account.ts";
import { deleteAccount } from "../../server/domain/accounts/own-data.ts";
import { removeAccount } from "../../server/domain/accounts/remove-account.ts";
import { DomainError, type Actor } from "../../server/domain/errors.ts";
import { deleteFigure } from "../../server/domain/figures/delete-figure.ts";
import { deleteOwnStory } from "../../server/domain/stories/edit-own-story.ts";
import { setStoryHidden } from "../../server/domain/stories/hide-story.ts";
import { addStoryPhotos, UPLOAD_RULE } from "../../server/domain/stories/story-photos.ts";
import { createHttpApp } from "../../server/http.ts";
import { createS3Storage } from "../../server/storage/s3.ts";
import type { Storage } from "../../server/storage/storage.ts";
import { SWEEP_GRACE_MS, sweepOrphanUploads } from "../../server/uploads/orphan-sweep.ts";
import { storeImage, storeVideo } from "../../server/uploads/process-upload.ts";
import { keysOfUrl } from "../../server/uploads/upload-references.ts";
import { finderStory, untaggedFigure } from "../support/factories.ts";
import { freePort, ROOT } from "../support/instances.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 34 item 2: what a person deletes or staff hide is gone. For both upload drivers (this
// instance's folder and an S3-compatible bucket, s3rver on loopback) and both databases: a finder
// photo's URL after its story is deleted or hidden, its author blocked or deleted (by themselves or an
// admin), its figure deleted; refused uploads and the upload throttle; the orphan sweep.
const buildDir = path.join(ROOT, process.env.BUILD_DIR ?? "build");
const hasBuild = existsSync(path.join(buildDir, "server/index.js"));

let s: TestServices;
let s3server: S3rver;
let s3Dir = "";
let admin: Actor;
let moderator: { id: string; cookie: string };
const drivers: Record<"local" | "s3", { storage: Storage; base: string; server?: ServerType }> = {} as never;

beforeAll(async () => {
  if (!hasBuild && !process.env.CI) return;
  s = await createTestServices();
  admin = await createStaff(s, "admin", "Ada Admin");
  moderator = await createUser(s, "Mo Moderator");
  await s.db.execute(sql`update user_roles set role = 'moderator' where user_id = ${moderator.id}`);
  // a moderator works for his cities' files (decision 059): this one for every city, as `cli grant-role` makes one
  await s.db.execute(sql`insert into city_staff (user_id, city_id) select ${moderator.id}, id from cities`);
  s3Dir = mkdtempSync(path.join(tmpdir(), "s3rver-gone-"));
  s3server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "boonees-gone", configs: [] }],
  });
  const { port } = (await s3server.run()) as unknown as { port: number };
  const bucket = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "boonees-gone",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  for (const [kind, storage] of [
    ["local", s.storage],
    ["s3", bucket],
  ] as const) {
    const { app } = createHttpApp({ ...s, storage }, build, { clientDir: path.join(buildDir, "client") });
    const appPort = await freePort();
    drivers[kind] = {
      storage,
      base: `http://127.0.0.1:${appPort}`,
      server: serve({ fetch: app.fetch, port: appPort, hostname: "127.0.0.1" }),
    };
  }
}, 180_000); // importing the server build is slow on a busy machine

afterAll(async () => {
  for (const d of Object.values(drivers)) d.server?.close();
  await s3server?.close();
  await s?.close();
});

const png = async (color = "#e5602a") =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 16, height: 12, channels: 3, background: color } })
          .png()
          .toBuffer(),
      ),
    ],
    "photo.png",
    {
      type: "image/png",
    },
  );
const notAnImage = () =>
  new File([new TextEncoder().encode("#!/bin/sh\necho not a photo\n")], "photo.jpg", { type: "image/jpeg" });
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DomainError ? `${e.code} ${e.status}` : String(e)),
  );

/** Every key the driver holds under an upload folder. */
async function storedKeys(storage: Storage) {
  const keys: string[] = [];
  for await (const { key } of storage.list()) if (!key.startsWith("health/")) keys.push(key);
  return keys.sort();
}
const isStored = async (storage: Storage, key: string) => {
  const object = await storage.get(key);
  await object?.body.cancel();
  return object !== null;
};

describe.skipIf(!hasBuild && !process.env.CI).each(["local", "s3"] as const)(
  `uploads that are gone, %s storage, on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
  (kind) => {
    const storage = () => drivers[kind].storage;
    const get = (url: string, cookie?: string) =>
      fetch(drivers[kind].base + url, { headers: cookie ? { cookie } : {} });
    const status = async (url: string, cookie?: string) => {
      const res = await get(url, cookie);
      await res.arrayBuffer();
      return res.status;
    };

    /** An author with a figure, a story on it and one photo added the way the page adds it. */
    async function storyWithPhoto(name: string) {
      const author = await createUser(s, name);
      const actor: Actor = { id: author.id, role: "user" };
      const figure = await untaggedFigure(s.db, { name: `Figur von ${name}`, status: "Found", ownerId: author.id });
      const story = await finderStory(s.db, {
        figureId: figure.id,
        userId: author.id,
        title: `Fund von ${name}`,
        story: "Unter der Brücke am Kanal.",
      });
      await addStoryPhotos(s.db, storage(), actor, { figureId: figure.id, storyId: story.id, files: [await png()] });
      const [photo] = await s.db
        .select()
        .from(storyPhotos)
        .where(sql`${storyPhotos.storyId} = ${story.id}`);
      const keys = keysOfUrl(photo.url);
      expect(keys).toHaveLength(2); // the detail and the card size
      for (const key of keys) expect(await isStored(storage(), key)).toBe(true);
      expect(await status(photo.url)).toBe(200);
      return { author, actor, figure, story, url: photo.url, card: photo.url.replace(/\.webp$/, "-card.webp"), keys };
    }

    async function expectGone(photo: { url: string; card: string; keys: string[] }) {
      for (const url of [photo.url, photo.card]) {
        expect(await status(url), url).toBe(404);
        expect(await status(url, moderator.cookie), url).toBe(404); // no file left for anyone
      }
      for (const key of photo.keys) expect(await isStored(storage(), key), key).toBe(false);
    }

    it("a story its author deletes takes its photos along: 404, and no size of the file is left", async () => {
      const photo = await storyWithPhoto("Lösch");
      await deleteOwnStory(s.db, storage(), photo.actor, { storyId: photo.story.id });
      await expectGone(photo);
    });

    it("a story a moderator hides hides its photos: 404 for visitors, the author and other collectors, 200 uncached for staff; shown again, public again", async () => {
      const photo = await storyWithPhoto("Versteck");
      const other = await createUser(s, "Neugier");
      await setStoryHidden(
        s.db,
        { id: moderator.id, role: "moderator" },
        { storyId: photo.story.id, hidden: true, reason: "Privates Grundstück" },
      );
      for (const url of [photo.url, photo.card]) {
        expect(await status(url), url).toBe(404);
        expect(await status(url, other.cookie), url).toBe(404);
        expect(await status(url, photo.author.cookie), url).toBe(404);
        const staff = await get(url, moderator.cookie);
        expect(staff.status, url).toBe(200);
        expect(staff.headers.get("cache-control"), url).toBe("private, no-store");
        await staff.arrayBuffer();
      }
      await setStoryHidden(s.db, { id: moderator.id, role: "moderator" }, { storyId: photo.story.id, hidden: false });
      const shown = await get(photo.url);
      expect(shown.status).toBe(200);
      expect(shown.headers.get("cache-control")).toBe("public, max-age=300");
      await shown.arrayBuffer();
    });

    it("a blocked author's photos are out of public view like their stories", async () => {
      const photo = await storyWithPhoto("Gesperrt");
      await blockAccount(s.db, admin, { userId: photo.author.id, reason: "Spam" });
      expect(await status(photo.url)).toBe(404);
      expect(await status(photo.card)).toBe(404);
      expect(await status(photo.url, moderator.cookie)).toBe(200);
    });

    it("an account deleted by its owner takes the owner's photos along", async () => {
      const photo = await storyWithPhoto("Selbst");
      await deleteAccount(s.db, storage(), photo.actor);
      await expectGone(photo);
    });

    it("an account an admin deletes takes the person's photos along", async () => {
      const photo = await storyWithPhoto("Entfernt");
      await removeAccount(s.db, storage(), admin, { userId: photo.author.id, reason: "Auf eigenen Wunsch per E-Mail" });
      await expectGone(photo);
    });

    it("a deleted figure takes its stories' photos, its picture, video and exclusive files along, but not a file another row still uses", async () => {
      const photo = await storyWithPhoto("Figurweg");
      const picture = await storeImage(storage(), await png("#6b3fd1"), "images");
      const shared = await storeImage(storage(), await png("#00aa00"), "images");
      const video = await storeVideo(
        storage(),
        new File(
          [
            new Uint8Array([
              0, 0, 0, 24, 102, 116, 121, 112, 109, 112, 52, 50, 0, 0, 0, 0, 109, 112, 52, 50, 105, 115, 111, 109,
            ]),
          ],
          "v.mp4",
        ),
        "videos",
      );
      const exclusive = await storeImage(storage(), await png("#0000ff"), "exclusive");
      await s.db
        .update(boonees)
        .set({ imageUrl: picture, welcomeVideoUrl: video })
        .where(sql`${boonees.id} = ${photo.figure.id}`);
      await s.db.insert(exclusiveContent).values({
        title: "Nur für dich",
        contentType: "image",
        url: exclusive,
        figureId: photo.figure.id,
        audience: "boonee",
      });
      // a second figure shares a picture with a third: deleting one keeps it
      const one = await untaggedFigure(s.db, { name: "Zwilling A", imageUrl: shared });
      await untaggedFigure(s.db, { name: "Zwilling B", imageUrl: shared });

      await deleteFigure(s.db, storage(), admin, { id: photo.figure.id });
      await deleteFigure(s.db, storage(), admin, { id: one.id });

      await expectGone(photo);
      for (const url of [picture, video, exclusive])
        for (const key of keysOfUrl(url)) expect(await isStored(storage(), key), key).toBe(false);
      for (const key of keysOfUrl(shared)) expect(await isStored(storage(), key), key).toBe(true);
      expect(await status(shared)).toBe(200);
    });

    it("a refused upload writes nothing: nine 4th photos, a wrong type beside a good photo", async () => {
      const author = await createUser(s, "Viel");
      const actor: Actor = { id: author.id, role: "user" };
      const figure = await untaggedFigure(s.db, { name: "Vollbild", status: "Found", ownerId: author.id });
      const story = await finderStory(s.db, {
        figureId: figure.id,
        userId: author.id,
        title: "Drei",
        story: "Drei Fotos reichen.",
      });
      const second = await finderStory(s.db, {
        figureId: figure.id,
        userId: author.id,
        title: "Noch eins",
        story: "Eine zweite Story.",
      });
      await addStoryPhotos(s.db, storage(), actor, {
        figureId: figure.id,
        storyId: story.id,
        files: [await png(), await png(), await png()],
      });
      const before = await storedKeys(storage());
      for (let i = 0; i < 9; i++) {
        expect(
          await codeOf(
            addStoryPhotos(s.db, storage(), actor, { figureId: figure.id, storyId: story.id, files: [await png()] }),
          ),
        ).toBe("tooManyPhotos 400");
      }
      expect(
        await codeOf(
          addStoryPhotos(s.db, storage(), actor, {
            figureId: figure.id,
            storyId: second.id,
            files: [await png(), notAnImage()],
          }),
        ),
      ).toBe("imageUpload 415");
      expect(await storedKeys(storage())).toEqual(before);
      expect(await s.db.$count(storyPhotos, sql`${storyPhotos.storyId} in (${story.id}, ${second.id})`)).toBe(3);
    });

    it(`throttles uploads per account: after ${UPLOAD_RULE.limit} in an hour the next is refused with 429 and stores nothing; admins are not counted`, async () => {
      const author = await createUser(s, "Eifrig");
      const actor: Actor = { id: author.id, role: "user" };
      const figure = await untaggedFigure(s.db, { name: "Dauerfoto", status: "Found", ownerId: author.id });
      const story = await finderStory(s.db, {
        figureId: figure.id,
        userId: author.id,
        title: "Viele",
        story: "Immer wieder neu.",
      });
      // refused attempts count too: each costs the work of decoding
      for (let i = 0; i < UPLOAD_RULE.limit; i++) {
        expect(
          await codeOf(
            addStoryPhotos(s.db, storage(), actor, { figureId: figure.id, storyId: story.id, files: [notAnImage()] }),
          ),
        ).toBe("imageUpload 415");
      }
      const before = await storedKeys(storage());
      const refused = await codeOf(
        addStoryPhotos(s.db, storage(), actor, { figureId: figure.id, storyId: story.id, files: [await png()] }),
      );
      expect(refused).toBe("tooMany 429");
      expect(await storedKeys(storage())).toEqual(before);
      expect(await s.db.$count(storyPhotos, sql`${storyPhotos.storyId} = ${story.id}`)).toBe(0);
      // another person is not affected
      const fresh = await storyWithPhoto("Anders");
      expect(fresh.keys).toHaveLength(2);
      // an admin's uploads are not counted
      const own = await finderStory(s.db, {
        figureId: figure.id,
        userId: admin.id,
        title: "Team",
        story: "Vom Team geschrieben.",
      });
      for (let i = 0; i <= UPLOAD_RULE.limit; i++) {
        expect(
          await codeOf(
            addStoryPhotos(s.db, storage(), admin, { figureId: figure.id, storyId: own.id, files: [notAnImage()] }),
          ),
        ).toBe("imageUpload 415");
      }
    });

    it("a drop's hint photo is 404 for visitors and collectors until the drop is released, 200 after; staff always", async () => {
      const collector = await createUser(s, "Sucher");
      const hint = await storeImage(storage(), await png("#123456"), "hints");
      const legacy = await storeImage(storage(), await png("#654321"), "images"); // stored before hints/ existed
      const [drop] = await s.db
        .insert(drops)
        .values({
          titleDe: "Geheim",
          titleEn: "Secret",
          hintImageUrl: hint,
          releaseAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      const [old] = await s.db
        .insert(drops)
        .values({ titleDe: "Alt", titleEn: "Old", hintImageUrl: legacy, releaseAt: new Date(Date.now() + 86_400_000) })
        .returning();
      for (const url of [hint, hint.replace(/\.webp$/, "-card.webp"), legacy]) {
        expect(await status(url), url).toBe(404);
        expect(await status(url, collector.cookie), url).toBe(404);
        const staff = await get(url, moderator.cookie);
        expect(staff.status, url).toBe(200);
        expect(staff.headers.get("cache-control"), url).toBe("private, no-store");
        await staff.arrayBuffer();
      }
      await s.db.execute(sql`update drops set released_at = now() where id in (${drop.id}, ${old.id})`);
      for (const url of [hint, legacy]) expect(await status(url), url).toBe(200);
      // a cancelled drop never became public: its photo stays out of view
      const cancelledPhoto = await storeImage(storage(), await png("#abcdef"), "hints");
      await s.db.insert(drops).values({
        titleDe: "Abgesagt",
        titleEn: "Cancelled",
        hintImageUrl: cancelledPhoto,
        releaseAt: new Date(),
        cancelledAt: new Date(),
      });
      expect(await status(cancelledPhoto)).toBe(404);
    });

    it("the sweep removes an upload no row points to once it is older than the grace period, and keeps young ones, referenced ones and what is not an upload", async () => {
      const kept = await storyWithPhoto("Bleibt");
      const orphan = await storeImage(storage(), await png("#ff00ff"), "stories");
      const young = await storeImage(storage(), await png("#00ffff"), "stories");
      await storage().put("health/ready-probe.txt", new TextEncoder().encode("ok"), "text/plain");
      const hour = 3_600_000;
      // an hour and a half ago: the orphan and the referenced photo (the young orphan was just written)
      for (const key of [...keysOfUrl(orphan), ...kept.keys, "health/ready-probe.txt"])
        await backdate(kind, key, hour * 1.5);

      const result = await sweepOrphanUploads(s.db, storage(), SWEEP_GRACE_MS);
      expect(result.removed).toBeGreaterThanOrEqual(2);
      for (const key of keysOfUrl(orphan)) expect(await isStored(storage(), key), key).toBe(false);
      for (const key of [...keysOfUrl(young), ...kept.keys, "health/ready-probe.txt"])
        expect(await isStored(storage(), key), key).toBe(true);
      expect(await status(kept.url)).toBe(200);
      // a second sweep finds nothing more to do
      expect((await sweepOrphanUploads(s.db, storage(), SWEEP_GRACE_MS)).removed).toBe(0);
    });
  },
);

/** Sets a stored object's modification time back, as if it had been written `ago` milliseconds ago. */
async function backdate(kind: "local" | "s3", key: string, ago: number) {
  const when = new Date(Date.now() - ago);
  if (kind === "local") return utimesSync(path.join(s.config.dataDir, "uploads", key), when, when);
  // s3rver keeps each object as a file "<name>._S3rver_object" and reports its mtime as LastModified
  const parts = key.split("/");
  const name = parts.pop()!;
  utimesSync(path.join(s3Dir, "boonees-gone", ...parts, `${name}._S3rver_object`), when, when);
}
