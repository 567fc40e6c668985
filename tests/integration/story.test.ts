import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { latestToday } from "#shared/schemas/story.ts";

import { booneeStories, notifications, userAchievements } from "../../server/db/schema.ts";
import { addStory } from "../../server/domain/stories/add-story.ts";
import { untaggedFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

// a Found figure of `ownerId` (or nobody's), without tag or claim row: what a story is written about
const storyFigure = (ownerId: string | null) => untaggedFigure(s.db, { name: "Erzähl", status: "Found", ownerId });
const storiesOf = (figureId: string) => s.db.select().from(booneeStories).where(eq(booneeStories.figureId, figureId));
const good = { title: "Am Hafen", story: "Unter der Bank am Hafen, ganz nass.", location: "Kiel", findDate: "" };

describe(`finder stories on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("stores the owner's story and unlocks Storyteller with its notification, once", async () => {
    const owner = await createUser(s);
    const b = await storyFigure(owner.id);
    const result = await addStory(s.db, { id: owner.id, role: "user" }, { figureId: b.id, fields: good });
    expect(result.unlocked).toContain("storyteller");
    const [row] = await storiesOf(b.id);
    expect(row).toMatchObject({
      title: "Am Hafen",
      story: good.story,
      findLocation: "Kiel",
      findDate: null,
      userId: owner.id,
      hidden: false,
    });
    const unlocked = await s.db
      .select()
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, owner.id), eq(userAchievements.achievement, "storyteller")));
    expect(unlocked).toHaveLength(1);
    const notes = await s.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, "achievement")));
    expect(notes.length).toBeGreaterThanOrEqual(1);
    const again = await addStory(
      s.db,
      { id: owner.id, role: "user" },
      { figureId: b.id, fields: { ...good, title: "Noch eine" } },
    );
    expect(again.unlocked).not.toContain("storyteller");
    expect(await storiesOf(b.id)).toHaveLength(2);
  });

  it("refuses signed-out (401), other users and admins (403), unknown figures (404) — before looking at the form, storing nothing", async () => {
    const owner = await createUser(s);
    const other = await createUser(s);
    const b = await storyFigure(owner.id);
    const unowned = await storyFigure(null);
    await expect(addStory(s.db, null, { figureId: b.id, fields: good })).rejects.toMatchObject({
      code: "unauthorized",
      status: 401,
    });
    await expect(
      addStory(s.db, { id: other.id, role: "user" }, { figureId: b.id, fields: good }),
    ).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    await expect(
      addStory(s.db, { id: other.id, role: "admin" }, { figureId: b.id, fields: good }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      addStory(s.db, { id: other.id, role: "user" }, { figureId: b.id, fields: { title: "" } }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      addStory(s.db, { id: other.id, role: "user" }, { figureId: unowned.id, fields: good }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      addStory(
        s.db,
        { id: other.id, role: "user" },
        { figureId: "00000000-0000-4000-8000-000000000000", fields: good },
      ),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      addStory(s.db, { id: other.id, role: "user" }, { figureId: "x' or 1=1 --", fields: good }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await storiesOf(b.id)).toHaveLength(0);
    expect(await storiesOf(unowned.id)).toHaveLength(0);
  });

  it("applies the spec's limits: trims, then refuses (never cuts) title over 100, story over 5000, location over 200; minimums 3 and 10; no future date", async () => {
    const owner = await createUser(s);
    const actor = { id: owner.id, role: "user" as const };
    const b = await storyFigure(owner.id);
    const fail = (fields: Record<string, string>) => addStory(s.db, actor, { figureId: b.id, fields }).catch((e) => e);
    expect(await fail({ ...good, title: "  ab  " })).toMatchObject({
      status: 400,
      params: { title: "story.error.titleTooShort" },
    });
    expect(await fail({ ...good, story: "   kurz    " })).toMatchObject({
      status: 400,
      params: { story: "story.error.storyTooShort" },
    });
    expect(await fail({ ...good, findDate: "2999-01-01" })).toMatchObject({
      status: 400,
      params: { findDate: "story.error.dateFuture" },
    });
    expect(await fail({ ...good, findDate: "2025-02-30" })).toMatchObject({
      status: 400,
      params: { findDate: "story.error.dateInvalid" },
    });
    expect(await fail({ ...good, title: "T".repeat(101) })).toMatchObject({
      status: 400,
      params: { title: "story.error.titleTooLong" },
    });
    expect(await fail({ ...good, story: "S".repeat(6000) })).toMatchObject({
      status: 400,
      params: { story: "story.error.storyTooLong" },
    });
    expect(await fail({ ...good, location: "L".repeat(201) })).toMatchObject({
      status: 400,
      params: { location: "story.error.locationTooLong" },
    });
    expect(await storiesOf(b.id)).toHaveLength(0);

    await addStory(s.db, actor, {
      figureId: b.id,
      fields: {
        title: `  ${"T".repeat(100)}  `,
        story: ` ${"S".repeat(5000)} `,
        location: "   ",
        findDate: "2025-06-01",
      },
    });
    await addStory(s.db, actor, {
      figureId: b.id,
      fields: { title: "abc", story: "0123456789", location: "L".repeat(200), findDate: latestToday() },
    });
    const rows = await s.db
      .select()
      .from(booneeStories)
      .where(eq(booneeStories.figureId, b.id))
      .orderBy(sql`created_at`);
    expect(rows[0].title).toHaveLength(100);
    expect(rows[0].story).toHaveLength(5000);
    expect(rows[0].findLocation).toBeNull();
    expect(rows[0].findDate).toBe("2025-06-01");
    expect(rows[1]).toMatchObject({ title: "abc", story: "0123456789" });
    expect(rows[1].findLocation).toHaveLength(200);
  });
});
