import { createAccount, gotoAdmin, ownerWith } from "./admin-fixtures.ts";
import { expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

// Issue 17 row 9: at 375 px the Claims and Users tables are cards with their actions on screen.

type Page = import("@playwright/test").Page;

async function expectOnScreen(page: Page, locator: import("@playwright/test").Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.beforeEach(() => test.slow());

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("Claims at 375 px: one card per claim with Verify and Reject on screen, no sideways scroll (German)", async ({
  browser,
  page,
}) => {
  const ownerPage = await browser.newPage();
  const { user } = await ownerWith(ownerPage, [{ name: `Handyfund ${unique()}`, series: "Hafen" }], `Mara ${unique()}`);
  await ownerPage.close();
  await signInAsAdmin(page);
  await gotoAdmin(page, `/admin/claims?q=${encodeURIComponent(user.name)}`);
  const row = page.getByTestId("claim-row");
  await expect(row).toHaveCount(1);
  await expect(page.locator("thead")).toBeHidden();
  await expect(row).toContainText(user.name);
  await expectOnScreen(page, row.getByRole("button", { name: /bestätigen/i }));
  await expectOnScreen(page, row.getByRole("button", { name: /ablehnen/i }));
  expect(await noSidewaysScroll(page)).toBe(true);
});

test("Users at 375 px: one card per account with the role selector, its button and the account actions on screen (English)", async ({
  page,
}) => {
  const user = await createAccount(`Phone ${unique()}`);
  await seedFigure();
  await signInAsAdmin(page);
  await useEnglish(page);
  await gotoAdmin(page, `/admin/users?q=${encodeURIComponent(user.email)}`);
  const row = page.getByTestId("user-row").filter({ hasText: user.email });
  await expect(page.locator("thead")).toBeHidden();
  await expectOnScreen(page, row.getByLabel(`Role of ${user.name}`));
  await expectOnScreen(page, row.getByRole("button", { name: `Save the new role for ${user.name}` }));
  await expectOnScreen(page, row.getByRole("button", { name: `Block ${user.name}` }));
  await expectOnScreen(page, row.getByRole("button", { name: `Delete the account of ${user.name}` }));
  expect(await noSidewaysScroll(page)).toBe(true);
});
