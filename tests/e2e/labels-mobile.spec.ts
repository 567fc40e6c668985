import type { Locator, Page } from "@playwright/test";

import { gotoAdmin } from "./admin-fixtures.ts";
import { expect, seedFigure, signInAsAdmin, test, unique } from "./fixtures.ts";

// Issue 25 item 15 at 375 px: a type's "Etiketten drucken" and the label sheet's format choice are on screen, without sideways scroll.

async function expectOnScreen(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // a thumb-sized target
  expect(box.height).toBeGreaterThanOrEqual(24);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("the label sheet at 375 px: print link on the type's card, both formats and the laminate note on screen (German)", async ({
  page,
}) => {
  test.slow();
  const type = await seedFigure({ name: `Handywicht ${unique()}`, series: "Hafen" });
  for (let i = 0; i < 2; i++) await seedFigure({ name: type.name, series: "Hafen", typeId: type.id });
  await signInAsAdmin(page);
  await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(type.name)}`);
  const print = page.getByRole("link", { name: `Etiketten von ${type.name} drucken` });
  await print.scrollIntoViewIfNeeded();
  await expectOnScreen(page, print);
  await print.click();
  await expect(page).toHaveURL(new RegExp(`/admin/labels\\?type=${type.id}$`));
  await expect(page.getByTestId("label")).toHaveCount(3);
  for (const name of ["A4-Bogen 62 × 66 mm", "Sticker 40 × 40 mm"])
    await expectOnScreen(page, page.getByRole("link", { name }));
  await expectOnScreen(page, page.getByTestId("laminate-note"));
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.getByRole("link", { name: "Sticker 40 × 40 mm" }).click();
  await expect(page).toHaveURL(/&format=sticker$/);
  await expect(page.getByRole("link", { name: "Sticker 40 × 40 mm" })).toHaveAttribute("aria-current", "page");
  await expectOnScreen(page, page.getByTestId("label").first());
  expect(await noSidewaysScroll(page)).toBe(true);
});
