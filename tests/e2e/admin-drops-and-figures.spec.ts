import { eq } from "drizzle-orm";

import { toZonedInput } from "#shared/zoned-time.ts";

import * as schema from "../../server/db/schema.ts";
import { dropHint, drop as dropRow } from "../support/factories.ts";
import { gotoAdmin, ownerWith } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

// Issue 25 ("the second week"), operator items 8, 9, 10, 11 and 14, as the admin meets them.
const ZONE = "Europe/Berlin";
const AFTER_SAVE = { timeout: 20_000 }; // a save, a redirect and the page's reload on a shared, busy machine
const inHours = (h: number) => toZonedInput(new Date(Date.now() + h * 3_600_000), ZONE);

/** A type and its instances (Nr. 1, 2, 3 …), created in that order. */
async function typeWithInstances(name: string, instances: number) {
  const type = await seedFigure({ name, series: `Reihe ${name}` });
  const copies = [];
  for (let i = 0; i < instances; i++) copies.push(await seedFigure({ name, series: `Reihe ${name}`, typeId: type.id }));
  return { type, copies };
}

test("the drop picker finds any figure by name and Nr., keeps the texts, and the forms start empty after a save (de, 375 px)", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  const name = `Suchfant ${unique()}`;
  const { copies } = await typeWithInstances(name, 3);
  // more free figures than the picker shows at once, all newer than the one wanted
  for (let i = 0; i < 32; i++) await seedFigure({ name: `Füller ${unique()}` });
  await signInAsAdmin(page);
  await gotoAdmin(page, "/admin/drops");
  const form = page.getByTestId("drop-form");
  await expect(form.getByTestId("drop-figure-picker")).not.toContainText(name);
  await expect(form.getByTestId("picker-count")).toContainText("such genauer");

  const title = `Suchdrop ${unique()}`;
  await form.getByLabel("Titel (Deutsch)").fill(title);
  await form.getByLabel("Titel (Englisch)").fill(`${title} EN`);
  await form.getByLabel("Boonees suchen").fill(`${name} Nr. 3`);
  await form.getByRole("button", { name: "Suchen" }).click();
  const picked = form.getByLabel(copies[1].code);
  await expect(picked).toBeVisible(AFTER_SAVE);
  await expect(form.getByTestId("drop-figure-picker")).toContainText(`Nr. 3 · Code ${copies[1].code}`);
  await expect(form.getByLabel("Titel (Deutsch)")).toHaveValue(title);
  await page.screenshot({ path: "test-results/operator-picker-375.png", fullPage: true });
  await picked.check();
  await form.getByLabel("Start", { exact: true }).fill(inHours(5));
  await form.getByRole("button", { name: "Drop planen" }).click();
  await expect(page.getByText("Drop geplant.")).toBeVisible(AFTER_SAVE);

  // the card lists the figure as the admin knows it; the new-drop form is empty again
  const card = page.getByTestId("admin-drop").filter({ hasText: title });
  await expect(card.getByTestId("admin-drop-figures")).toContainText(`Nr. 3 · Code ${copies[1].code}`);
  await expect(form.getByLabel("Titel (Deutsch)")).toHaveValue("");
  await expect(form.getByLabel("Boonees suchen")).toHaveValue("");

  // a hint added: its form is empty again (a second click would have added it twice)
  const hintForm = card.getByTestId("add-hint-form");
  await hintForm.getByLabel("Hinweis (Deutsch)").fill("Am alten Brunnen");
  await hintForm.getByLabel("Hinweis (Englisch)").fill("At the old fountain");
  await hintForm.getByLabel("Veröffentlichen um").fill(inHours(6));
  await hintForm.getByRole("button", { name: "Hinweis hinzufügen" }).click();
  await expect(page.getByText("Hinweis hinzugefügt.")).toBeVisible(AFTER_SAVE);
  await expect(card.getByTestId("admin-drop-hint")).toHaveCount(1);
  await expect(card.getByTestId("add-hint-form").getByLabel("Hinweis (Deutsch)")).toHaveValue("");
  await page.screenshot({ path: "test-results/operator-drop-card-375.png", fullPage: true });
});

test("a cancelled drop keeps its figures and is duplicated with its hint and photo; the edit form shows the photo (en)", async ({
  page,
}) => {
  test.slow();
  const figure = await seedFigure({ name: `Absagefant ${unique()}` });
  const title = `Rained off ${unique()}`;
  const releaseAt = new Date(Date.now() + 3 * 3_600_000);
  const drop = await dropRow(db, {
    titleDe: title,
    titleEn: `${title} EN`,
    releaseAt,
    hintImageUrl: "/favicon.ico",
    figureIds: [figure.id],
  });
  await db.update(schema.boonees).set({ status: "Hidden" }).where(eq(schema.boonees.id, figure.id));
  await dropHint(db, {
    dropId: drop.id,
    textDe: "Hinter der Mühle",
    textEn: "Behind the mill",
    releaseAt: new Date(releaseAt.getTime() + 600_000),
  });
  await useEnglish(page);
  await signInAsAdmin(page);
  await gotoAdmin(page, "/admin/drops");
  const card = page.getByTestId("admin-drop").filter({ hasText: title });
  page.once("dialog", (d) => void d.accept());
  await card.getByRole("button", { name: "Cancel drop" }).click();
  await expect(page.getByText("Drop cancelled.")).toBeVisible(AFTER_SAVE);
  await expect(card).toHaveAttribute("data-state", "cancelled");
  await expect(card.getByTestId("admin-drop-figures")).toContainText(figure.name);

  await card.getByRole("link", { name: "Duplicate" }).click();
  const form = page.getByTestId("drop-form");
  await expect(page.getByText("Duplicate drop")).toBeVisible();
  await expect(form.getByLabel("Title (German)")).toHaveValue(title);
  await expect(form.getByTestId("current-hint-image")).toBeVisible();
  await expect(form.getByLabel(figure.code)).toBeChecked();
  await form.getByLabel("Title (German)").fill(`${title} again`);
  await form.getByLabel("Start", { exact: true }).fill(inHours(24));
  await form.getByRole("button", { name: "Schedule drop" }).click();
  await expect(page.getByText("Drop scheduled.")).toBeVisible(AFTER_SAVE);
  const again = page.getByTestId("admin-drop").filter({ hasText: `${title} again` });
  await expect(again).toHaveAttribute("data-state", "waiting");
  await expect(again.getByTestId("admin-drop-hint").getByLabel("Hint (German)")).toHaveValue("Hinter der Mühle");
  await again.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText("Edit drop")).toBeVisible();
  await expect(form.getByTestId("current-hint-image")).toBeVisible();
});

