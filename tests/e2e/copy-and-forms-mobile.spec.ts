import { eq } from "drizzle-orm";

import { DEFAULT_TIME_ZONE, formatDay } from "#shared/dates.ts";

import { boonees, booneeStories } from "../../server/db/schema.ts";
import { otherBrowser, ownAddress } from "./claim-fixtures.ts";
import { db, expect, seedFigure, signIn, signUp, test, unique, useEnglish } from "./fixtures.ts";
import { expectNoHorizontalScroll, openStoryDialog } from "./public-fixtures.ts";

// Runs in the "phone" project: 375 px wide. Issue 18, items 8 and 9.
const storiesOf = (figureId: string) => db.select().from(booneeStories).where(eq(booneeStories.figureId, figureId));

/** A type with two more instances; the user owns the type (found 3 days ago) and the third instance (found just now). */
async function twins(ownerId: string) {
  const name = `Zwilling ${unique()}`;
  const type = await seedFigure({ name });
  await seedFigure({ name, typeId: type.id });
  const third = await seedFigure({ name, typeId: type.id });
  const earlier = new Date(Date.now() - 3 * 86400_000);
  await db.update(boonees).set({ ownerId, claimedAt: earlier }).where(eq(boonees.id, type.id));
  await db.update(boonees).set({ ownerId, claimedAt: new Date() }).where(eq(boonees.id, third.id));
  return { name, type, third, earlier };
}

