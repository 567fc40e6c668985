import type { Browser } from "@playwright/test";
import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { finderStory, storyPhoto } from "../support/factories.ts";
import { gotoAdmin, ownerWith, pngBytes, signInAsModerator, signUpQuick } from "./admin-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, signIn, test, unique, useEnglish } from "./fixtures.ts";
import { addStoryRow, expectAccessible } from "./public-fixtures.ts";

const newPage = async (browser: Browser) => (await browser.newContext()).newPage();

test("a collector reports another finder's photo; a moderator sees it reported, hides it and (in English) shows it again (de, phone)", async ({
  page,
  browser,
}) => {
  test.slow(); // four people in four browsers
  // --- a finder with a story and one photo, uploaded through the page
  const title = `Am Kran ${unique()}`;
  const { user: finder, owned } = await ownerWith(page, [{ name: `Knipsi ${unique()}` }]);
  const figure = owned[0];
  const url = `/boonee/${figure.id}`;
  await addStoryRow(figure.id, finder.id, { title, story: "Er saß auf dem alten Kran am Kai." });
  await page.goto(url);
  const form = page.getByTestId("story-photo-form");
  await form
    .getByLabel("Fundfotos hinzufügen (noch 3)")
    .setInputFiles({ name: "kran.png", mimeType: "image/png", buffer: await pngBytes() });
  await form.getByRole("button", { name: "Fotos hochladen" }).click();
  await expect(page.getByText("Deine Fotos sind hochgeladen.")).toBeVisible();
  const photoName = `Fundfoto 1 zu „${title}“`;
  await expect(page.getByTestId("story-photos").getByRole("img", { name: photoName })).toBeVisible();
  await expect(page.getByRole("button", { name: `Foto melden: ${photoName}` })).toHaveCount(0); // not one's own

  // --- a collector reports it (a plain form: redirect back, toast, a quiet note instead of the button)
  const collector = await newPage(browser);
  await signUpQuick(collector);
  await collector.goto(url);
  await expectAccessible(collector); // with the report button under the photo
  await collector.getByRole("button", { name: `Foto melden: ${photoName}` }).click();
  await expect(collector.getByText("Danke! Das Foto ist gemeldet, das Team schaut es sich an.")).toBeVisible();
  await expect(collector.getByTestId("photo-reported")).toHaveText("Von dir gemeldet");
  const [photo] = await db
    .select({ id: schema.storyPhotos.id })
    .from(schema.storyPhotos)
    .innerJoin(schema.booneeStories, eq(schema.booneeStories.id, schema.storyPhotos.storyId))
    .where(eq(schema.booneeStories.title, title));
  // a second report is a no-op that says so
  const again = await collector.request.post(url, {
    form: { intent: "reportPhoto", photoId: photo.id },
    headers: { origin: E2E.baseURL },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);
  expect(again.headers()["set-cookie"]).toContain("flash=success%3Astory.photoReport.already");
  expect(await db.$count(schema.storyPhotoReports, eq(schema.storyPhotoReports.photoId, photo.id))).toBe(1);
  await collector.screenshot({ path: `${test.info().outputDir}/photo-reported-de.png`, fullPage: true });

  // --- a moderator: the dashboard counts it, the stories page shows "1× gemeldet", hides the photo
  // the stories page searched for this story: other tests' stories (reported ones first) cannot push it away
  const storiesPage = `/admin/stories?q=${encodeURIComponent(title)}`;
  const moderator = await newPage(browser);
  const mod = await signInAsModerator(moderator);
  await gotoAdmin(moderator, "/admin");
  await expect(moderator.getByTestId("stat-reported-photos")).toBeVisible();
  // the stories were a tab of the claims page: its address (bookmarks, old links) leads here, search and page kept
  const moved = await moderator.request.get(`/admin/claims?tab=stories&q=${encodeURIComponent(title)}&page=1`, {
    maxRedirects: 0,
  });
  expect(moved.status()).toBe(301);
  const movedTo = new URL(moved.headers()["location"], E2E.baseURL);
  expect([movedTo.pathname, Object.fromEntries(movedTo.searchParams)]).toEqual([
    "/admin/stories",
    { q: title, page: "1" },
  ]);
  await gotoAdmin(moderator, storiesPage);
  const item = moderator.getByTestId("story-item").filter({ hasText: title });
  const tile = item.getByTestId("admin-photo");
  await expect(tile).toContainText("1× gemeldet");
  await tile.getByRole("button", { name: `Foto 1 zu „${title}“ verbergen` }).click();
  await expect(moderator.getByText("Foto verborgen.")).toBeVisible();
  await expect(tile).toContainText("verborgen");
  await expect(tile).not.toContainText("gemeldet");
  await expect(item.getByRole("img", { name: `Foto 1 zu „${title}“` })).toBeVisible(); // staff still see it

  // --- the public page (cached for visitors) and the collector's no longer show it
  const visitor = await newPage(browser);
  await expect(async () => {
    await visitor.goto(url);
    await expect(visitor.getByRole("img", { name: photoName })).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  await expect(visitor.getByTestId("finder-story").filter({ hasText: title })).toBeVisible();
  await expect(visitor.getByTestId("figure-life").getByRole("img")).toHaveCount(0); // nor the biography
  await collector.reload();
  await expect(collector.getByRole("img", { name: photoName })).toHaveCount(0);

  // --- in English, the moderator shows it again; it is back for everyone
  await useEnglish(moderator);
  await gotoAdmin(moderator, storiesPage);
  await tile.getByRole("button", { name: `Show photo 1 of “${title}” again` }).click();
  await expect(moderator.getByText("Photo visible again.")).toBeVisible();
  await expect(tile).not.toContainText("hidden");
  await expect(async () => {
    await visitor.goto(url);
    await expect(visitor.getByTestId("story-photos").getByRole("img", { name: photoName })).toBeVisible({
      timeout: 1000,
    });
  }).toPass();

  // --- without JavaScript the buttons are plain forms: the page comes back with the photo hidden, then shown
  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signIn(plain, mod.email, mod.password);
  await plain.goto(storiesPage);
  const plainTile = plain.getByTestId("story-item").filter({ hasText: title }).getByTestId("admin-photo");
  await plainTile.getByRole("button", { name: `Foto 1 zu „${title}“ verbergen` }).click();
  await expect(plainTile).toContainText("verborgen");
  await plainTile.getByRole("button", { name: `Foto 1 zu „${title}“ wieder zeigen` }).click();
  await expect(plainTile).not.toContainText("verborgen");
  expect((await db.select().from(schema.storyPhotos).where(eq(schema.storyPhotos.id, photo.id)))[0].hidden).toBe(false);

  // --- a moderator's own story: the buttons are not offered, and a POST is refused (403), nothing changes
  const ownStory = await finderStory(db, {
    figureId: figure.id,
    userId: mod.id,
    title: `Eigene ${unique()}`,
    story: "Von der Moderatorin selbst.",
  });
  const ownPhoto = await storyPhoto(db, { storyId: ownStory.id, url: "/uploads/stories/own.webp" });
  const refused = await moderator.request.post("/admin/stories", {
    form: { intent: "photo", photoId: ownPhoto.id, hidden: "true" },
    headers: { origin: E2E.baseURL },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect((await db.select().from(schema.storyPhotos).where(eq(schema.storyPhotos.id, ownPhoto.id)))[0].hidden).toBe(
    false,
  );
});
