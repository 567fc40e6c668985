import type { Browser, Page } from "@playwright/test";
import { and, eq, isNull } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { createAccount, seasonedAccount } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signIn, test, unique, useEnglish } from "./fixtures.ts";

// The report form on a 375 px phone (issue 35 item 11, decision 042): no kind chosen in advance, an
// open report changed and withdrawn by its author, and a public note that says what was reported.

const TEXT = {
  de: {
    summary: "Fehlt er oder ist er kaputt? Melde ihn",
    changeSummary: "Deine Meldung ändern oder zurückziehen",
    missing: "Er fehlt – ich habe ihn nicht gefunden",
    damaged: "Er oder sein Tag ist beschädigt",
    note: "Notiz (freiwillig)",
    send: "Meldung senden",
    change: "Meldung ändern",
    withdraw: "Meldung zurückziehen",
    thanks: "Danke! Deine Meldung ist angekommen.",
    mineMissing: "Du hast gemeldet, dass er fehlt.",
    publicNote: "Fehlt vielleicht. Als fehlend gemeldet: 1×. Als beschädigt gemeldet: 1×. Das Team schaut nach.",
  },
  en: {
    summary: "Is it gone or broken? Report it",
    changeSummary: "Change or withdraw your report",
    missing: "It is missing – I could not find it",
    damaged: "It or its tag is damaged",
    note: "Note (optional)",
    send: "Send report",
    change: "Change report",
    withdraw: "Withdraw report",
    thanks: "Thank you! Your report has arrived.",
    mineMissing: "You reported it missing.",
    publicNote: "Maybe missing. Reported missing: 1×. Reported damaged: 1×. The team is looking into it.",
  },
} as const;

const newPage = async (browser: Browser, lang: "de" | "en") => {
  const p = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  if (lang === "en") await useEnglish(p);
  return p;
};
const openReports = (figureId: string, reporterId: string) =>
  db
    .select({ kind: schema.figureReports.kind, note: schema.figureReports.note })
    .from(schema.figureReports)
    .where(
      and(
        eq(schema.figureReports.figureId, figureId),
        eq(schema.figureReports.reporterId, reporterId),
        isNull(schema.figureReports.resolvedAt),
      ),
    );
/** Nothing sticks out sideways on the phone. */
const fitsTheWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

for (const lang of ["de", "en"] as const) {
  const t = TEXT[lang];
  test(`report, change and withdraw on a phone; the note says what was reported (${lang})`, async ({
    page,
    browser,
  }) => {
    // three people in three browsers, a dozen page loads: on a machine busy with builds this took over 2 minutes
    test.setTimeout(360_000);
    await page.setViewportSize({ width: 375, height: 740 });
    if (lang === "en") await useEnglish(page);
    const figure = await seedFigure({ name: `Knödel ${unique()}` });
    const url = `/boonee/${figure.id}`;
    const anna = await seasonedAccount(page);
    await page.goto(url);
    await page.getByText(t.summary).click();
    // No kind is chosen for the reporter; sending without one is stopped by the form and stores nothing.
    await expect(page.getByLabel(t.missing)).not.toBeChecked();
    await expect(page.getByLabel(t.damaged)).not.toBeChecked();
    await fitsTheWidth(page);
    await page.screenshot({ path: `test-results/report-form-${lang}.png`, fullPage: true });
    await page.getByRole("button", { name: t.send }).click();
    expect(await page.getByLabel(t.missing).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    expect(await openReports(figure.id, anna.id)).toEqual([]);

    await page.getByLabel(t.damaged).check();
    await page.getByLabel(t.note).fill("Tag wackelt");
    await page.getByRole("button", { name: t.send }).click();
    await expect(page.getByText(t.thanks)).toBeVisible();
    expect(await openReports(figure.id, anna.id)).toEqual([{ kind: "damaged", note: "Tag wackelt" }]);

    // Changed by its author: the form comes back filled with the report as it is.
    await page.getByText(t.changeSummary).click();
    await expect(page.getByLabel(t.damaged)).toBeChecked();
    await expect(page.getByLabel(t.note)).toHaveValue("Tag wackelt");
    await page.getByLabel(t.missing).check();
    await page.getByLabel(t.note).fill("Nicht mehr unter der Bank");
    await page.getByRole("button", { name: t.change }).click();
    // the page that comes back says the new kind (its toast may be gone before a busy machine looks)
    await expect(page.getByTestId("my-report")).toBeVisible(); // in sight, without opening the form
    await expect(page.getByTestId("my-report")).toContainText(t.mineMissing);
    expect(await openReports(figure.id, anna.id)).toEqual([{ kind: "missing", note: "Nicht mehr unter der Bank" }]);

    // A second person with something to lose reports it damaged: the note names both kinds, once each.
    const bo = await newPage(browser, lang);
    await seasonedAccount(bo);
    await bo.goto(url);
    await bo.getByText(t.summary).click();
    await bo.getByLabel(t.damaged).check();
    await bo.getByRole("button", { name: t.send }).click();
    await expect(bo.getByText(t.thanks)).toBeVisible();
    const visitor = await newPage(browser, lang);
    await expect(async () => {
      await visitor.goto(url);
      await expect(visitor.getByTestId("report-note")).toHaveText(t.publicNote, { timeout: 1000 });
    }).toPass();
    await fitsTheWidth(visitor);
    await visitor.screenshot({ path: `test-results/report-note-${lang}.png`, fullPage: true });

    // Withdrawn: one counted report is left, the note goes.
    await page.goto(url);
    await page.getByText(t.changeSummary).click();
    await expect(page.getByTestId("my-report")).toContainText(t.mineMissing);
    await fitsTheWidth(page);
    await page.getByRole("button", { name: t.withdraw }).click();
    await expect(page.getByText(t.summary)).toBeVisible(); // the form for a new report is back
    await expect(page.getByTestId("my-report")).toHaveCount(0);
    expect(await openReports(figure.id, anna.id)).toEqual([]);
    await expect(async () => {
      await visitor.goto(url);
      await expect(visitor.getByTestId("report-figure")).toBeVisible({ timeout: 1000 });
      await expect(visitor.getByTestId("report-note")).toHaveCount(0, { timeout: 1000 });
    }).toPass();
  });
}

test("two accounts made a minute ago report a figure missing: no public note (de)", async ({ page, browser }) => {
  test.setTimeout(180_000); // two people in two browsers, on a busy machine
  const figure = await seedFigure({ name: `Fussel ${unique()}` });
  const url = `/boonee/${figure.id}`;
  for (const p of [page, await newPage(browser, "de")]) {
    const u = await createAccount();
    await signIn(p, u.email, u.password);
    await p.goto(url);
    await p.getByText(TEXT.de.summary).click();
    await p.getByLabel(TEXT.de.missing).check();
    await p.getByRole("button", { name: TEXT.de.send }).click();
    await expect(p.getByText(TEXT.de.thanks)).toBeVisible();
  }
  const visitor = await newPage(browser, "de");
  await visitor.goto(url);
  await expect(visitor.getByTestId("report-figure")).toBeVisible();
  await expect(visitor.getByTestId("report-note")).toHaveCount(0);
  const [row] = await db
    .select({ issue: schema.boonees.reportedIssue })
    .from(schema.boonees)
    .where(eq(schema.boonees.id, figure.id));
  expect(row.issue).toBeNull();
});