test.describe("profile and phone menu", () => {
  test("German: the newest find is marked 'Neu', instances of one type show their number and the day found", async ({
    page,
  }) => {
    const user = await signUp(page);
    const { name, type, third, earlier } = await twins(user.id);
    await page.goto("/profile");
    await expectNoHorizontalScroll(page);
    const cards = page.getByTestId("owned-figure");
    await expect(cards).toHaveCount(2);
    const newest = cards.nth(0);
    await expect(newest.getByRole("heading")).toHaveText(name);
    await expect(newest.getByTestId("boonee-marker")).toHaveText("Neu");
    await expect(newest.getByTestId("owned-details")).toHaveText(
      `#3Gefunden am ${formatDay(new Date(), "de", DEFAULT_TIME_ZONE)}`,
    );
    await expect(newest.getByRole("link")).toHaveAttribute("href", `/boonee/${third.id}`);
    await expect(cards.nth(1).getByTestId("boonee-marker")).toHaveCount(0);
    await expect(cards.nth(1).getByTestId("owned-details")).toHaveText(
      `#1Gefunden am ${formatDay(earlier, "de", DEFAULT_TIME_ZONE)}`,
    );

    // the claim success may name the new figure itself
    await page.goto(`/profile?new=${type.id}`);
    await expect(page.locator('[data-testid="owned-figure"][data-new]')).toHaveCount(1);
    await expect(cards.nth(1).getByTestId("boonee-marker")).toHaveText("Neu");
  });

  test("English: 'New' and 'Found on'; nothing is marked a day later", async ({ page }) => {
    await useEnglish(page);
    const user = await signUp(page);
    const { third } = await twins(user.id);
    await page.goto("/profile");
    const newest = page.getByTestId("owned-figure").nth(0);
    await expect(newest.getByTestId("boonee-marker")).toHaveText("New");
    await expect(newest.getByTestId("owned-details")).toHaveText(
      `#3Found on ${formatDay(new Date(), "en", DEFAULT_TIME_ZONE)}`,
    );
    await db
      .update(boonees)
      .set({ claimedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(boonees.id, third.id));
    await page.reload();
    await expect(page.getByTestId("boonee-marker")).toHaveCount(0);
  });

  test("the phone menu has the exclusive content and logs out after asking", async ({ page }) => {
    await signUp(page);
    await page.goto("/profile", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    const menu = page.getByRole("dialog", { name: "Menü" });
    await menu.getByRole("link", { name: "Exklusive Inhalte" }).click();
    await expect(page).toHaveURL("/exclusive");
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    await menu.getByRole("button", { name: "Abmelden" }).click();
    const confirm = page.getByRole("dialog", { name: "Wirklich abmelden?" });
    await confirm.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe("forms", () => {
  test("German: story limits shown before typing, then counted; 6,000 pasted characters stay in the field and are refused with a message", async ({
    page,
  }) => {
    const user = await signUp(page);
    const f = await seedFigure({ ownerId: user.id });
    await page.goto(`/boonee/${f.id}`);
    await openStoryDialog(page, "Story hinzufügen");
    const dialog = page.getByRole("dialog");
    const title = dialog.getByLabel("Titel");
    const story = dialog.getByLabel("Story", { exact: true });
    // the limits are in view before anything is typed, not only once one is broken
    await expect(dialog.getByTestId("char-counter")).toHaveText([
      "3–100 Zeichen",
      "10–5000 Zeichen",
      "Höchstens 200 Zeichen",
    ]);
    await title.fill("ab");
    await expect(dialog.getByTestId("char-counter").first()).toHaveText("2 / 100 – mindestens 3 Zeichen");
    await title.fill("T".repeat(50));
    await expect(dialog.getByTestId("char-counter").first()).toHaveText("50 / 100");
    const long = `${"Es war einmal am Hafen. ".repeat(250).slice(0, -1)}!`; // 6,000 characters (the limits count the trimmed text)
    await story.fill(long);
    await expect(story).toHaveValue(long);
    await expect(dialog.getByTestId("char-counter").nth(1)).toHaveText("6000 / 5000 – 1000 Zeichen zu viel");
    await dialog.getByRole("button", { name: "Story speichern" }).click();
    await expect(dialog.getByText("Story darf höchstens 5000 Zeichen lang sein")).toBeVisible();
    await expect(story).toHaveValue(long);
    expect(await storiesOf(f.id)).toHaveLength(0);

    await story.fill(long.slice(0, 4500));
    await expect(dialog.getByTestId("char-counter").nth(1)).toHaveText("4500 / 5000");
    await dialog.getByRole("button", { name: "Story speichern" }).click();
    await expect(page.getByText("Deine Story wurde gespeichert!")).toBeVisible();
    const [saved] = await storiesOf(f.id);
    expect(saved.story).toHaveLength(4500);
  });

  test("English, without JavaScript: the server refuses an over-long story instead of cutting it", async ({
    browser,
  }) => {
    const { context, page } = await otherBrowser(browser, { javaScriptEnabled: false });
    await useEnglish(page);
    const user = await signUp(page);
    await signIn(page, user.email, user.password);
    const f = await seedFigure({ ownerId: user.id });
    await page.goto(`/boonee/${f.id}?story=new`);
    const form = page.locator("#add-story");
    await form.getByLabel("Title").fill("Am Hafen");
    await form.getByLabel("Story", { exact: true }).fill("S".repeat(6000));
    await form.getByLabel("Find location (optional)").fill("L".repeat(201));
    await form.getByRole("button", { name: "Save story" }).click();
    await expect(page.getByText("Story must be at most 5000 characters long")).toBeVisible();
    await expect(page.getByText("Find location must be at most 200 characters long")).toBeVisible();
    expect(await storiesOf(f.id)).toHaveLength(0);
    await context.close();
  });

  test("change password: a new submit clears the old error; the current password is refused as the new one", async ({
    page,
  }) => {
    const user = await signUp(page);
    await page.goto("/profile", { waitUntil: "networkidle" });
    const current = page.getByLabel("Aktuelles Passwort");
    const fresh = page.getByLabel("Neues Passwort");
    const submit = page.getByRole("button", { name: "Passwort ändern" });
    await current.fill("nicht-mein-passwort");
    await fresh.fill("ganz-neues-pass");
    await submit.click();
    const wrong = page.getByText("Das aktuelle Passwort stimmt nicht.");
    await expect(wrong).toBeVisible();
    await current.fill(user.password);
    await fresh.fill(user.password);
    await submit.click();
    await expect(page.getByText("Das neue Passwort muss sich vom aktuellen unterscheiden.")).toBeVisible();
    await expect(wrong).toHaveCount(0);
    await fresh.fill("kurz");
    await submit.click();
    await expect(page.getByText("Das Passwort muss mindestens 6 Zeichen lang sein.")).toBeVisible();
    await expect(page.getByText("Das neue Passwort muss sich vom aktuellen unterscheiden.")).toHaveCount(0);
  });

  test("change password without JavaScript, in English: the server refuses the same password and nothing changes", async ({
    browser,
  }) => {
    const { context, page } = await otherBrowser(browser, { javaScriptEnabled: false });
    await useEnglish(page);
    const user = await signUp(page);
    await page.goto("/profile");
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password").fill(user.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The new password must be different from the current one.")).toBeVisible();
    await expect(page.getByText("Password changed.", { exact: false })).toHaveCount(0);
    await signIn(page, user.email, user.password);
    await context.close();
  });

  test("a broken tag link shows the code that failed, in German and English", async ({ page }) => {
    await ownAddress(page);
    const res = await page.goto("/c/ZZZZZZ");
    expect(res!.status()).toBe(404);
    await expectNoHorizontalScroll(page);
    await expect(page.getByTestId("failed-code")).toHaveText("Der Code aus deinem Link: ZZZZZZ");
    await expect(page.getByLabel("Geheimer Code")).toHaveValue("ZZZZZZ");
    await expect(page.getByText("Ungültiger geheimer Code")).toBeVisible();
    await useEnglish(page);
    await page.goto("/c/zzzzzz");
    await expect(page.getByTestId("failed-code")).toHaveText("The code from your link: ZZZZZZ");
    await expect(page.getByLabel("Secret code")).toHaveValue("ZZZZZZ");
  });

  test("the sign-up forms say that the name is public, in German and English", async ({ page }) => {
    await ownAddress(page);
    await page.goto("/auth?mode=signup");
    await expect(
      page.getByText("Dein Name ist öffentlich: Er erscheint in den Bestenlisten", { exact: false }),
    ).toBeVisible();
    const f = await seedFigure();
    await page.goto(`/c/${f.code}`);
    await expect(page.getByText("Dein Name ist öffentlich", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-describedby", /hint/);
    await useEnglish(page);
    await page.goto("/auth?mode=signup");
    await expect(page.getByText("Your name is public: it appears on the leaderboards", { exact: false })).toBeVisible();
  });
});
