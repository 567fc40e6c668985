import { eq, inArray } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { drop as dropRow, figureReport } from "../support/factories.ts";
import { createAccount, gotoAdmin } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

// Issue 35 item 9: several figures change status at once from the admin list; resolved reports stay findable.

const statusesOf = async (ids: string[]) =>
  (
    await db
      .select({ name: schema.boonees.name, status: schema.boonees.status })
      .from(schema.boonees)
      .where(inArray(schema.boonees.id, ids))
  )
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => r.status);

test("select with the keyboard, change the status of the ticked figures at once (German)", async ({ page }) => {
  const series = `Stapel ${unique()}`;
  const figs = [];
  for (const n of ["A", "B", "C"]) figs.push(await seedFigure({ name: `${series} ${n}`, status: "Draft" }));
  await signInAsAdmin(page);
  await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(series)}`);
  await expect(page.getByTestId("admin-figure-card")).toHaveCount(3);
  await expect(page.getByTestId("bulk-status-bar")).toBeHidden();

  // "select all on this page" by keyboard, then one unticked again
  const all = page.getByLabel("Alle auf dieser Seite auswählen");
  await all.focus();
  await page.keyboard.press("Space");
  const bar = page.getByRole("region", { name: "Auswahl" });
  await expect(bar).toContainText("3 ausgewählt");
  await page.getByLabel(`${series} B auswählen`).focus();
  await page.keyboard.press("Space");
  await expect(bar).toContainText("2 ausgewählt");
  await expect(all).not.toBeChecked();

  await bar.getByLabel("Neuer Status").selectOption({ label: "Platziert" });
  await bar.getByRole("button", { name: "Status ändern" }).click();
  await expect(page.getByText("Status von 2 Boonees geändert.")).toBeVisible();
  await expect(bar).toBeHidden();
  expect(await statusesOf(figs.map((f) => f.id))).toEqual(["Placed", "Draft", "Placed"]);
  await expect(page.getByTestId("admin-figure-card").filter({ hasText: `${series} A` })).toContainText("Platziert");
  const logged = await db
    .select()
    .from(schema.activityLog)
    .where(inArray(schema.activityLog.objectId, [figs[0].id, figs[2].id]));
  expect(logged.map((l) => l.action)).toEqual(["boonee.updated", "boonee.updated"]);
});

test("one figure of a waiting drop among the selection: nothing changes and the bar names it (English)", async ({
  page,
}) => {
  const series = `Refusal ${unique()}`;
  const free = await seedFigure({ name: `${series} free`, status: "Draft" });
  const held = await seedFigure({ name: `${series} held`, status: "Hidden" });
  const drop = await dropRow(db, {
    titleDe: `Wartet ${series}`,
    titleEn: `Waits ${series}`,
    releaseAt: new Date("2099-06-01T12:00:00Z"),
    figureIds: [held.id],
  });
  try {
    await signInAsAdmin(page);
    await useEnglish(page);
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(series)}`);
    await page.getByLabel("Select all on this page").check();
    const bar = page.getByRole("region", { name: "Selection" });
    await expect(bar).toContainText("2 selected");
    await bar.getByLabel("New status").selectOption({ label: "Found" });
    await bar.getByRole("button", { name: "Change status" }).click();
    await expect(bar.getByRole("alert")).toHaveText(
      `Nothing changed: ${series} held belongs to a drop that has not started yet and stays hidden until the start.`,
    );
    expect(await statusesOf([free.id, held.id])).toEqual(["Draft", "Hidden"]);
    // the selection stays, so the admin can untick the held one and go on
    await page.getByLabel(`Select ${series} held`).uncheck();
    await bar.getByRole("button", { name: "Change status" }).click();
    await expect(page.getByText("Changed the status of 1 Boonee.")).toBeVisible();
    expect(await statusesOf([free.id, held.id])).toEqual(["Found", "Hidden"]);
  } finally {
    await db.update(schema.drops).set({ cancelledAt: new Date() }).where(eq(schema.drops.id, drop.id));
  }
});

test("reports: a resolved one stays, found under Resolved by its reporter's name, with how it was resolved", async ({
  page,
}) => {
  const name = `Gemeldet ${unique()}`;
  const fig = await seedFigure({ name });
  const [admin] = await db.select().from(schema.profiles).where(eq(schema.profiles.email, "admin@boonees.test"));
  const reporter = `Rosalie ${unique()}`;
  const profile = await createAccount(reporter);
  await figureReport(db, {
    figureId: fig.id,
    reporterId: profile.id,
    kind: "damaged",
    note: `Ohr abgebrochen ${name}`,
    resolvedAt: new Date(),
    resolution: "fixed",
    resolvedBy: admin.id,
  });
  await signInAsAdmin(page);
  await gotoAdmin(page, `/admin/reports?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("Keine Meldungen passen zu Suche und Filter.")).toBeVisible();
  await page.getByLabel("Welche Meldungen").selectOption({ label: "Erledigt" });
  const card = page.getByTestId("report-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("report-resolved")).toContainText("Erledigt: in Ordnung");
  // no resolve buttons on a figure without open reports
  await expect(card.getByRole("button")).toHaveCount(0);
  // the note's text finds it too, under "all"
  await page.getByLabel("Meldungen durchsuchen").fill(`Ohr abgebrochen ${name}`);
  await page.getByLabel("Welche Meldungen").selectOption({ label: "Alle" });
  await expect(page).toHaveURL(/state=all/);
  await expect(card).toBeVisible();
  await page.getByLabel("Meldungen durchsuchen").fill(reporter);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByTestId("report-card")).toHaveCount(1);
  await expect(card).toContainText(reporter);
});
