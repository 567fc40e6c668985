import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { cities, exclusiveContent, storyPhotos } from "../../server/db/schema.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { mediaPolicy } from "../../server/domain/media-access.ts";
import { drop, figure, finderStory, uniqueName } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Staff per city (decision 058) on the upload route's policy: a file only staff may see (a hidden finder
// photo, a waiting drop's hint photo, a welcome video, a broadcast's file) is seen by the staff of its city
// only. A Lübeck moderator or admin asking for Tokyo's files is told what a visitor is told.
let s: TestServices;
let luebeck: number;
let tokyo: number;
const keys = { photo: "", hint: "", video: "", exclusive: "" };
let staff: Record<"luebeckModerator" | "luebeckAdmin" | "tokyoModerator" | "tokyoAdmin" | "globalAdmin", Actor>;

const newCity = async (nameDe: string, timeZone: string) => {
  const [row] = await s.db
    .insert(cities)
    .values({
      slug: uniqueName(nameDe)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-"),
      nameDe,
      nameEn: nameDe,
      timeZone,
    })
    .returning({ id: cities.id });
  return row.id;
};

/** The answer the route gives: the cache rule when served, else the refusal's code. */
const answer = async (actor: Actor | null, key: string) => {
  try {
    return (await mediaPolicy(s.db, async () => actor, key)).cacheControl;
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
};

beforeAll(async () => {
  s = await createTestServices();
  luebeck = await newCity("Lübeck", "Europe/Berlin");
  tokyo = await newCity("Tokio", "Asia/Tokyo");
  const id = () => crypto.randomUUID();
  keys.photo = `stories/${id()}.webp`;
  keys.hint = `hints/${id()}.webp`;
  keys.video = `videos/${id()}.mp4`;
  keys.exclusive = `exclusive/${id()}.webp`;
  const finder = await createUser(s, "Tokioter Finderin");
  const f = await figure(s.db, { name: "Tokio-Kobold", status: "Found", cityId: tokyo, ownerId: finder.id });
  const story = await finderStory(s.db, { figureId: f.id, userId: finder.id });
  await s.db.insert(storyPhotos).values({ storyId: story.id, url: `/uploads/${keys.photo}`, hidden: true });
  await drop(s.db, { cityId: tokyo, hintImageUrl: `/uploads/${keys.hint}` });
  await figure(s.db, { name: "Tokio-Video", cityId: tokyo, welcomeVideoUrl: `/uploads/${keys.video}` });
  await s.db.insert(exclusiveContent).values({
    title: "Nur Tokio",
    contentType: "image",
    url: `/uploads/${keys.exclusive}`,
    cityId: tokyo,
  });
  const person = async (role: Actor["role"], cityIds: number[] | null): Promise<Actor> => ({
    id: (await createUser(s, `Staff ${role}`)).id,
    role,
    cities: cityIds,
  });
  staff = {
    luebeckModerator: await person("moderator", [luebeck]),
    luebeckAdmin: await person("admin", [luebeck]),
    tokyoModerator: await person("moderator", [tokyo]),
    tokyoAdmin: await person("admin", [tokyo, luebeck]),
    globalAdmin: await person("admin", null),
  };
});
afterAll(async () => s.close());

describe(`uploads per city on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("gives a Lübeck moderator and a Lübeck admin nothing of Tokyo's staff-only files", async () => {
    // a hidden finder photo and a waiting hint photo: 404, as for a visitor
    for (const who of [staff.luebeckModerator, staff.luebeckAdmin, null]) {
      expect(await answer(who, keys.photo)).toBe("notFound");
      expect(await answer(who, keys.hint)).toBe("notFound");
    }
    // a Tokyo welcome video and a Tokyo broadcast's file: 403 for a Lübeck admin who owns nothing there
    expect(await answer(staff.luebeckAdmin, keys.video)).toBe("forbidden");
    expect(await answer(staff.luebeckAdmin, keys.exclusive)).toBe("forbidden");
    expect(await answer(staff.luebeckModerator, keys.video)).toBe("forbidden");
  });

  it("serves them, uncached or private, to Tokyo's staff and to a global admin", async () => {
    for (const who of [staff.tokyoModerator, staff.tokyoAdmin, staff.globalAdmin]) {
      expect(await answer(who, keys.photo)).toBe("private, no-store");
      expect(await answer(who, keys.hint)).toBe("private, no-store");
    }
    for (const who of [staff.tokyoAdmin, staff.globalAdmin]) {
      expect(await answer(who, keys.video)).toBe("private, max-age=600");
      expect(await answer(who, keys.exclusive)).toBe("private, max-age=600");
    }
    // a moderator reviews photos and hints, but files for owners stay the owners' (as before cities)
    expect(await answer(staff.tokyoModerator, keys.video)).toBe("forbidden");
  });

  it("keeps a file of no city (a broadcast to every city) for global admins", async () => {
    const key = `exclusive/${crypto.randomUUID()}.webp`;
    await s.db
      .insert(exclusiveContent)
      .values({ title: "Alle", contentType: "image", url: `/uploads/${key}`, cityId: null });
    expect(await answer(staff.tokyoAdmin, key)).toBe("forbidden");
    expect(await answer(staff.globalAdmin, key)).toBe("private, max-age=600");
  });
});
