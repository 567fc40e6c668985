import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { bindSunTag } from "../../server/domain/codes/bind-sun-tag.ts";
import { tapParams, TEST_SUN_MASTER } from "../support/sun-tap.ts";
import { ownAddress } from "./claim-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, signInAsAdmin, signUp, test, unique, useEnglish } from "./fixtures.ts";

// A figure with an NTAG 424 DNA tag: the admin binds it, a finder's phone taps it (each tap a new
// signed URL), claims it, and a later tap shows the authenticity page; a copied URL is refused.
test.use({ viewport: { width: 375, height: 800 } });

let uidSeq = 0;
const newUid = () =>
  `04${Date.now().toString(16).slice(-8).toUpperCase()}${(uidSeq++).toString(16).padStart(4, "0").toUpperCase()}`.slice(
    0,
    14,
  );

test("admin binds a SUN tag; the bare code no longer claims; a tap claims; a copied URL and a later tap", async ({
  page,
  browser,
}) => {
  await ownAddress(page);
  const figure = await seedFigure({ name: `Tappi ${Date.now()}` });
  const uid = newUid();

  // the admin binds the tag by its UID with keys from the master key and sees the URL to program
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto(`/admin/sun-tag/${figure.id}`);
  await expect(adminPage.getByTestId("sun-template")).toContainText(`/s/${figure.id}?picc_data=`);
  await adminPage.getByLabel("UID des Tags").fill(uid);
  await adminPage.getByRole("button", { name: "Speichern" }).click();
  await expect(adminPage.getByTestId("sun-binding")).toContainText(`UID ${uid}`);
  await admin.close();

  // the printed code no longer claims it
  await signUp(page, "Tina Tap");
  await page.goto(`/c/${figure.code}`);
  await expect(page.getByText("mit einem Tap auf seinen NFC-Tag geclaimt")).toBeVisible();
  await expect(page.getByRole("button", { name: "Jetzt claimen" })).toHaveCount(0);

  // a tap: the page is verified and one button claims it
  const first = tapParams(TEST_SUN_MASTER, { uid, counter: 1 });
  await page.goto(`/s/${figure.id}?${first}`);
  await expect(page).toHaveURL(new RegExp(`/s/${figure.id}$`));
  await expect(page.getByText("Echter Tag – dieser Tap ist verifiziert.")).toBeVisible();
  await page.reload(); // a reload does not replay the tap
  await page.getByRole("button", { name: "Jetzt claimen" }).click();
  // the claim link's success screen, then the collection
  await expect(page.getByRole("status").getByText("Dein Boonee gehört jetzt dir.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?new=/, { timeout: 15_000 });
  const [owned] = await db
    .select({ ownerId: schema.boonees.ownerId })
    .from(schema.boonees)
    .where(eq(schema.boonees.id, figure.id));
  expect(owned.ownerId).not.toBeNull();

  // the same URL again (a copy, a photo of it): refused
  await page.goto(`/s/${figure.id}?${first}`);
  await expect(page.getByTestId("tap-replayed")).toContainText("Dieser Link wurde schon benutzt");

  // a visitor's later tap (in English): the authenticity page, never the code
  const visitor = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const visitorPage = await visitor.newPage();
  await useEnglish(visitorPage);
  await visitorPage.goto(`/s/${figure.id}?${tapParams(TEST_SUN_MASTER, { uid, counter: 2 })}`);
  await expect(visitorPage.getByTestId("tap-genuine")).toContainText(`Genuine Boonee: ${figure.name}`);
  await expect(visitorPage.getByTestId("tap-genuine")).toContainText("Found by Tina Tap on");
  expect(await visitorPage.content()).not.toContain(figure.code);

  // a forged tap
  const forged = tapParams(TEST_SUN_MASTER, { uid, counter: 3 });
  forged.set("cmac", "0123456789ABCDEF");
  await visitorPage.goto(`/s/${figure.id}?${forged}`);
  await expect(visitorPage.getByTestId("tap-unverified")).toContainText("Not verified");
  await visitor.close();
});

// Issue 25 (5): signed out, the tap page is the claim page: the figure, sign-up inline, one tap to own it, the success screen.
for (const lang of ["de", "en"] as const) {
  test(`signed out, a tap signs up and claims in one form and shows the success screen (${lang})`, async ({ page }) => {
    await ownAddress(page);
    if (lang === "en") await useEnglish(page);
    const figure = await seedFigure({ name: `Tappa ${Date.now()}` });
    const [admin] = await db.select().from(schema.profiles).where(eq(schema.profiles.email, E2E.adminEmail));
    const uid = newUid();
    await bindSunTag(db as never, { id: admin.id, role: "admin" }, figure.id, { mode: "master", uid }, TEST_SUN_MASTER);

    await page.goto(`/s/${figure.id}?${tapParams(TEST_SUN_MASTER, { uid, counter: 1 })}`);
    await expect(page.getByRole("heading", { name: figure.name, level: 1 })).toBeVisible();
    await expect(
      page.getByText(
        lang === "de" ? "Echter Tag – dieser Tap ist verifiziert." : "Genuine tag – this tap is verified.",
      ),
    ).toBeVisible();
    // no detour through the general sign-up page
    await expect(
      page.getByRole("link", { name: lang === "de" ? "Konto erstellen und claimen" : "Create an account and claim" }),
    ).toHaveCount(0);
    await page.getByLabel("Name").fill(lang === "de" ? "Tapsi Neu" : "Tappy New");
    await page.getByLabel(lang === "de" ? "E-Mail" : "Email").fill(`tap-${unique().toLowerCase()}@example.test`);
    await page.getByLabel(lang === "de" ? "Passwort" : "Password").fill("secret123");
    await page
      .getByRole("button", { name: lang === "de" ? "Konto erstellen & claimen" : "Create account & claim" })
      .click();
    await expect(
      page.getByRole("status").getByText(lang === "de" ? "Dein Boonee gehört jetzt dir." : "Your Boonee is now yours."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/profile\?new=/, { timeout: 15_000 });
    const [owned] = await db
      .select({ ownerId: schema.boonees.ownerId })
      .from(schema.boonees)
      .where(eq(schema.boonees.id, figure.id));
    expect(owned.ownerId).not.toBeNull();
  });
}
