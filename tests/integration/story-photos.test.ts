import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { booneeStories, boonees, storyPhotos } from "../../server/db/schema.ts";
import { DomainError, type Actor } from "../../server/domain/errors.ts";
import { getBooneeDetail } from "../../server/domain/public-boonee.ts";
import { addStoryPhotos, setPhotoHidden } from "../../server/domain/story-photos.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let moderator: Actor;
beforeAll(async () => {
  s = await createTestServices();
  moderator = await createStaff(s, "moderator", "Mo Moderator");
});
afterAll(async () => s.close());

/** A JPEG carrying a GPS position and a camera make in its EXIF. */
const gpsJpeg = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#e5602a" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "54/1 19/1 2388/100", GPSLongitudeRef: "E", GPSLongitude: "10/1 7/1 2208/100" },
    })
    .toBuffer();
const file = async () => new File([new Uint8Array(await gpsJpeg())], "holiday.jpg", { type: "image/jpeg" });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );
const bytesAt = async (url: string) => {
  const object = await s.storage.get(url.slice("/uploads/".length));
  return Buffer.from(await new Response(object!.body).arrayBuffer());
};

describe(`finder photos on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("the author adds up to 3 photos, re-encoded to WebP without any EXIF; others may not; hidden ones are not shown", async () => {
    const owner = await createUser(s, "Fina");
    const actor: Actor = { id: owner.id, role: "user" };
    const [figure] = await s.db.insert(boonees).values({ name: "Knipsi", status: "Found", ownerId: owner.id }).returning();
    const [story] = await s.db
      .insert(booneeStories)
      .values({ booneeId: figure.id, userId: owner.id, title: "Am Hafen", story: "Unter der Bank am Wasser." })
      .returning();
    expect((await sharp(await gpsJpeg()).metadata()).exif).toBeDefined(); // the input really carries EXIF

    expect(await addStoryPhotos(s.db, s.storage, actor, { storyId: story.id, files: [await file(), await file()] })).toEqual({ added: 2 });
    const stranger: Actor = { id: (await createUser(s, "Otto")).id, role: "user" };
    expect(await refusal(addStoryPhotos(s.db, s.storage, stranger, { storyId: story.id, files: [await file()] }))).toBe("forbidden");
    expect(await refusal(addStoryPhotos(s.db, s.storage, actor, { storyId: story.id, files: [await file(), await file()] }))).toBe(
      "tooManyPhotos",
    );
    await addStoryPhotos(s.db, s.storage, actor, { storyId: story.id, files: [await file()] });
    expect(await s.db.$count(storyPhotos, eq(storyPhotos.storyId, story.id))).toBe(3);

    const page = await getBooneeDetail(s.db, null, figure.id);
    const urls = page.stories[0].photos;
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      const meta = await sharp(await bytesAt(url)).metadata();
      expect([meta.format, meta.exif, meta.xmp, Math.max(meta.width!, meta.height!)]).toEqual(["webp", undefined, undefined, 800]);
    }
    expect(page.life.find((e) => e.kind === "story")).toMatchObject({ photos: urls });

    const [first] = await s.db.select({ id: storyPhotos.id }).from(storyPhotos).where(eq(storyPhotos.url, urls[0]));
    await setPhotoHidden(s.db, moderator, { photoId: first.id, hidden: true });
    expect((await getBooneeDetail(s.db, null, figure.id)).stories[0].photos).toEqual(urls.slice(1));
    expect(await refusal(setPhotoHidden(s.db, actor, { photoId: first.id, hidden: false }))).toBe("forbidden");
  });
});
