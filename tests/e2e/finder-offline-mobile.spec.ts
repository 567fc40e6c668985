import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";

import { boonees, booneeStories, figureReports, profiles } from "../../server/db/schema.ts";
import { ownAddress } from "./claim-fixtures.ts";
import { db, expect, seedFigure, signUp, test, unique, untilHydrated, useEnglish } from "./fixtures.ts";
import { openStoryDialog } from "./public-fixtures.ts";

// Issue 35, item 10: the tag's page on a phone with poor signal. A form sent offline keeps every field,
// says so (the same note as /claim), and goes through once the phone is back online — before the page's
// app has started (a native post) and after; a reload meanwhile brings back all but the password.

const TEXT = {
  de: {
    held: /Keine Verbindung: Deine Eingaben bleiben hier stehen\. Sobald du wieder online bist, schicken wir sie ab\./,
    restored: "Deine Eingaben von eben sind wieder da. Dein Passwort speichern wir nie: Gib es bitte noch einmal ein.",
    signUp: "Konto erstellen & claimen",
    claim: "Jetzt claimen",
    name: "Name",
    email: "E-Mail",
    password: "Passwort",
    menu: "Menü öffnen",
    success: "🎉 Dein Boonee gehört jetzt dir. Willkommen in der Crew.",
  },
  en: {
    held: /No connection: everything you entered stays here\. We send it as soon as you are back online\./,
    restored: "What you entered before is back. We never store your password: please type it again.",
    signUp: "Create account & claim",
    claim: "Claim it now",
    name: "Name",
    email: "Email",
    password: "Password",
    menu: "Open menu",
    success: "🎉 Your Boonee is now yours. Welcome to the crew.",
  },
} as const;
type Lang = keyof typeof TEXT;
/** Where the success page goes on to: the collection with the new find marked. */
const NEW_FIND = /\/profile\?new=[0-9a-f-]{36}$/;

test.beforeEach(async ({ page }) => {
  await ownAddress(page);
});

const ownerOf = async (id: string) =>
  (await db.select({ ownerId: boonees.ownerId }).from(boonees).where(eq(boonees.id, id)))[0].ownerId;

/** Starts the claim page's app (it starts on demand): the menu's first tap loads it; closed again, the form is a React form. */
async function startApp(page: Page, lang: Lang) {
  await page.getByRole("button", { name: TEXT[lang].menu }).click();
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** Fills the sign-up of a claim link with a new account's name, e-mail and password, goes offline and sends it. */
async function signUpWhileOffline(page: Page, lang: Lang, name: string) {
  const t = TEXT[lang];
  const email = `${unique("off").toLowerCase()}@example.test`;
  await page.getByLabel(t.name, { exact: true }).fill(name);
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password).fill("secret123");
  await page.context().setOffline(true);
  await page.getByRole("button", { name: t.signUp }).click();
  await expect(page.getByText(t.held)).toBeVisible();
  return email;
}

/** The sign-up of a claim link sent offline waits with every field kept, then claims once the phone is online. */
async function signUpOffline(page: Page, lang: Lang, figure: { id: string; code: string }) {
  const t = TEXT[lang];
  const email = await signUpWhileOffline(page, lang, "Finderin im Funkloch");
  await expect(page).toHaveURL(new RegExp(`/c/${figure.code}$`)); // not the browser's error page, not the offline page
  await expect(page.getByLabel(t.name, { exact: true })).toHaveValue("Finderin im Funkloch");
  await expect(page.getByLabel(t.email)).toHaveValue(email);
  await expect(page.getByLabel(t.password)).toHaveValue("secret123");
  expect(await ownerOf(figure.id)).toBeNull();
  await page.context().setOffline(false);
  await expect(page.getByRole("status").getByText(t.success)).toBeVisible();
  await expect(page).toHaveURL(NEW_FIND); // the success page goes on by itself: the next page waits for that
  const [account] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  expect(await ownerOf(figure.id)).toBe(account.id);
}

test.describe("the tag's page offline", () => {
  test("signed out: the sign-up keeps every field and claims once back online, before the app starts (German) and in it (English)", async ({
    page,
  }) => {
    const first = await seedFigure({ name: `Funkloch ${unique()}` });
    await page.goto(`/c/${first.code}`, { waitUntil: "networkidle" });
    await signUpOffline(page, "de", first);

    await page.context().clearCookies();
    await ownAddress(page);
    await useEnglish(page);
    const second = await seedFigure({ name: `Dead spot ${unique()}` });
    await page.goto(`/c/${second.code}`, { waitUntil: "networkidle" });
    await startApp(page, "en");
    await untilHydrated(page.getByRole("button", { name: TEXT.en.signUp }));
    await signUpOffline(page, "en", second);
  });

  test("signed in: „Jetzt claimen“ offline waits and claims once back online, before the app starts (German) and in it (English)", async ({
    page,
  }) => {
    const user = await signUp(page);
    for (const lang of ["de", "en"] as const) {
      if (lang === "en") await useEnglish(page);
      const figure = await seedFigure();
      await page.goto(`/c/${figure.code}`, { waitUntil: "networkidle" });
      if (lang === "en") {
        await startApp(page, lang);
        await untilHydrated(page.getByRole("button", { name: TEXT.en.claim }));
      }
      await page.context().setOffline(true);
      await page.getByRole("button", { name: TEXT[lang].claim }).click();
      await expect(page.getByText(TEXT[lang].held)).toBeVisible();
      await expect(page.getByRole("button", { name: TEXT[lang].claim })).toBeEnabled(); // not stuck on "claiming …"
      expect(await ownerOf(figure.id)).toBeNull();
      await page.context().setOffline(false);
      await expect(page.getByRole("status").getByText(TEXT[lang].success)).toBeVisible();
      await expect(page).toHaveURL(NEW_FIND); // the success page goes on by itself: the next page waits for that
      expect(await ownerOf(figure.id)).toBe(user.id);
    }
  });
});

