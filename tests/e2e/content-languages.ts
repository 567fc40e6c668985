import type { Browser, Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { gotoAdmin } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, signUp, test, unique, useEnglish } from "./fixtures.ts";

// Issue 27: figure texts and broadcasts in German and English. Shared by content-languages.spec.ts
// (desktop) and content-languages-mobile.spec.ts (phone); push and e-mail are in channels.spec.ts.

async function reader(browser: Browser, lang: "de" | "en") {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (lang === "en") await useEnglish(page);
  return { context, page };
}

async function fill(scope: Page | Locator, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

export function contentLanguageTests() {
  test.describe.configure({ timeout: 120_000 });

  test("an admin writes a figure in both languages; each visitor reads their own; without English the German text is marked", async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    await gotoAdmin(page, "/admin/create-boonee");
    const form = page.getByRole("form", { name: "Neue Figur" });
    const name = `Zweisprachi ${unique()}`;
    await fill(form, "Name", name);
    await fill(form, "Story (Beschreibung)", "Wohnt im Leuchtturm und zählt jede Nacht die Schiffe.");
    await fill(
      form,
      "Story (Beschreibung) auf Englisch (optional)",
      "Lives in the lighthouse and counts the ships every night.",
    );
    await fill(form, "Herkunft", "Leuchtturm Friedrichsort");
    await fill(form, "Herkunft auf Englisch (optional)", "Friedrichsort lighthouse");
    await fill(form, "Superkraft", "Sieht im Nebel");
    await fill(form, "Superkraft auf Englisch (optional)", "Sees through fog");
    // English without German is refused, in the admin's language
    await fill(form, "Leidenschaft auf Englisch (optional)", "Foghorns");
    await form.getByLabel("Status", { exact: true }).selectOption("Placed");
    await page.getByRole("button", { name: "Generieren" }).click();
    await page.getByRole("button", { name: "Erstellen", exact: true }).click();
    await expect(
      page.getByText("Schreib zuerst den deutschen Text: Englisch ist optional, Deutsch nicht."),
    ).toBeVisible();
    await fill(form, "Leidenschaft", "Nebelhörner");
    await page.getByRole("button", { name: "Erstellen", exact: true }).click();
    await expect(page.getByText("Boonee erfolgreich erstellt")).toBeVisible();
    const [figure] = await db.select().from(schema.boonees).where(eq(schema.boonees.name, name));
    expect(figure).toMatchObject({
      description: "Wohnt im Leuchtturm und zählt jede Nacht die Schiffe.",
      passionEn: "Foghorns",
    });

    const english = await reader(browser, "en");
    await english.page.goto(`/boonee/${figure.id}`);
    await expect(english.page.getByTestId("figure-story")).toHaveText(
      "Lives in the lighthouse and counts the ships every night.",
    );
    const traits = english.page.getByTestId("characteristics");
    await expect(traits.locator("dd")).toHaveText(["Friedrichsort lighthouse", "Foghorns", "Sees through fog"]);
    await expect(english.page.getByTestId("language-mark")).toHaveCount(0);

    const german = await reader(browser, "de");
    await german.page.goto(`/boonee/${figure.id}`);
    await expect(german.page.getByTestId("figure-story")).toHaveText(
      "Wohnt im Leuchtturm und zählt jede Nacht die Schiffe.",
    );
    await expect(german.page.getByTestId("characteristics").locator("dd")).toHaveText([
      "Leuchtturm Friedrichsort",
      "Nebelhörner",
      "Sieht im Nebel",
    ]);

    // a figure written in German only: the English page shows the German story, marked as German
    const germanOnly = await seedFigure({ description: "Schläft am liebsten unter der Kiellinie." });
    await english.page.goto(`/boonee/${germanOnly.id}`);
    const story = english.page.getByTestId("figure-story");
    await expect(story).toHaveAttribute("lang", "de");
    await expect(story).toContainText("Schläft am liebsten unter der Kiellinie.");
    await expect(story.getByTestId("language-mark")).toHaveText("Deutsch");
    await english.context.close();
    await german.context.close();
  });

  test("an admin broadcasts in both languages; an English collector's bell and exclusive area are English, a German one's German", async ({
    page,
    browser,
  }) => {
    const series = `Zweisprachig ${unique()}`;
    const english = await reader(browser, "en");
    const german = await reader(browser, "de");
    const englishCollector = await signUp(english.page);
    const germanCollector = await signUp(german.page);
    await seedFigure({ ownerId: englishCollector.id, series });
    await seedFigure({ ownerId: germanCollector.id, series });

    await signInAsAdmin(page);
    await gotoAdmin(page, "/admin/content");
    const title = `Hafenfest ${unique()}`;
    await fill(page, "Titel", title);
    await fill(page, "Nachricht", "Am Samstag feiern wir am Hafen, komm vorbei!");
    await fill(page, "Titel auf Englisch (optional)", `Harbour party ${title.slice(10)}`);
    await fill(page, "Nachricht auf Englisch (optional)", "We celebrate at the harbour on Saturday, come along!");
    await page.getByLabel("Zielgruppe").selectOption("series");
    await page.getByLabel("Serie", { exact: true }).selectOption(series);
    await page.getByRole("button", { name: "Senden" }).click();
    // the toast that says it went out (the recipient count above the button also reads "2")
    await expect(page.getByText("Inhalt an 2 Nutzer:innen gesendet!").first()).toBeVisible();

    await english.page.goto("/notifications");
    const englishBell = english.page.getByTestId("notification").first();
    await expect(englishBell).toContainText(`Harbour party ${title.slice(10)}`);
    await expect(englishBell).toContainText("We celebrate at the harbour on Saturday, come along!");
    await english.page.goto("/exclusive");
    await expect(english.page.getByTestId("exclusive-item").first()).toContainText(
      "We celebrate at the harbour on Saturday, come along!",
    );

    await german.page.goto("/notifications");
    await expect(german.page.getByTestId("notification").first()).toContainText(title);
    await expect(german.page.getByTestId("notification").first()).toContainText(
      "Am Samstag feiern wir am Hafen, komm vorbei!",
    );

    // the English text is corrected: the English bell follows, the German one keeps its text
    const item = page.getByTestId("sent-item").filter({ hasText: title });
    await item.getByRole("button", { name: "Bearbeiten" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Titel auf Englisch (optional)").fill(`Harbour festival ${title.slice(10)}`);
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(item).toContainText(`Harbour festival ${title.slice(10)}`);
    await english.page.goto("/notifications");
    await expect(english.page.getByTestId("notification").first()).toContainText(`Harbour festival ${title.slice(10)}`);
    await german.page.reload();
    await expect(german.page.getByTestId("notification").first()).toContainText(title);
    await english.context.close();
    await german.context.close();
  });
}
