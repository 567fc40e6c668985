import { eq } from "drizzle-orm";

import { boonees } from "../../server/db/schema.ts";
import { db, expect, seedFigure, signUp, test, unique, useEnglish } from "./fixtures.ts";
import { addStoryRow, expectNoHorizontalScroll, openStoryDialog } from "./public-fixtures.ts";

// Runs in the "phone" project: 375 px wide.
test.describe("public pages at 375 px", () => {
  test("German: landing, gallery, figure, leaderboard and stats fit the screen and their main actions are reachable", async ({
    page,
  }) => {
    const long = `Superlangername${unique()}ohneLeerzeichen`;
    const f = await seedFigure({
      name: long,
      series: "Eine ziemlich lange Seriennamen-Bezeichnung",
      description: "x".repeat(300),
    });
    await page.goto("/");
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("link", { name: "Los geht's" })).toBeInViewport();
    await expect(page.getByRole("link", { name: "Galerie entdecken" })).toBeInViewport();

    await page.goto(`/boonees?q=${encodeURIComponent(long)}`);
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("button", { name: "Legendary", exact: true })).toBeVisible();
    await expect(page.getByTestId("figure-card")).toHaveCount(1);

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
    const f = await seedFigure({ ownerId: owner.id });
    await db.update(boonees).set({ welcomeVideoUrl: "/video/hero.mp4" }).where(eq(boonees.id, f.id));
    await addStoryRow(f.id, owner.id, {
      title: "T".repeat(100),
      story: "S".repeat(400),
      findLocation: "L".repeat(200),
    });
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

test.describe("first paint before JavaScript", () => {
  test("signed out, public pages load no app script; the first tap that needs React starts it (decision 025)", async ({
    page,
  }) => {
    const f = await seedFigure({ name: `Spät ${unique()}` });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const scripts: string[] = [];
    page.on("request", (r) => r.url().endsWith(".js") && scripts.push(r.url()));
    for (const path of ["/", "/boonees", `/boonee/${f.id}`, "/drops", "/leaderboard", "/stats"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      expect(scripts, `${path}: no app script fetched`).toEqual([]);
    }
    // the menu starts the app, and a link in it is then a client-side navigation: the document stays the same
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Galerie" }).click();
    await expect(page).toHaveURL("/boonees");
    expect(scripts.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(errors).toEqual([]);
  });

  test("signed in, the landing, gallery and figure pages fetch React only after the page has loaded, then run as the app", async ({
    page,
  }) => {
    const f = await seedFigure({ name: `Spät ${unique()}` });
    await signUp(page);
    for (const path of ["/", "/boonees", `/boonee/${f.id}`]) {
      await page.goto(path, { waitUntil: "commit" });
      await page.waitForFunction(() => document.readyState === "complete");
      const beforeLoad = await page.evaluate(
        () =>
          performance
            .getEntriesByType("resource")
            .filter(
              (e) =>
                e.name.endsWith(".js") &&
                e.startTime <
                  (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
            ).length,
      );
      expect(beforeLoad, `${path}: scripts fetched before the load event`).toBe(0);
      await expect
        .poll(() =>
          page
            .getByRole("button", { name: "Menü öffnen" })
            .evaluate((b) => Object.keys(b).some((k) => k.startsWith("__reactProps"))),
        )
        .toBe(true);
    }
  });

  test("signed out, the gallery search starts the app as it gets the focus and keeps what was typed", async ({
    page,
  }) => {
    const f = await seedFigure({ name: `Sucher ${unique()}` });
    await page.goto("/boonees", { waitUntil: "networkidle" });
    await page.getByRole("searchbox").fill(f.name);
    await expect.poll(() => new URL(page.url()).searchParams.get("q"), { timeout: 15_000 }).toBe(f.name);
    await expect(page.getByTestId("figure-card")).toHaveCount(1);
    await expect(page.getByRole("searchbox")).toHaveValue(f.name);
  });

  test("a menu tap before the app has started opens the menu once it has", async ({ page }) => {
    // hold the app's scripts back so the tap surely comes first
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/boonees");
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    release();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Bestenliste" })).toBeVisible({ timeout: 15_000 });
  });
});
