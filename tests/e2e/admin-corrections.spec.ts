import type { Browser, Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { finderStory } from "../support/factories.ts";
import {
  createAccount,
  figureById,
  gotoAdmin,
  ownerWith,
  signInAsModerator,
  signUpQuick,
  tagOf,
} from "./admin-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

/** A second person in their own browser context (optionally in English). */
async function person(browser: Browser, english = false) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (english) await useEnglish(page);
  return { context, page };
}

/** The activity log, filtered by kind, shows a row naming the actor and the object (and reason). */
async function expectLogged(page: Page, kind: string, cells: string[]) {
  await gotoAdmin(page, `/admin/activity?kind=${kind}`);
  let row = page.getByTestId("activity-row");
  for (const text of cells) row = row.filter({ hasText: text });
  await expect(row.first()).toBeVisible();
}

/** Claims with a code; the success message shows for 1.5 s, then the profile lists the figure. */
const claimNow = async (page: Page, code: string, button: string, figureName: string) => {
  await page.goto(`/c/${code}`);
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/profile\?new=/, { timeout: 15_000 });
  await expect(page.getByText(figureName).first()).toBeVisible();
};

test.describe("putting things right", () => {
  // Each test walks several people through several pages; the shared test machine is slow at times.
  test.describe.configure({ timeout: 120_000 });
  test("an admin edits and then retracts a sent broadcast; the owner's exclusive area and bell follow (de)", async ({
    page,
    browser,
  }) => {
    const series = `Hafen${unique()}`;
    const owner = await person(browser);
    await ownerWith(owner.page, [{ series }]);
    await signInAsAdmin(page);
    await gotoAdmin(page, "/admin/content");
    const title = `Treffen ${unique()}`;
    await page.getByRole("textbox", { name: "Titel", exact: true }).fill(title);
    await page.getByRole("textbox", { name: "Nachricht", exact: true }).fill("Wir treffen uns um acht Uhr am Hafen.");
    await page.getByLabel("Zielgruppe").selectOption("series");
    await page.getByLabel("Serie", { exact: true }).selectOption(series);
    await page.getByRole("button", { name: "Senden" }).click();
    const item = page.getByTestId("sent-item").filter({ hasText: title });
    await expect(item).toContainText("1 Empfänger:in");
    await expect(item).toContainText("Nach Serie");

    await owner.page.goto("/exclusive");
    await expect(owner.page.getByText(title)).toBeVisible();
    await expect(owner.page.getByTestId("unread-badge")).toHaveText("1");

    const fixed = `${title} (korrigiert)`;
    await item.getByRole("button", { name: "Bearbeiten" }).click();
    const dialog = page.getByRole("dialog", { name: "Gesendeten Inhalt bearbeiten" });
    await dialog.getByRole("textbox", { name: "Titel", exact: true }).fill(fixed);
    await dialog.getByRole("textbox", { name: "Nachricht", exact: true }).fill("Wir treffen uns um neun Uhr am Hafen.");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Änderungen gespeichert. Niemand wurde erneut benachrichtigt.")).toBeVisible();
    await expect(page.getByTestId("sent-item").filter({ hasText: fixed })).toContainText("bearbeitet");

    await owner.page.reload();
    await expect(owner.page.getByText(fixed)).toBeVisible();
    await expect(owner.page.getByText("Wir treffen uns um neun Uhr am Hafen.")).toBeVisible();
    await expect(owner.page.getByTestId("unread-badge")).toHaveText("1"); // no second notification

    // Retract while the owner's page is open: the bell follows live, the item leaves the page.
    await page
      .getByTestId("sent-item")
      .filter({ hasText: fixed })
      .getByRole("button", { name: "Zurückziehen" })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Zurückziehen" }).click();
    await expect(page.getByText("Inhalt zurückgezogen.")).toBeVisible();
    // it stays under "Sent", marked retracted, without its buttons
    const retracted = page.getByTestId("sent-item").filter({ hasText: fixed });
    await expect(retracted.getByTestId("sent-retracted")).toContainText("Zurückgezogen am");
    await expect(retracted.getByRole("button")).toHaveCount(0);
    await expect(owner.page.getByTestId("unread-badge")).toHaveCount(0);
    await owner.page.reload();
    await expect(owner.page.getByText(fixed)).toHaveCount(0);

    await expectLogged(page, "broadcast.edited", [fixed, "Admin"]);
    await expectLogged(page, "broadcast.retracted", [fixed, "Admin"]);
    await owner.context.close();
  });

  test("an admin replaces a code: the old URL is invalid at once, the new one claims (en)", async ({
    page,
    browser,
  }) => {
    const figure = await seedFigure({ name: `Swap ${unique()}` });
    await useEnglish(page);
    await signInAsAdmin(page);
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(figure.name)}`);
    const card = page.getByTestId("admin-figure-card").filter({ hasText: figure.name });
    await card.getByRole("button", { name: "Replace code" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Replace code" }).click();
    const result = page.getByRole("dialog", { name: `New code for ${figure.name}` });
    await expect(result.getByTestId("claim-qr")).toBeVisible();
    const url = await result.getByTestId("claim-url").inputValue();
    const newCode = url.split("/c/")[1];
    expect(newCode).toMatch(/^[A-Z0-9]{10}$/);
    expect(newCode).not.toBe(figure.code);
    expect((await tagOf(figure.id)).secretCode).toBe(newCode);

    const finder = await person(browser, true);
    await signUpQuick(finder.page);
    await finder.page.goto(`/c/${figure.code}`);
    await expect(finder.page.getByText("Invalid secret code")).toBeVisible();
    await claimNow(finder.page, newCode, "Claim it now", figure.name);
    expect((await figureById(figure.id)).ownerId).not.toBeNull();

    await expectLogged(page, "code.replaced", [figure.name, "Admin"]);
    await expect(page.getByTestId("activity-table")).not.toContainText(newCode);
    await expect(page.getByTestId("activity-table")).not.toContainText(figure.code);
    await finder.context.close();
  });

  test("a moderator rejects a claim: the former owner is told why, someone else claims it with the new code (de)", async ({
    page,
    browser,
  }) => {
    const former = await person(browser);
    const { user, owned } = await ownerWith(former.page, [{ name: `Leck ${unique()}`, rarity: "Rare" }]);
    const figure = owned[0];
    const mod = await signInAsModerator(page);
    await gotoAdmin(page, `/admin/claims?q=${encodeURIComponent(figure.name)}`);
    const row = page.getByTestId("claim-row").filter({ hasText: figure.name });
    await row.getByRole("button", { name: `Claim von ${figure.name} ablehnen` }).click();
    const dialog = page.getByRole("dialog", { name: `Claim für ${figure.name} ablehnen?` });
    await dialog.getByLabel("Grund (wird der Person mitgeteilt)").fill("Der Code wurde im Netz geteilt");
    await dialog.getByRole("button", { name: "Ablehnen" }).click();
    await expect(page.getByText(`Claim für ${figure.name} abgelehnt.`)).toBeVisible();
    await expect(row).toContainText("Abgelehnt");
    await expect(row).toContainText("Grund: Der Code wurde im Netz geteilt");
    await expect(row.getByTestId("language-mark"), "German written on a German page needs no mark").toHaveCount(0);

    await former.page.goto("/notifications");
    await expect(former.page.getByText(`Claim abgelehnt: ${figure.name}`)).toBeVisible();
    await expect(
      former.page.getByText("Dein Claim wurde vom Team abgelehnt. Grund: Der Code wurde im Netz geteilt"),
    ).toBeVisible();
    const [achievement] = await db
      .select()
      .from(schema.userAchievements)
      .where(and(eq(schema.userAchievements.userId, user.id), eq(schema.userAchievements.achievement, "rare_hunter")));
    expect(achievement).toBeUndefined();

    const newCode = (await tagOf(figure.id)).secretCode;
    expect(newCode).not.toBe(figure.code);
    const next = await person(browser);
    await signUpQuick(next.page);
    await next.page.goto(`/c/${figure.code}`);
    await expect(next.page.getByText("Ungültiger geheimer Code")).toBeVisible();
    await claimNow(next.page, newCode, "Jetzt claimen", figure.name);

    const admin = await person(browser);
    await signInAsAdmin(admin.page);
    await expectLogged(admin.page, "claim.rejected", [figure.name, mod.name, "Der Code wurde im Netz geteilt"]);
    // the reason is the moderator's words, in the German they wrote it on: an English admin sees it marked as German
    await useEnglish(admin.page);
    await expectLogged(admin.page, "claim.rejected", [figure.name, mod.name]);
    const logged = admin.page
      .getByTestId("activity-row")
      .filter({ hasText: figure.name })
      .locator('[lang="de"]')
      .first(); // the reason (the "Deutsch" mark inside it says so too)
    await expect(logged).toHaveText("Deutsch Der Code wurde im Netz geteilt");
    await gotoAdmin(admin.page, `/admin/claims?q=${encodeURIComponent(figure.name)}`);
    // the rejected claim (the figure's new claim is listed too)
    const englishRow = admin.page
      .getByTestId("claim-row")
      .filter({ hasText: figure.name })
      .filter({ hasText: "Reason:" });
    await expect(englishRow.locator('[lang="de"]').first()).toHaveText("Deutsch Der Code wurde im Netz geteilt");
    for (const p of [former, next, admin]) await p.context.close();
  });

  test("an admin blocks an account: its open session and live stream end, sign-in is refused; unblocking restores it (en)", async ({
    page,
    browser,
  }) => {
    const victim = await person(browser, true);
    const account = await signUpQuick(victim.page, `Blocky ${unique()}`);
    await victim.page.goto("/profile");
    const cookie = (await victim.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const stream = await fetch(`${E2E.baseURL}/api/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();

    await useEnglish(page);
    await signInAsAdmin(page);
    await gotoAdmin(page, `/admin/users?q=${encodeURIComponent(account.email)}`);
    const row = page.getByTestId("user-row").filter({ hasText: account.email });
    await row.getByRole("button", { name: `Block ${account.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${account.name}?` });
    await dialog.getByLabel("Reason (kept in the activity log)").fill("Spam in finder stories");
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect(page.getByText("Account blocked")).toBeVisible();
    await expect(row).toContainText("Blocked");

    // the live stream ends well before its 25 s heartbeat; the next page load is signed out
    expect(await Promise.race([ended, new Promise((r) => setTimeout(() => r(false), 5_000))])).toBe(true);
    await victim.page.reload();
    await expect(victim.page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
    await victim.page.getByLabel("Email").fill(account.email);
    await victim.page.getByLabel("Password").fill(account.password);
    await victim.page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(victim.page.getByText("This account is blocked.")).toBeVisible();

    await row.getByRole("button", { name: `Unblock ${account.name}` }).click();
    await expect(page.getByText("Account unblocked")).toBeVisible();
    await victim.page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(victim.page).toHaveURL("/profile");

    await expectLogged(page, "account.blocked", [account.name, "Admin", "Spam in finder stories"]);
    await expectLogged(page, "account.unblocked", [account.name, "Admin"]);
    await victim.context.close();
  });

  test("the author edits and deletes their finder story; nobody else may (de)", async ({ page, browser }) => {
    const { user, owned } = await ownerWith(page, [{ name: `Erzähl ${unique()}` }]);
    const story = await finderStory(db, {
      figureId: owned[0].id,
      userId: user.id,
      title: "Tipfehler",
      story: "Gefunden unter der Brüke.",
    });

    // refused on the server for a visitor, another collector and an admin; nothing changes
    const post = (p: Page, form: Record<string, string>) =>
      p.request.post(`/boonee/${owned[0].id}`, { form, headers: { origin: E2E.baseURL }, maxRedirects: 0 });
    const visitor = await person(browser);
    const other = await person(browser);
    await signUpQuick(other.page);
    const admin = await person(browser);
    await signInAsAdmin(admin.page);
    const hijack = {
      intent: "editStory",
      storyId: story.id,
      title: "Gekapert",
      story: "Diese Story gehört jetzt mir.",
    };
    expect((await post(visitor.page, hijack)).status()).toBe(401);
    expect((await post(other.page, hijack)).status()).toBe(403);
    expect((await post(admin.page, hijack)).status()).toBe(403);
    expect((await post(other.page, { intent: "deleteStory", storyId: story.id })).status()).toBe(403);
    expect((await db.select().from(schema.booneeStories).where(eq(schema.booneeStories.id, story.id)))[0].title).toBe(
      "Tipfehler",
    );

    await page.goto(`/boonee/${owned[0].id}`);
    const article = page.getByTestId("finder-story").filter({ hasText: "Tipfehler" });
    await article.getByRole("button", { name: "Story „Tipfehler“ bearbeiten" }).click();
    const dialog = page.getByRole("dialog", { name: "Deine Fundgeschichte bearbeiten" });
    await dialog.getByLabel("Titel").fill("ab");
    await dialog.getByLabel("Story", { exact: true }).fill("kurz");
    await dialog.getByRole("button", { name: "Story speichern" }).click();
    await expect(dialog.getByText("Titel muss mindestens 3 Zeichen lang sein")).toBeVisible();
    await expect(dialog.getByText("Story muss mindestens 10 Zeichen lang sein")).toBeVisible();
    await dialog.getByLabel("Titel").fill("Tippfehler");
    await dialog.getByLabel("Story", { exact: true }).fill("Gefunden unter der Brücke.");
    await dialog.getByRole("button", { name: "Story speichern" }).click();
    await expect(page.getByText("Deine Story wurde geändert.")).toBeVisible();
    const fixed = page.getByTestId("finder-story").filter({ hasText: "Tippfehler" });
    await expect(fixed).toContainText("Gefunden unter der Brücke.");

    await fixed.getByRole("button", { name: "Story „Tippfehler“ löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
    await expect(page.getByText("Deine Story wurde gelöscht.")).toBeVisible();
    await expect(page.getByTestId("finder-story")).toHaveCount(0);
    expect(await db.select().from(schema.booneeStories).where(eq(schema.booneeStories.id, story.id))).toHaveLength(0);
    for (const p of [visitor, other, admin]) await p.context.close();
  });

  test("the owner still sees their figure after it was set to Hidden, with a notice; others get 404 (en)", async ({
    page,
    browser,
  }) => {
    await useEnglish(page);
    const { owned } = await ownerWith(page, [{ name: `Versteckt ${unique()}`, status: "Hidden" }]);
    const response = await page.goto(`/boonee/${owned[0].id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("note")).toHaveText(
      "Not public (status: Hidden) – only you and the team see this page.",
    );
    await expect(page.getByTestId("owner-note")).toBeVisible();
    const other = await person(browser, true);
    await signUpQuick(other.page);
    expect((await other.page.goto(`/boonee/${owned[0].id}`))?.status()).toBe(404);
    await other.context.close();
  });

  test("a moderator reaches the admin area from the header and the profile (de)", async ({ page }) => {
    await signInAsModerator(page);
    await page.goto("/boonees");
    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/profile");
    await page.getByRole("link", { name: "Admin-Bereich" }).click();
    await expect(page).toHaveURL("/admin");
  });

  for (const lang of ["de", "en"] as const) {
    test(`signing in returns to the page that asked for it: /notifications (${lang})`, async ({ page }) => {
      if (lang === "en") await useEnglish(page);
      const account = await createAccount();
      await page.goto("/notifications");
      await expect(page).toHaveURL("/auth?redirect=%2Fnotifications");
      await page.getByLabel(lang === "de" ? "E-Mail" : "Email").fill(account.email);
      await page.getByLabel(lang === "de" ? "Passwort" : "Password").fill(account.password);
      await page.getByRole("button", { name: lang === "de" ? "Anmelden" : "Log in", exact: true }).click();
      await expect(page).toHaveURL("/notifications");
      // an address elsewhere is never followed
      await page.context().clearCookies();
      if (lang === "en") await useEnglish(page);
      await page.goto("/auth?redirect=%2F%2Fevil.example%2Fnotifications");
      await page.getByLabel(lang === "de" ? "E-Mail" : "Email").fill(account.email);
      await page.getByLabel(lang === "de" ? "Passwort" : "Password").fill(account.password);
      await page.getByRole("button", { name: lang === "de" ? "Anmelden" : "Log in", exact: true }).click();
      await expect(page).toHaveURL("/profile");
    });
  }
});
