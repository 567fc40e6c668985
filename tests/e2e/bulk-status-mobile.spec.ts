import { inArray } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { gotoAdmin } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique } from "./fixtures.ts";

// Issue 35 item 9 at 375 px: the selection bar of the admin list stays on screen and usable while the cards scroll.

type Page = import("@playwright/test").Page;
type Locator = import("@playwright/test").Locator;

async function expectInViewport(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

test("at 375 px the selection bar stays at the bottom of the screen with its status and button, and changes the ticked figures", async ({
  page,
}) => {
  test.slow();
  const series = `Handystapel ${unique()}`;
  const figs = [];
  for (const n of [1, 2, 3, 4, 5]) figs.push(await seedFigure({ name: `${series} ${n}`, status: "Draft" }));
  await signInAsAdmin(page);
  await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(series)}`);
  await expect(page.getByTestId("admin-figure-card")).toHaveCount(5);
  // a finger's tap on the box's label area ticks it
  await page.getByLabel(`${series} 1 auswählen`).tap();
  await page.getByLabel(`${series} 5 auswählen`).scrollIntoViewIfNeeded();
  await page.getByLabel(`${series} 5 auswählen`).tap();
  const bar = page.getByRole("region", { name: "Auswahl" });
  await expect(bar).toContainText("2 ausgewählt");
  // scrolled back to the top, the bar is still on screen, at the bottom, with all it needs
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectInViewport(page, bar);
  await expectInViewport(page, bar.getByLabel("Neuer Status"));
  await expectInViewport(page, bar.getByRole("button", { name: "Status ändern" }));
  expect((await bar.boundingBox())!.y).toBeGreaterThan(page.viewportSize()!.height / 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await bar.getByLabel("Neuer Status").selectOption({ label: "Archiviert" });
  await bar.getByRole("button", { name: "Status ändern" }).tap();
  await expect(page.getByText("Status von 2 Boonees geändert.")).toBeVisible();
  const rows = await db
    .select({ name: schema.boonees.name, status: schema.boonees.status })
    .from(schema.boonees)
    .where(
      inArray(
        schema.boonees.id,
        figs.map((f) => f.id),
      ),
    );
  expect(rows.sort((a, b) => a.name.localeCompare(b.name)).map((r) => r.status)).toEqual([
    "Archived",
    "Draft",
    "Draft",
    "Draft",
    "Archived",
  ]);
});
