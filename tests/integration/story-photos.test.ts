import { and, asc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { activityLog, booneeStories, storyPhotoReports, storyPhotos } from "../../server/db/schema.ts";
import { DomainError, type Actor } from "../../server/domain/errors.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { countReportedPhotos } from "../../server/domain/reports/open-reports.ts";
import { REPORT_RULE } from "../../server/domain/reports/report-figure.ts";
import { listStories } from "../../server/domain/stories/list-stories.ts";
import { reportStoryPhoto } from "../../server/domain/stories/report-story-photo.ts";
import { addStoryPhotos, setPhotoHidden } from "../../server/domain/stories/story-photos.ts";
import { finderStory, untaggedFigure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let moderator: Actor;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  moderator = await createStaff(s, "moderator", "Mo Moderator");
  admin = await createStaff(s, "admin", "Ada Admin");
});
afterAll(async () => s.close());

/** A JPEG carrying a GPS position and a camera make in its EXIF. */
const gpsJpeg = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#e5602a" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "54/1 19/1 2388/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "10/1 7/1 2208/100",
      },
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
    const figure = await untaggedFigure(s.db, { name: "Knipsi", status: "Found", ownerId: owner.id });
    const story = await finderStory(s.db, {
      figureId: figure.id,
      userId: owner.id,
      title: "Am Hafen",
      story: "Unter der Bank am Wasser.",
    });
    expect((await sharp(await gpsJpeg()).metadata()).exif).toBeDefined(); // the input really carries EXIF

    expect(
      await addStoryPhotos(s.db, s.storage, actor, {
        figureId: figure.id,
        storyId: story.id,
        files: [await file(), await file()],
      }),
    ).toEqual({ added: 2 });
    const stranger: Actor = { id: (await createUser(s, "Otto")).id, role: "user" };
    expect(
      await refusal(
        addStoryPhotos(s.db, s.storage, stranger, { figureId: figure.id, storyId: story.id, files: [await file()] }),
      ),
    ).toBe("forbidden");
    expect(
      await refusal(
        addStoryPhotos(s.db, s.storage, actor, {
          figureId: figure.id,
          storyId: story.id,
          files: [await file(), await file()],
        }),
      ),
    ).toBe("tooManyPhotos");
    // the author's own story sent to another figure's address, or an id that is no UUID: not found, nothing added
    const other = await untaggedFigure(s.db, { name: "Anderer" });
    expect(
      await refusal(
        addStoryPhotos(s.db, s.storage, actor, { figureId: other.id, storyId: story.id, files: [await file()] }),
      ),
    ).toBe("notFound");
    expect(
      await refusal(
        addStoryPhotos(s.db, s.storage, actor, { figureId: figure.id, storyId: "1 or 1=1", files: [await file()] }),
      ),
    ).toBe("notFound");
    expect(await s.db.$count(storyPhotos, eq(storyPhotos.storyId, story.id))).toBe(2);
    await addStoryPhotos(s.db, s.storage, actor, { figureId: figure.id, storyId: story.id, files: [await file()] });
    expect(await s.db.$count(storyPhotos, eq(storyPhotos.storyId, story.id))).toBe(3);

    const page = await getFigureDetail(s.db, null, figure.id);
    const urls = page.stories[0].photos.map((p) => p.url);
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      const meta = await sharp(await bytesAt(url)).metadata();
      expect([meta.format, meta.exif, meta.xmp, Math.max(meta.width!, meta.height!)]).toEqual([
        "webp",
        undefined,
        undefined,
        800,
      ]);
    }
    expect(page.life.find((e) => e.kind === "story")).toMatchObject({ photos: urls });

    const [first] = await s.db.select({ id: storyPhotos.id }).from(storyPhotos).where(eq(storyPhotos.url, urls[0]));
    await setPhotoHidden(s.db, moderator, { photoId: first.id, hidden: true });
    expect((await getFigureDetail(s.db, null, figure.id)).stories[0].photos.map((p) => p.url)).toEqual(urls.slice(1));
    expect(await refusal(setPhotoHidden(s.db, actor, { photoId: first.id, hidden: false }))).toBe("forbidden");
  });
});