test("replacing a code found by that code keeps the figure and its new code on screen (de)", async ({ page }) => {
  const figure = await seedFigure({ name: `Neucodefant ${unique()}` });
  await signInAsAdmin(page);
  await gotoAdmin(page, `/admin/boonees?q=${figure.code}`);
  const card = page.getByTestId("admin-figure-card").filter({ hasText: figure.name });
  await card.getByRole("button", { name: "Code ersetzen" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Code ersetzen" }).click();
  const result = page.getByRole("dialog", { name: `Neuer Code für ${figure.name}` });
  await expect(result).toBeVisible(AFTER_SAVE);
  const [tag] = await db.select().from(schema.tags).where(eq(schema.tags.figureId, figure.id));
  expect(tag.secretCode).not.toBe(figure.code);
  await expect(result).toContainText(tag.secretCode);
  // the list follows the new code instead of showing "0 Treffer"
  await expect(page).toHaveURL(new RegExp(`q=${tag.secretCode}`));
  await expect(
    page.getByTestId("admin-figure-card").filter({ hasText: figure.name }).getByTestId("figure-code"),
  ).toHaveText(tag.secretCode);
  await expect(result).toBeVisible();
});

test("deleting a type says what its instances need and refuses; the instances keep their numbers (en)", async ({
  page,
}) => {
  const name = `Typfant ${unique()}`;
  const { type, copies } = await typeWithInstances(name, 2);
  await useEnglish(page);
  await signInAsAdmin(page);
  await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(name)}`);
  const typeCard = page.getByTestId("admin-figure-card").filter({ hasText: type.code });
  await typeCard.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByTestId("delete-type-refused")).toHaveText(
    "This is the type of 2 instances: they take their texts, picture and numbers (No. 2, No. 3 … on their labels) from it. Delete the instances first, then the type.",
  );
  await expect(dialog.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("admin-figure-card").filter({ hasText: copies[1].code })).toContainText("No. 3");
  const [still] = await db.select().from(schema.boonees).where(eq(schema.boonees.id, type.id));
  expect(still).toBeDefined();
});

test("the drop picker's search works without JavaScript and keeps what was typed (de)", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const name = `Ohnejsfant ${unique()}`;
  const { type } = await typeWithInstances(name, 1);
  await signInAsAdmin(page);
  await page.goto("/admin/drops");
  const form = page.getByTestId("drop-form");
  const title = `Ohne JS ${unique()}`;
  await form.getByLabel("Titel (Deutsch)").fill(title);
  await form.getByLabel("Boonees suchen").fill(type.code.toLowerCase());
  await form.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/figureQ=/);
  await expect(form.getByLabel("Titel (Deutsch)")).toHaveValue(title);
  await expect(form.getByTestId("drop-figure-picker")).toContainText(`Nr. 1 · Code ${type.code}`);
  await expect(form.getByTestId("picker-count")).toHaveText("1 Treffer.");
  await context.close();
});

test("a claim rejected during a started drop tells the admin to reprint and the drop page that the find was withdrawn (en)", async ({
  page,
  browser,
}) => {
  test.slow();
  const finder = await (await browser.newContext()).newPage();
  const { owned } = await ownerWith(finder, [{ name: `Zu früh ${unique()}` }]);
  const figure = owned[0];
  const title = `Harbour hunt ${unique()}`;
  const drop = await dropRow(db, {
    titleDe: title,
    titleEn: `${title} EN`,
    releaseAt: new Date(Date.now() - 60_000),
    releasedAt: new Date(),
    figureIds: [figure.id],
  });
  await useEnglish(page);
  await signInAsAdmin(page);
  await gotoAdmin(page, `/admin/claims?q=${encodeURIComponent(figure.name)}`);
  const row = page.getByTestId("claim-row").filter({ hasText: figure.name });
  await row.getByRole("button", { name: `Reject the claim of ${figure.name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("If it lies out in a started drop, its label there stops working too");
  await dialog.getByLabel(/Reason/).fill("The code was shared online");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(
    page.getByText(`It is part of the started drop “${title}”: its label out there no longer works.`, { exact: false }),
  ).toBeVisible(AFTER_SAVE);
  await page.goto(`/drops/${drop.id}`);
  await expect(
    page.getByTestId("drop-figure").filter({ hasText: figure.name }).getByTestId("drop-figure-withdrawn"),
  ).toHaveText("Find withdrawn: this Boonee gets a new label, the old one no longer works.");
  await finder.context().close();
});
