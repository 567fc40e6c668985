import { eq, inArray } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { drop as dropRow, figureReport } from "../support/factories.ts";
import { createAccount, gotoAdmin } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

// Issue 35 items 1, 2, 3, 4 and 5: the admin tells the truth in every view, in German and English.
// Each test owns its figures, drops, reports and reporters.

/**
 * A type kept back as a Draft (Nr. 1) with four instances: Nr. 2 in a waiting drop, Nr. 3 archived
 * and Nr. 4 reported missing by two people, both in a released drop that nobody found anything of.
 */
async function scene() {
  const name = `Wahrfant ${unique()}`;
  const type = await seedFigure({ name, status: "Draft" });
  const waiting = await seedFigure({ name, typeId: type.id });
  const archived = await seedFigure({ name, typeId: type.id });
  const reported = await seedFigure({ name, typeId: type.id });
  const waitingTitle = `Wartedrop ${unique()}`;
  await dropRow(db, {
    titleDe: waitingTitle,
    titleEn: `${waitingTitle} EN`,
    releaseAt: new Date(Date.now() + 5 * 3_600_000),
    figureIds: [waiting.id],
  });
  await db.update(schema.boonees).set({ status: "Hidden" }).where(eq(schema.boonees.id, waiting.id));

  const releasedTitle = `Hafendrop ${unique()}`;
  const hourAgo = new Date(Date.now() - 3_600_000);
  const released = await dropRow(db, {
    titleDe: releasedTitle,
    titleEn: `${releasedTitle} EN`,
    releaseAt: hourAgo,
    releasedAt: hourAgo,
    figureIds: [archived.id, reported.id],
  });
  await db.update(schema.boonees).set({ status: "Archived" }).where(eq(schema.boonees.id, archived.id));
  const place = `Unter der Brücke ${unique()}`;
  await db
    .update(schema.boonees)
    .set({ placementNote: place, reportedIssue: "missing", reportedAt: new Date() })
    .where(eq(schema.boonees.id, reported.id));
  for (const reporter of [await createAccount(), await createAccount()])
    await figureReport(db, { figureId: reported.id, reporterId: reporter.id, kind: "missing" });
  return { name, type, waiting, archived, reported, waitingTitle, releasedId: released.id, releasedTitle, place };
}

const TEXTS = {
  de: {
    available: "Verfügbar zum Claimen",
    inDrop: (title: string) => `Im Drop „${title}“ (geplant`,
    stillHidden: "Noch versteckt",
    archived: "Nicht mehr da",
    note: "Fehlt vielleicht",
    archivedBadge: "Archiviert",
    number: "Nr. 4",
    drop: (title: string) => `Aus dem Drop „${title}“`,
    asTable: "Als Tabelle",
    title: (t: string) => t,
  },
  en: {
    available: "Available for claim",
    inDrop: (title: string) => `In drop “${title}” (planned`,
    stillHidden: "Still hidden",
    archived: "Not out there any more",
    note: "Maybe missing",
    archivedBadge: "Archived",
    number: "No. 4",
    drop: (title: string) => `From the drop “${title}”`,
    asTable: "As a table",
    title: (t: string) => `${t} EN`,
  },
} as const;

for (const lang of ["de", "en"] as const) {
  test(`the admin tells the truth: gallery, available, drop pages, reports and 'found after' (${lang})`, async ({
    page,
  }) => {
    test.slow();
    const s = await scene();
    const x = TEXTS[lang];
    if (lang === "en") await useEnglish(page);

    // 1. the gallery shows the type although Nr. 1 is a Draft, and its card opens a page that answers
    await page.goto(`/boonees?q=${encodeURIComponent(s.name)}`);
    const card = page.getByRole("link", { name: s.name }).first();
    await expect(card).toBeVisible();
    await card.click();
    await expect(page.getByRole("heading", { name: s.name, level: 1 })).toBeVisible();

    await signInAsAdmin(page);
    // 2. the figure in the waiting drop is not "available": its card names the drop and its time
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(s.name)}`);
    const cards = page.getByTestId("admin-figure-card");
    await expect(cards).toHaveCount(4);
    await expect(page.getByTestId("in-waiting-drop")).toHaveCount(1);
    await expect(page.getByTestId("in-waiting-drop")).toContainText(x.inDrop(x.title(s.waitingTitle)));
    await expect(cards.filter({ hasText: s.waiting.code })).not.toContainText(x.available);
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(s.name)}&status=available`);
    // Nr. 1 (Draft, claimable by its code) and the reported Nr. 4; not the waiting or the archived one
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: s.waiting.code })).toHaveCount(0);

    // 3. the drop page: the archived figure is not "still hidden", the reported one shows the note
    await page.goto(`/drops/${s.releasedId}`);
    const figures = page.getByTestId("drop-figure");
    await expect(figures).toHaveCount(2);
    const archivedCard = figures.filter({ has: page.locator(`a[href="/boonee/${s.archived.id}"]`) });
    await expect(archivedCard.getByTestId("drop-figure-found")).toContainText(x.archived);
    await expect(archivedCard).not.toContainText(x.stillHidden);
    const reportedCard = figures.filter({ has: page.locator(`a[href="/boonee/${s.reported.id}"]`) });
    await expect(reportedCard.getByTestId("drop-figure-found")).toContainText(x.stillHidden);
    await expect(reportedCard.getByTestId("report-note")).toContainText(x.note);
    await expect(archivedCard.getByTestId("report-note")).toHaveCount(0);
    // … and the admin drop card marks the archived one
    await gotoAdmin(page, "/admin/drops");
    const dropCard = page.getByTestId("admin-drop").filter({ hasText: s.releasedTitle });
    await expect(dropCard.getByTestId("admin-drop-figure-archived")).toHaveCount(1);
    await expect(dropCard.getByTestId("admin-drop-figure-archived")).toHaveText(x.archivedBadge);
    // 8. its start in the page's language: no numeric German date on an English page
    if (lang === "en") await expect(dropCard).not.toContainText(/\d{2}\.\d{2}\.\d{4}/);
    else await expect(dropCard).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

    // 4. the reports page names which figure: number, placement note, drop
    await gotoAdmin(page, "/admin/reports");
    const report = page.getByTestId("report-card").filter({ has: page.locator(`a[href="/boonee/${s.reported.id}"]`) });
    await expect(report.getByTestId("figure-identity")).toContainText(x.number);
    await expect(report.getByTestId("placement-note")).toContainText(s.place);
    await expect(report.getByTestId("report-drop")).toHaveText(x.drop(x.title(s.releasedTitle)));

    // 5. "found after": neither figure was found, so the table says "—", never "0 h"
    await gotoAdmin(page, "/admin");
    const chart = page.getByTestId("chart-timeToFind");
    await chart.getByText(x.asTable).click();
    const row = chart.getByRole("row").filter({ hasText: x.title(s.releasedTitle) });
    await expect(row.getByRole("cell")).toHaveText(["—", "—"]);
    await expect(row).not.toContainText("0 h");
    await page.screenshot({ path: `test-results/admin-truth-${lang}.png`, fullPage: true });
    await db.delete(schema.figureReports).where(inArray(schema.figureReports.figureId, [s.reported.id]));
  });
}
