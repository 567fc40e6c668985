import type { Browser, Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { figureById, gotoAdmin, origin, ownerWith } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

// Issue 17, rows 1–3 and 11 of its table, in German and English (desktop; the phone walk is in
// admin-model-mobile.spec.ts).
const TEXT = {
  de: {
    title: "Titel",
    message: "Nachricht",
    contentType: "Inhaltstyp",
    send: "Senden",
    imageRequired: "Bitte wähle eine Bilddatei für einen Bild-Beitrag.",
    linkRequired: "Bitte gib den Link für einen Link-Beitrag ein.",
    previewMissingImage: "Kein Bild gewählt",
    edit: "Bearbeiten",
    story: "Story (Beschreibung)",
    save: "Speichern",
    reach: "Änderungen erreichen die 3 Instanzen dieses Typs",
    ownValues: "1 davon hat in manchen Feldern einen eigenen Wert",
    noLongerClaimable: "Nicht mehr claimbar",
    adminNoLonger: "Nicht mehr claimbar (archiviert)",
    available: "Verfügbar",
    delete: "Löschen",
    deleted: "Boonee entfernt:",
  },
  en: {
    title: "Title",
    message: "Message",
    contentType: "Content type",
    send: "Send",
    imageRequired: "Please choose an image file for an image post.",
    linkRequired: "Please enter the link for a link post.",
    previewMissingImage: "No image chosen",
    edit: "Edit",
    story: "Story (description)",
    save: "Save",
    reach: "Changes reach the 3 instances of this type",
    ownValues: "1 of them has its own value in some fields",
    noLongerClaimable: "No longer claimable",
    adminNoLonger: "No longer claimable (archived)",
    available: "Available",
    delete: "Delete",
    deleted: "Boonee removed:",
  },
} as const;
type Lang = keyof typeof TEXT;

async function inLanguage(page: Page, lang: Lang) {
  if (lang === "en") await useEnglish(page);
}

async function person(browser: Browser, lang: Lang) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await inLanguage(page, lang);
  return { context, page };
}

const contentWithTitle = async (title: string) =>
  db.select().from(schema.exclusiveContent).where(eq(schema.exclusiveContent.title, title));

