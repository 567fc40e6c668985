import { expect, type Browser, type Page } from "@playwright/test";

import { toZonedInput } from "#shared/zoned-time.ts";

import { gotoAdmin } from "./admin-fixtures.ts";
import { useEnglish } from "./fixtures.ts";

// Issue 15's drop flow: the delay before a scheduled drop's release is configurable; nothing
// asserts how long anything took.
export const DROP_DELAY_S = Number(process.env.E2E_DROP_DELAY_S ?? 60);
const ZONE = "Europe/Berlin"; // TIME_ZONE's default, as the e2e server runs

/** A signed-out visitor on the landing page (or `path`), listening to the drop stream (its inline script; the app is not started, decision 025). */
export async function visitor(browser: Browser, lang: "de" | "en", path = "/") {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (lang === "en") await useEnglish(page);
  await page.goto(path);
  await page.locator("html[data-drop-stream=connected]").waitFor({ state: "attached", timeout: 20_000 });
  return page;
}

/** Schedules a drop DROP_DELAY_S ahead through /admin/drops, with one figure and a hint 4 s after the release. */
export async function scheduleDrop(
  page: Page,
  opts: { title: string; area: string; figureName: string; hint: string },
) {
  await gotoAdmin(page, "/admin/drops");
  const form = page.getByTestId("drop-form");
  await form.getByLabel("Titel (Deutsch)").fill(opts.title);
  await form.getByLabel("Titel (Englisch)").fill(`${opts.title} (EN)`);
  await form.getByLabel("Gebiet (Deutsch)").fill(opts.area);
  await form.getByLabel("Gebiet (Englisch)").fill(`${opts.area} (EN)`);
  // the picker shows the newest figures; a search finds this one among any number (the texts stay)
  await form.getByLabel("Boonees suchen").fill(opts.figureName);
  await form.getByRole("button", { name: "Suchen" }).click();
  await form.getByLabel(opts.figureName).check();
  const releaseAt = new Date(Date.now() + DROP_DELAY_S * 1000);
  await form.getByLabel("Start", { exact: true }).fill(toZonedInput(releaseAt, ZONE));
  await form.getByRole("button", { name: "Drop planen" }).click();
  await expect(page.getByText("Drop geplant.")).toBeVisible();
  const card = page.getByTestId("admin-drop").filter({ hasText: opts.title });
  await expect(card).toHaveAttribute("data-state", "waiting");
  const hintForm = card.getByTestId("add-hint-form");
  await hintForm.getByLabel("Hinweis (Deutsch)").fill(opts.hint);
  await hintForm.getByLabel("Hinweis (Englisch)").fill(`${opts.hint} (EN)`);
  await hintForm.getByLabel("Veröffentlichen um").fill(toZonedInput(new Date(releaseAt.getTime() + 4000), ZONE));
  await hintForm.getByRole("button", { name: "Hinweis hinzufügen" }).click();
  await expect(page.getByText("Hinweis hinzugefügt.")).toBeVisible();
}
