import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { gotoAdmin } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, unique } from "./fixtures.ts";

// Issue 37 (decision 053), the operator's story shared by the desktop (German) and phone (English) specs:
// an admin creates Lübeck (Europe/Berlin) and Tokyo (Asia/Tokyo); the checklist blocks activation until it
// is done; both appear on `/`; each city page shows its own figures.

type Texts = {
  lang: "de" | "en";
  create: string;
  nameDe: string;
  nameEn: string;
  slug: string;
  timeZone: string;
  country: string;
  activate: string;
  checklistOpen: string;
  labelsDone: string;
  operator: { name: string; address: string; email: string; representative: string };
  save: string;
  active: string;
  comingSoon: string;
  reserved: string;
  zoneNote: RegExp;
};

export const GERMAN: Texts = {
  lang: "de",
  create: "Stadt anlegen",
  nameDe: "Name (Deutsch)",
  nameEn: "Name (Englisch)",
  slug: "Adresse (Slug)",
  timeZone: "Zeitzone",
  country: "Land (ISO-Code)",
  activate: "Stadt aktivieren",
  checklistOpen: "Die Stadt kann erst aktiv werden, wenn die Checkliste erledigt ist.",
  labelsDone: "Als erledigt markieren",
  operator: { name: "Name", address: "Anschrift", email: "E-Mail", representative: "Vertreten durch" },
  save: "Speichern",
  active: "Aktiv",
  comingSoon: "Bald dabei",
  reserved: "Diese Adresse gehört schon zu einer Seite der App. Bitte wähle eine andere.",
  zoneNote: /Alle Zeiten in Ortszeit Tokio \(Asia\/Tokyo\)/,
};

export const ENGLISH: Texts = {
  lang: "en",
  create: "Create city",
  nameDe: "Name (German)",
  nameEn: "Name (English)",
  slug: "Address (slug)",
  timeZone: "Time zone",
  country: "Country (ISO code)",
  activate: "Activate city",
  checklistOpen: "The city can only go active once its checklist is done.",
  labelsDone: "Mark as done",
  operator: { name: "Name", address: "Address", email: "E-mail", representative: "Represented by" },
  save: "Save",
  active: "Active",
  comingSoon: "Coming soon",
  reserved: "This address belongs to a page of the app. Please choose another.",
  zoneNote: /All times in Tokyo local time \(Asia\/Tokyo\)/,
};

async function createCity(
  page: Page,
  t: Texts,
  city: { de: string; en: string; slug: string; zone: string; country: string },
) {
  await gotoAdmin(page, "/admin/cities");
  const form = page.getByTestId("city-form-create");
  await form.getByLabel(t.nameDe, { exact: true }).fill(city.de);
  await form.getByLabel(t.nameEn, { exact: true }).fill(city.en);
  await form.getByLabel(t.slug).fill(city.slug);
  await form.getByLabel(t.timeZone).fill(city.zone);
  await form.getByLabel(t.country).fill(city.country);
  await form.getByRole("button", { name: t.create }).click();
  await expect(page).toHaveURL(/\/admin\/cities\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByTestId("city-state")).toHaveText(t.comingSoon);
  return id;
}

/** Finishes the checklist in the browser (labels, operator) after a figure was placed in the city, then activates. */
async function completeAndActivate(page: Page, t: Texts, cityId: number, figureName: string) {
  await seedFigure({ name: figureName, cityId, status: "Placed" });
  await page.reload();
  await page.getByRole("button", { name: t.labelsDone }).click();
  await expect(page.locator('[data-item="labels"]')).toHaveAttribute("data-done", "true");
  const edit = page.getByTestId("city-form-update");
  await edit.getByLabel(t.operator.name, { exact: true }).fill("Boonees Nord");
  await edit.getByLabel(t.operator.address, { exact: true }).fill("Breite Straße 1, 23552 Lübeck");
  await edit.getByLabel(t.operator.email, { exact: true }).fill("nord@example.test");
  await edit.getByLabel(t.operator.representative, { exact: true }).fill("Erika Muster");
  await edit.getByRole("button", { name: t.save }).click();
  await expect(page.locator('[data-item="legal"]')).toHaveAttribute("data-done", "true");
  await expect(page.locator('[data-item="figures"]')).toHaveAttribute("data-done", "true");
  await page.getByRole("button", { name: t.activate }).click();
  await expect(page.getByTestId("city-state")).toHaveText(t.active);
}

export async function operatorAddsTwoCities(page: Page, t: Texts) {
  const u = unique()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const slugs = { luebeck: `luebeck-${t.lang}-${u}`, tokyo: `tokyo-${t.lang}-${u}` };
  await signInAsAdmin(page);

  // a route's word is refused, with the reason beside the field
  await gotoAdmin(page, "/admin/cities");
  const form = page.getByTestId("city-form-create");
  await form.getByLabel(t.nameDe, { exact: true }).fill("Drops");
  await form.getByLabel(t.nameEn, { exact: true }).fill("Drops");
  await form.getByLabel(t.slug).fill("drops");
  await form.getByRole("button", { name: t.create }).click();
  await expect(page.getByText(t.reserved)).toBeVisible();

  const luebeck = await createCity(page, t, {
    de: "Lübeck",
    en: "Lubeck",
    slug: slugs.luebeck,
    zone: "Europe/Berlin",
    country: "DE",
  });
  // the checklist is open: activation is refused and the city stays coming soon
  await page.getByRole("button", { name: t.activate }).click();
  await expect(page.getByTestId("city-action-error")).toHaveText(t.checklistOpen);
  await expect(page.getByTestId("city-state")).toHaveText(t.comingSoon);
  const luebeckFigure = `Holstentor-Geist ${u}`;
  await completeAndActivate(page, t, luebeck, luebeckFigure);

  const tokyo = await createCity(page, t, {
    de: "Tokio",
    en: "Tokyo",
    slug: slugs.tokyo,
    zone: "Asia/Tokyo",
    country: "JP",
  });
  const tokyoFigure = `Shibuya-Kobold ${u}`;
  await completeAndActivate(page, t, tokyo, tokyoFigure);
  const [row] = await db.select().from(schema.cities).where(eq(schema.cities.id, tokyo));
  expect(row).toMatchObject({ timeZone: "Asia/Tokyo", active: true, country: "JP" });

  // both on the landing page, each page with its own figures
  await page.goto("/");
  const list = page.getByTestId("city-list");
  await expect(list.locator(`[data-city="${slugs.luebeck}"]`)).toContainText(t.lang === "de" ? "Lübeck" : "Lubeck");
  await expect(list.locator(`[data-city="${slugs.tokyo}"]`)).toContainText(t.lang === "de" ? "Tokio" : "Tokyo");
  await expect(list.locator(`[data-city="${slugs.tokyo}"]`)).toContainText(t.active);
  await list.locator(`[data-city="${slugs.tokyo}"]`).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/${slugs.tokyo}$`));
  const gallery = page.getByTestId("city-gallery");
  await expect(gallery).toContainText(tokyoFigure);
  await expect(gallery).not.toContainText(luebeckFigure);
  await expect(page.getByTestId("city-zone-note")).toHaveText(t.zoneNote);
  await page.goto(`/${slugs.luebeck}`);
  await expect(page.getByTestId("city-gallery")).toContainText(luebeckFigure);
  await expect(page.getByTestId("city-gallery")).not.toContainText(tokyoFigure);
  await expect(page.getByTestId("city-zone-note")).toHaveCount(0);
  return { slugs, figures: { luebeck: luebeckFigure, tokyo: tokyoFigure } };
}