test.describe("the figure page's forms offline", () => {
  test("a report (German, a plain form) and a finder story (English, the app's dialog) wait and go once back online", async ({
    page,
  }) => {
    const user = await signUp(page);
    const figure = await seedFigure();
    await page.goto(`/boonee/${figure.id}`, { waitUntil: "networkidle" });
    await page.getByText("Fehlt er oder ist er kaputt? Melde ihn").click();
    await page.getByLabel("Er oder sein Tag ist beschädigt").check();
    await page.getByLabel("Notiz (freiwillig)").fill("Der Tag hängt lose");
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Meldung senden" }).click();
    await expect(page.getByText(TEXT.de.held)).toBeVisible();
    await expect(page.getByLabel("Notiz (freiwillig)")).toHaveValue("Der Tag hängt lose");
    await page.context().setOffline(false);
    await expect(page.getByTestId("my-report")).toBeVisible();
    const reports = await db
      .select({ kind: figureReports.kind, note: figureReports.note })
      .from(figureReports)
      .where(and(eq(figureReports.figureId, figure.id), eq(figureReports.reporterId, user.id)));
    expect(reports).toEqual([{ kind: "damaged", note: "Der Tag hängt lose" }]);

    await useEnglish(page);
    const mine = await seedFigure({ ownerId: user.id });
    await page.goto(`/boonee/${mine.id}`);
    await openStoryDialog(page, "Add story");
    const dialog = page.getByRole("dialog", { name: "Your finder story" });
    await dialog.getByLabel("Title").fill("Behind the bench");
    await dialog.getByLabel("Story", { exact: true }).fill("It sat behind the third bench by the harbour.");
    await page.context().setOffline(true);
    await dialog.getByRole("button", { name: "Save story" }).click();
    await expect(dialog.getByText(TEXT.en.held)).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue("Behind the bench");
    await page.context().setOffline(false);
    await expect(page.getByText("Your story was saved!")).toBeVisible();
    const stories = await db
      .select({ title: booneeStories.title })
      .from(booneeStories)
      .where(eq(booneeStories.figureId, mine.id));
    expect(stories).toEqual([{ title: "Behind the bench" }]);
  });
});

/** Waits until the app's service worker (public/sw.js: the offline page, lost posts) controls the page. */
async function untilControlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 }).toBe(true);
}

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("a post lost on a signal the phone takes for online stays on the page (no offline page) and is sent again", async ({
    page,
  }) => {
    const figure = await seedFigure();
    await page.goto(`/c/${figure.code}`, { waitUntil: "load" });
    await untilControlled(page);
    // the phone still says it is online (one bar, no data): only the request itself fails
    await page.evaluate(() =>
      Object.defineProperty(Navigator.prototype, "onLine", { configurable: true, get: () => true }),
    );
    await signUpWhileOffline(page, "de", "Ein Balken");
    await expect(page.getByText("Du bist offline")).toHaveCount(0);
    await expect(page.getByLabel("Passwort")).toHaveValue("secret123");
    await expect(page.getByRole("button", { name: TEXT.de.signUp })).toBeEnabled();
    expect(await ownerOf(figure.id)).toBeNull();
    await page.context().setOffline(false);
    // sent again by itself (the worker's answer said it did not get through)
    await expect(page.getByRole("status").getByText(TEXT.de.success)).toBeVisible({ timeout: 30_000 });
    expect(await ownerOf(figure.id)).not.toBeNull();
  });

  test("a reload while the form waits (the offline page, then its Reload) brings back name and e-mail and asks for the password again", async ({
    page,
  }) => {
    const figure = await seedFigure();
    const url = `/c/${figure.code}`;
    await page.goto(url, { waitUntil: "load" });
    await untilControlled(page);
    const email = await signUpWhileOffline(page, "de", "Wieder da");
    await page.reload().catch(() => {}); // pulled down to reload, still offline: the app's offline page
    await expect(page.getByText("Du bist offline")).toBeVisible();
    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Neu laden · Reload" }).click();
    await expect(page.getByText(TEXT.de.restored)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Wieder da");
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);
    await expect(page.getByLabel("Passwort")).toHaveValue(""); // never stored
    await page.getByLabel("Passwort").fill("secret123");
    await page.getByRole("button", { name: TEXT.de.signUp }).click();
    await expect(page.getByRole("status").getByText(TEXT.de.success)).toBeVisible();
    expect(await ownerOf(figure.id)).not.toBeNull();
  });
});
