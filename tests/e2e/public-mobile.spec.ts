import { eq } from "drizzle-orm";
import { boonees } from "../../server/db/schema.ts";
import { db, expect, seedBoonee, signUp, test, unique, useEnglish } from "./fixtures.ts";
import { addStoryRow, expectNoHorizontalScroll, openStoryDialog } from "./public-fixtures.ts";

// Runs in the "phone" project: 375 px wide.
test.describe("public pages at 375 px", () => {
  test("German: landing, gallery, figure, leaderboard and stats fit the screen and their main actions are reachable", async ({ page }) => {
    const long = `Superlangername${unique()}ohneLeerzeichen`;
    const f = await seedBoonee({ name: long, series: "Eine ziemlich lange Seriennamen-Bezeichnung", description: "x".repeat(300) });
    await page.goto("/");
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("link", { name: "Los geht's" })).toBeInViewport();
    await expect(page.getByRole("link", { name: "Galerie entdecken" })).toBeInViewport();

    await page.goto(`/boonees?q=${encodeURIComponent(long)}`);
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("button", { name: "Legendary", exact: true })).toBeVisible();
    await expect(page.getByTestId("boonee-card")).toHaveCount(1);

    await page.goto(`/boonee/${f.id}`);
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByTestId("claim-cta").getByRole("link").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("claim-cta").getByRole("link")).toBeInViewport();

    for (const path of ["/leaderboard", "/stats"]) {
      await page.goto(path);
      await expectNoHorizontalScroll(page);
    }
  });

  test("English: the owner's page and the add-story dialog fit the screen", async ({ page }) => {
    await useEnglish(page);
    const owner = await signUp(page);
    const f = await seedBoonee({ ownerId: owner.id });
    await db.update(boonees).set({ welcomeVideoUrl: "/video/hero.mp4" }).where(eq(boonees.id, f.id));
    await addStoryRow(f.id, owner.id, { title: "T".repeat(100), story: "S".repeat(400), findLocation: "L".repeat(200) });
    await page.goto(`/boonee/${f.id}`);
    await expectNoHorizontalScroll(page);
    await openStoryDialog(page, "Add story");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await dialog.getByRole("button", { name: "Save story" }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole("button", { name: "Save story" })).toBeInViewport();
  });
});