describe(`reported finder photos on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  /** A figure owned by a new finder with a story carrying `photos` photos; returns their ids in order. */
  let urls: string[] = [];
  async function storyWithPhotos(photos = 2, opts: { author?: Actor } = {}) {
    const author = opts.author ?? { id: (await createUser(s, "Fina")).id, role: "user" as const };
    const figure = await untaggedFigure(s.db, {
      name: `Melde ${Math.random().toString(36).slice(2, 7)}`,
      status: "Found",
      ownerId: author.id,
    });
    const story = await finderStory(s.db, {
      figureId: figure.id,
      userId: author.id,
      title: "Am Kai",
      story: "Neben dem alten Kran gefunden.",
    });
    await s.db.insert(storyPhotos).values(
      Array.from({ length: photos }, (_, i) => ({
        storyId: story.id,
        url: `/uploads/stories/test-${story.id}-${i}.webp`,
      })),
    );
    // in the order the pages show them
    const rows = await s.db
      .select({ id: storyPhotos.id, url: storyPhotos.url })
      .from(storyPhotos)
      .where(eq(storyPhotos.storyId, story.id))
      .orderBy(asc(storyPhotos.createdAt), asc(storyPhotos.id));
    const ids = rows.map((r) => r.id);
    urls = rows.map((r) => r.url);
    return { author, figureId: figure.id, storyId: story.id, photoIds: ids };
  }
  const user = async (name: string): Promise<Actor> => ({ id: (await createUser(s, name)).id, role: "user" });
  const report = (actor: Actor | null, figureId: string, photoId: string) =>
    reportStoryPhoto(s.db, actor, { figureId, fields: { photoId } });
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: unknown) => (e instanceof DomainError ? e.status : String(e)),
    );
  const openReports = (photoId: string) =>
    s.db.$count(storyPhotoReports, and(eq(storyPhotoReports.photoId, photoId), isNull(storyPhotoReports.reviewedAt)));

  it("one report per person and photo (a second is a no-op that says so); two people count 2; the page marks the viewer's own", async () => {
    const { figureId, photoIds } = await storyWithPhotos();
    const [anna, bo] = [await user("Anna"), await user("Bo")];
    expect(await report(anna, figureId, photoIds[0])).toEqual({ already: false });
    expect(await report(anna, figureId, photoIds[0])).toEqual({ already: true });
    expect(await openReports(photoIds[0])).toBe(1);
    expect(await report(bo, figureId, photoIds[0])).toEqual({ already: false });
    expect(await openReports(photoIds[0])).toBe(2);

    const listed = await listStories(s.db, moderator, {});
    expect(listed.items[0].reported).toBe(true); // stories with reported photos come first
    const item = listed.items.find((i) => i.photos.some((p) => p.id === photoIds[0]))!;
    expect(item.photos.map((p) => [p.hidden, p.openReports])).toEqual([
      [false, 2],
      [false, 0],
    ]);
    expect(await countReportedPhotos(s.db)).toBeGreaterThanOrEqual(1);

    const annaSees = (await getFigureDetail(s.db, anna, figureId)).stories[0].photos;
    expect(annaSees.map((p) => p.reported)).toEqual([true, false]);
    expect((await getFigureDetail(s.db, null, figureId)).stories[0].photos.map((p) => p.reported)).toEqual([
      false,
      false,
    ]);
  });

  it("refuses: signed out 401, one's own photo 403, unknown, malformed, hidden or another figure's photo 404 — and stores nothing", async () => {
    const mine = await storyWithPhotos(1);
    const other = await storyWithPhotos(1);
    const cem = await user("Cem");
    expect(await status(report(null, mine.figureId, mine.photoIds[0]))).toBe(401);
    expect(await status(report(mine.author, mine.figureId, mine.photoIds[0]))).toBe(403);
    expect(await status(report(cem, mine.figureId, "00000000-0000-4000-8000-000000000000"))).toBe(404);
    expect(await status(report(cem, mine.figureId, "not-a-uuid"))).toBe(404);
    expect(await status(report(cem, "not-a-uuid", mine.photoIds[0]))).toBe(404);
    // another figure's photo on this figure's address
    expect(await status(report(cem, mine.figureId, other.photoIds[0]))).toBe(404);
    await setPhotoHidden(s.db, moderator, { photoId: mine.photoIds[0], hidden: true });
    expect(await status(report(cem, mine.figureId, mine.photoIds[0]))).toBe(404);
    // a photo of a hidden story is not on the page either
    await s.db.update(booneeStories).set({ hidden: true }).where(eq(booneeStories.id, other.storyId));
    expect(await status(report(cem, other.figureId, other.photoIds[0]))).toBe(404);
    // staff report like anyone else: a moderator's own photo is still their own
    const modStory = await storyWithPhotos(1, { author: moderator });
    expect(await status(report(moderator, modStory.figureId, modStory.photoIds[0]))).toBe(403);
    expect(await s.db.$count(storyPhotoReports, eq(storyPhotoReports.reporterId, cem.id))).toBe(0);
    expect(await s.db.$count(storyPhotoReports, eq(storyPhotoReports.reporterId, mine.author.id))).toBe(0);
  });

  it("reports are throttled per account like figure reports", async () => {
    const dora = await user("Dora");
    const stories = await Promise.all(Array.from({ length: 4 }, () => storyWithPhotos(3)));
    const all = stories.flatMap((st) => st.photoIds.map((id) => [st.figureId, id] as const));
    const answers = [];
    for (const [figureId, photoId] of all.slice(0, REPORT_RULE.limit + 1))
      answers.push(await status(report(dora, figureId, photoId)));
    expect(answers.slice(0, REPORT_RULE.limit)).toEqual(Array(REPORT_RULE.limit).fill(200));
    expect(answers[REPORT_RULE.limit]).toBe(429);
  });

  it("hide/show: users 403 and nothing changes; a moderator not on their own story (403); hiding reviews the reports and drops the photo from the page and the biography; showing brings it back", async () => {
    const { author, figureId, photoIds } = await storyWithPhotos(2);
    const shownUrls = urls;
    const [eli, fred] = [await user("Eli"), await user("Fred")];
    await report(eli, figureId, photoIds[1]);
    await report(fred, figureId, photoIds[1]);

    for (const actor of [eli, author, null]) {
      expect(await status(setPhotoHidden(s.db, actor, { photoId: photoIds[1], hidden: true }))).toBe(actor ? 403 : 401);
    }
    expect(await openReports(photoIds[1])).toBe(2);
    expect(
      (await s.db.select({ hidden: storyPhotos.hidden }).from(storyPhotos).where(eq(storyPhotos.id, photoIds[1])))[0]
        .hidden,
    ).toBe(false);
    expect(
      await status(setPhotoHidden(s.db, moderator, { photoId: "00000000-0000-4000-8000-000000000000", hidden: true })),
    ).toBe(404);
    expect(await status(setPhotoHidden(s.db, moderator, { photoId: "x", hidden: true }))).toBe(404);

    const own = await storyWithPhotos(1, { author: moderator });
    expect(await status(setPhotoHidden(s.db, moderator, { photoId: own.photoIds[0], hidden: true }))).toBe(403);
    expect(
      (
        await s.db.select({ hidden: storyPhotos.hidden }).from(storyPhotos).where(eq(storyPhotos.id, own.photoIds[0]))
      )[0].hidden,
    ).toBe(false);
    expect(await setPhotoHidden(s.db, admin, { photoId: own.photoIds[0], hidden: true })).toMatchObject({
      hidden: true,
    }); // admins may

    expect(await setPhotoHidden(s.db, moderator, { photoId: photoIds[1], hidden: true })).toEqual({
      hidden: true,
      reviewedReports: 2,
    });
    expect(await openReports(photoIds[1])).toBe(0);
    const [reviewed] = await s.db
      .select()
      .from(storyPhotoReports)
      .where(eq(storyPhotoReports.photoId, photoIds[1]))
      .limit(1);
    expect(reviewed.reviewedBy).toBe(moderator.id);
    const page = await getFigureDetail(s.db, eli, figureId);
    expect(page.stories[0].photos.map((p) => p.id)).toEqual([photoIds[0]]);
    const hiddenUrl = shownUrls[1];
    expect(JSON.stringify(page)).not.toContain(hiddenUrl); // neither the stories nor the biography carry it
    const listed = (await listStories(s.db, moderator, {})).items.find((i) => i.id === page.stories[0].id)!;
    expect(listed.photos.map((p) => [p.hidden, p.openReports])).toEqual([
      [false, 0],
      [true, 0],
    ]);
    // a second report by the same person stays a no-op after the review
    await setPhotoHidden(s.db, moderator, { photoId: photoIds[1], hidden: false });
    expect(await report(eli, figureId, photoIds[1])).toEqual({ already: true });
    expect(await openReports(photoIds[1])).toBe(0);
    expect(JSON.stringify(await getFigureDetail(s.db, null, figureId))).toContain(hiddenUrl);
    const log = await s.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(eq(activityLog.objectId, page.stories[0].id));
    expect(log.map((l) => l.action).sort()).toEqual(["photo.hidden", "photo.shown"]);
  });
});