for (const lang of ["de", "en"] as const) {
  const T = TEXT[lang];
  test.describe(`admin model (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test("an image post without a file and a link post without a link are refused; nothing is sent", async ({
      page,
      browser,
    }) => {
      const owner = await person(browser, lang);
      await ownerWith(owner.page, [{}]);
      await owner.context.close();
      await signInAsAdmin(page);
      await inLanguage(page, lang);
      await gotoAdmin(page, "/admin/content");
      const title = `Leer ${unique()}`;
      await page.getByRole("textbox", { name: T.title, exact: true }).fill(title);
      await page
        .getByRole("textbox", { name: T.message, exact: true })
        .fill("Schaut euch dieses Bild an, es ist toll.");
      await page.getByLabel(T.contentType).selectOption("image");
      // the preview shows the owners' notification and card, and that the picture is missing
      const preview = page.getByTestId("broadcast-preview");
      await expect(preview.getByTestId("preview-notification")).toContainText(title);
      await expect(preview.getByTestId("preview-card")).toContainText("Schaut euch dieses Bild an");
      await expect(preview.getByTestId("preview-missing")).toContainText(T.previewMissingImage);
      await page.getByRole("button", { name: T.send, exact: true }).click();
      await expect(page.getByText(T.imageRequired)).toBeVisible();
      await page.getByLabel(T.contentType).selectOption("link");
      await page.getByRole("button", { name: T.send, exact: true }).click();
      await expect(page.getByText(T.linkRequired)).toBeVisible();
      // the server refuses on its own, too (a request without the page's scripts)
      const res = await page.request.post("/admin/content", {
        multipart: {
          title,
          message: "Schaut euch dieses Bild an, es ist toll.",
          contentType: "image",
          audience: "all",
          hasFile: "true",
        },
        headers: origin(),
      });
      expect(res.status()).toBe(400);
      expect(await contentWithTitle(title)).toEqual([]);
    });

    test("a typo fixed in a figure type reaches its instances, not the one with its own story", async ({ page }) => {
      const name = `Tippi ${unique()}`;
      const typo = "Er wohnt unter der Brükce am Hafen.";
      const type = await seedFigure({ name, description: typo, status: "Placed" });
      const plain = [
        await seedFigure({ name, description: typo, typeId: type.id }),
        await seedFigure({ name, description: typo, typeId: type.id }),
      ];
      const own = await seedFigure({ name, description: "Dieser hier wohnt am Leuchtturm.", typeId: type.id });
      await db
        .update(schema.boonees)
        .set({ overriddenFields: sql`'{description}'::text[]` })
        .where(eq(schema.boonees.id, own.id));
      await signInAsAdmin(page);
      await inLanguage(page, lang);
      await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(name)}`);
      const typeCard = page
        .getByTestId("admin-figure-card")
        .filter({ has: page.locator(`a[href="/boonee/${type.id}"]`) });
      await typeCard.getByRole("button", { name: T.edit }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByTestId("type-reach")).toContainText(T.reach);
      await expect(dialog.getByTestId("type-reach")).toContainText(T.ownValues);
      await dialog.getByLabel(T.story, { exact: true }).fill("Er wohnt unter der Brücke am Hafen.");
      await dialog.getByRole("button", { name: T.save }).click();
      await expect(dialog).toHaveCount(0);
      for (const p of plain) {
        await page.goto(`/boonee/${p.id}`);
        await expect(page.getByText("Er wohnt unter der Brücke am Hafen.")).toBeVisible();
      }
      await page.goto(`/boonee/${own.id}`);
      await expect(page.getByText("Dieser hier wohnt am Leuchtturm.")).toBeVisible();
      expect((await figureById(plain[0].id)).description).toBe("Er wohnt unter der Brücke am Hafen.");
    });

    test("an Archived figure without owner says 'no longer claimable' on its page, its admin card and the dashboard", async ({
      page,
      browser,
    }) => {
      const archived = await seedFigure({ name: `Rentner ${unique()}`, status: "Archived" });
      const visitor = await person(browser, lang);
      await visitor.page.goto(`/boonee/${archived.id}`);
      await expect(visitor.page.getByTestId("status-pill")).toHaveText(T.noLongerClaimable);
      await expect(visitor.page.getByTestId("claim-cta")).toContainText(new RegExp(T.noLongerClaimable, "i"));
      await expect(visitor.page.getByText(T.available, { exact: true })).toHaveCount(0);
      await visitor.context.close();

      await signInAsAdmin(page);
      await inLanguage(page, lang);
      await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(archived.name)}`);
      const card = page.getByTestId("admin-figure-card");
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId("no-longer-claimable")).toHaveText(T.adminNoLonger);
      await gotoAdmin(page, "/admin");
      const row = page.getByTestId("status-row-Archived");
      await expect(row.getByTestId("status-available")).toHaveText("0");
      expect(Number(await row.getByTestId("status-total").textContent())).toBeGreaterThanOrEqual(1);
    });

    test("deleting a claimed figure tells its former owner", async ({ page, browser }) => {
      const owner = await person(browser, lang);
      const name = `Weggeräumt ${unique()}`;
      const { owned } = await ownerWith(owner.page, [{ name }]);
      await signInAsAdmin(page);
      await inLanguage(page, lang);
      await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(name)}`);
      const card = page.getByTestId("admin-figure-card");
      await card.getByRole("button", { name: T.delete }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: T.delete }).click();
      await expect(card).toHaveCount(0);
      expect(await figureById(owned[0].id)).toBeUndefined();
      await owner.page.goto("/notifications");
      await expect(owner.page.getByText(`${T.deleted} ${name}`)).toBeVisible();
      await owner.context.close();
    });
  });
}
