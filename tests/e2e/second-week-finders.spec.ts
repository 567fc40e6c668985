import { expect, seedBoonee, signUp, test, useEnglish } from "./fixtures.ts";

// Issue 25 ("The second week"), the finders' smaller items that a person sees on a desktop, in German and English.
for (const lang of ["de", "en"] as const) {
  test(`the header leads to Drops and the leaderboard, and a missing page has a title (${lang})`, async ({ page }) => {
    if (lang === "en") await useEnglish(page);
    await page.goto("/boonees");
    const nav = page.getByRole("navigation", { name: lang === "de" ? "Hauptnavigation" : "Main navigation" });
    await nav.getByRole("link", { name: "Drops" }).click();
    await expect(page).toHaveURL("/drops");
    await nav.getByRole("link", { name: lang === "de" ? "Bestenliste" : "Leaderboard" }).click();
    await expect(page).toHaveURL("/leaderboard");
    await expect(page.getByRole("link", { name: lang === "de" ? "Anmelden" : "Log in" })).toBeVisible();

    const res = await page.goto("/gibt-es-nicht");
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(lang === "de" ? "Hoppla! Seite nicht gefunden · Boonees" : "Oops! Page not found · Boonees");
  });
}

test("a figure opened from the collection leads back to the collection, from the gallery back to the gallery", async ({ page }) => {
  const me = await signUp(page);
  const figure = await seedBoonee({ ownerId: me.id });
  await page.goto("/profile", { waitUntil: "networkidle" });
  await page.getByTestId("owned-figure").filter({ hasText: figure.name }).getByRole("link").first().click();
  await expect(page).toHaveURL(`/boonee/${figure.id}`);
  await page.getByRole("link", { name: "Zur Sammlung" }).click();
  await expect(page).toHaveURL("/profile");
  await page.goto(`/boonee/${figure.id}`);
  await expect(page.getByRole("link", { name: "Zur Galerie" })).toBeVisible();
});

test("notification checkboxes do not look active while their channel is off (German and English)", async ({ page }) => {
  await signUp(page);
  for (const [lang, off] of [
    ["de", "aus"],
    ["en", "off"],
  ] as const) {
    if (lang === "en") await useEnglish(page);
    await page.goto("/profile");
    const form = page.getByTestId("notification-preferences");
    // neither push (no device) nor e-mail (not confirmed) is on: every box says so and is dimmed
    await expect(form.locator("thead").getByText(off, { exact: true })).toHaveCount(2);
    const boxes = form.getByRole("checkbox");
    expect(await boxes.count()).toBeGreaterThan(0);
    await expect(form.locator("input[type=checkbox]:not([data-channel-off])")).toHaveCount(0);
  }
});
