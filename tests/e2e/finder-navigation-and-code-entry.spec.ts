import { ownAddress } from "./claim-fixtures.ts";
import { expect, seedFigure, signUp, test, unique, useEnglish } from "./fixtures.ts";

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
    await expect(page).toHaveTitle(
      lang === "de" ? "Hoppla! Seite nicht gefunden · Boonees" : "Oops! Page not found · Boonees",
    );
  });
}

test("a figure opened from the collection leads back to the collection, from the gallery back to the gallery", async ({
  page,
}) => {
  const me = await signUp(page);
  const figure = await seedFigure({ ownerId: me.id });
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

test("a wrong code tried twice uses one attempt: the form twice (German), a reloaded wrong link (English)", async ({
  page,
}) => {
  await ownAddress(page);
  await page.goto("/claim");
  const wrong = `FALSCH${unique().slice(-8)}`;
  await page.getByLabel("Geheimer Code").fill(wrong);
  await page.getByRole("button", { name: "Code prüfen" }).click();
  await expect(page.getByTestId("attempts-left")).toHaveText("Noch 9 Versuche");
  await page.getByLabel("Geheimer Code").fill(wrong);
  await page.getByRole("button", { name: "Code prüfen" }).click();
  await expect(page.getByText("Ungültiger geheimer Code")).toBeVisible();
  await expect(page.getByTestId("attempts-left")).toHaveText("Noch 9 Versuche");
  await page.getByLabel("Geheimer Code").fill(`${wrong}X`);
  await page.getByRole("button", { name: "Code prüfen" }).click();
  await expect(page.getByTestId("attempts-left")).toHaveText("Noch 8 Versuche");

  await useEnglish(page);
  const link = `/c/WRONG${unique().slice(-8)}`;
  expect((await page.goto(link))?.status()).toBe(404);
  await expect(page.getByTestId("attempts-left")).toHaveText("7 attempts left");
  await page.reload();
  await expect(page.getByTestId("attempts-left")).toHaveText("7 attempts left");
});

test("a code typed offline stays in the field and goes through by itself once the phone is back online: before the app starts (German) and in it (English)", async ({
  page,
  context,
}) => {
  const figure = await seedFigure();
  const offlineThenOnline = async (lang: "de" | "en") => {
    const input = page.getByLabel(lang === "de" ? "Geheimer Code" : "Secret code");
    const button = page.getByRole("button", { name: lang === "de" ? "Code prüfen" : "Check code" });
    const note = page.getByText(
      lang === "de"
        ? /Keine Verbindung: Deine Eingaben bleiben hier stehen/
        : /No connection: everything you entered stays here/,
    );
    await context.setOffline(true);
    await input.fill(figure.code);
    await button.click();
    await expect(note).toBeVisible();
    await expect(input).toHaveValue(figure.code);
    // back online, it goes by itself (issue 35: the same as every form a finder sends outdoors)
    await context.setOffline(false);
    await expect(page.getByRole("heading", { name: figure.name, exact: true })).toBeVisible();
  };
  // a tapped link: the claim page before its app has started (the form posts natively)
  await page.goto("/claim");
  await offlineThenOnline("de");
  // signed in, the app runs and reaches /claim by a client-side navigation
  await signUp(page);
  await useEnglish(page);
  await page.goto("/boonees", { waitUntil: "networkidle" });
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Claim", exact: true })
    .click();
  await expect(page).toHaveURL("/claim");
  await offlineThenOnline("en");
});
