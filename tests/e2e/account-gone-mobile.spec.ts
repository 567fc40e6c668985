import { sql } from "drizzle-orm";
import sharp from "sharp";

import * as schema from "../../server/db/schema.ts";
import { ownerWith } from "./admin-fixtures.ts";
import { db, expect, test, unique, untilHydrated } from "./fixtures.ts";
import { addStoryRow } from "./public-fixtures.ts";

// Issue 34 item 2 and issue 35 item 13 on a phone: a finder with a photo deletes the account; the
// dialog says the photos go, the photo's address (both sizes) is gone afterwards, and the home page
// opens at its top, not scrolled down to where the delete button was.
test("deleting the account takes the finder's photo along, and the home page opens at the top (de)", async ({
  page,
}) => {
  const { user, owned } = await ownerWith(page, [{ name: `Knipsi ${unique()}` }]);
  const figure = owned[0];
  await addStoryRow(figure.id, user.id, { title: "Am Kai", story: "Er saß auf dem Poller am Kai." });
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2f9e5b" } })
    .jpeg()
    .toBuffer();
  await page.goto(`/boonee/${figure.id}`);
  const form = page.getByTestId("story-photo-form");
  await form
    .getByLabel("Fundfotos hinzufügen (noch 3)")
    .setInputFiles({ name: "kai.jpg", mimeType: "image/jpeg", buffer: photo });
  await form.getByRole("button", { name: "Fotos hochladen" }).click();
  await expect(page.getByText("Deine Fotos sind hochgeladen.")).toBeVisible();
  const detail = (await page.getByTestId("story-photos").getByRole("img").first().getAttribute("src"))!;
  const sizes = [detail.replace(/-card\.webp$/, ".webp"), detail.replace(/(-card)?\.webp$/, "-card.webp")];
  for (const url of sizes) expect((await page.request.get(url)).status(), url).toBe(200);

  await page.goto("/profile");
  const open = page.getByRole("button", { name: "Konto löschen" });
  await untilHydrated(open); // the dialog needs the app to have started
  await open.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200); // the button sits far down on a phone
  await open.click();
  await expect(page.getByRole("dialog")).toContainText("deine Stories mit ihren Fotos");
  await page.getByLabel("Passwort zur Bestätigung").fill(user.password);
  await page.getByRole("button", { name: "Endgültig löschen" }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByText("Dein Konto wurde gelöscht.", { exact: false })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.locator("h1").first()).toBeInViewport();
  await page.screenshot({ path: "test-results/account-gone-home-de.png" });

  for (const url of sizes) expect((await page.request.get(url)).status(), url).toBe(404);
  const [{ photos }] = (
    await db.execute<{ photos: number }>(
      sql`select count(*)::int as photos from ${schema.storyPhotos} p join ${schema.booneeStories} s on s.id = p.story_id where s.user_id = ${user.id}`,
    )
  ).rows;
  expect(photos).toBe(0);
});
