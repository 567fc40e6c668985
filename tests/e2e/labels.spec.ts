import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { claimRow } from "../support/factories.ts";
import { gotoAdmin, ownerWith } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

const ART_NOTICE = "Kunstwerk – kein gefährlicher Gegenstand / Art, not a dangerous object – scan me";
/** 1 mm in CSS pixels. */
const MM = 96 / 25.4;

/** A type (Nr. 1) and `n` instances (Nr. 2 …) in creation order; the instances at `claimed` are claimed. */
async function typeWithInstances(page: Page, n: number, claimed: number[], typeOwned = false) {
  const series = `Mole ${unique()}`;
  const { user } = await ownerWith(page, [], `Finja ${unique()}`);
  const type = await seedFigure({
    name: `Leuchtwicht ${unique()}`,
    series,
    status: "Placed",
    ownerId: typeOwned ? user.id : undefined,
  });
  await db
    .update(schema.boonees)
    .set({ createdAt: new Date(Date.now() - (n + 1) * 1000) })
    .where(eq(schema.boonees.id, type.id));
  const instances = [];
  for (let i = 0; i < n; i++) {
    const b = await seedFigure({
      name: type.name,
      series,
      typeId: type.id,
      ownerId: claimed.includes(i) ? user.id : undefined,
    });
    // distinct creation times, so the numbers follow the order made here
    await db
      .update(schema.boonees)
      .set({ createdAt: new Date(Date.now() - (n - i) * 1000) })
      .where(eq(schema.boonees.id, b.id));
    if (claimed.includes(i)) await claimRow(db, { figureId: b.id, userId: user.id });
    instances.push(b);
  }
  return { type, series, instances };
}

/** The printed width of the first label and of its QR code, in mm (print media, as the printer lays it out). */
async function printedSize(page: Page) {
  await page.emulateMedia({ media: "print" });
  const label = await page.getByTestId("label").first().boundingBox();
  const qr = await page.getByTestId("label-qr").first().boundingBox();
  await page.emulateMedia({ media: "screen" });
  return { label: { width: label!.width / MM, height: label!.height / MM }, qr: qr!.width / MM };
}

/**
 * What does not fit on a printed sticker (print media must be on): every line (QR, number and
 * series, URL with code, art notice) below the one before, none past the sticker's edges.
 */
async function stickerFaults(page: Page) {
  return page.getByTestId("label").evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const c = cell.getBoundingClientRect();
      const lines = [...cell.querySelectorAll("img, [data-label-line], [data-testid=label-code]")].map(
        (e) => [e, e.getBoundingClientRect()] as const,
      );
      const faults: string[] = [];
      const code = cell.querySelector("[data-testid=label-code]")!.textContent;
      if (lines.length !== 5) faults.push(`${code}: ${lines.length} lines`);
      const stacked = lines.filter(([e]) => e.tagName === "IMG" || e.hasAttribute("data-label-line"));
      for (let i = 1; i < stacked.length; i++)
        if (stacked[i][1].top < stacked[i - 1][1].bottom - 0.5)
          faults.push(`${code}: line ${i} overlaps line ${i - 1}`);
      for (const [e, b] of lines)
        if (b.left < c.left || b.right > c.right || b.bottom > c.bottom)
          faults.push(`${code}: ${e.getAttribute("data-label-line") ?? e.tagName} outside`);
      return faults;
    }),
  );
}

test.describe("label sheets", () => {
  test("a type's unclaimed labels are reprinted from the list, with a laminate note and a sticker format (German)", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 3, [1]); // Nr. 1 (the type), Nr. 2, [Nr. 3 claimed], Nr. 4
    await ownerPage.close();
    await signInAsAdmin(page);

    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(w.type.name)}`);
    // only the type's card offers the whole sheet; instances keep their single label
    await expect(page.getByRole("link", { name: /^Etiketten von / })).toHaveCount(1);
    await page.getByRole("link", { name: `Etiketten von ${w.type.name} drucken` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/labels\\?type=${w.type.id}$`));

    const labels = page.getByTestId("label");
    await expect(labels).toHaveCount(3);
    await expect(page.getByTestId("label-series")).toHaveText([
      `${w.series} · Nr. 1`,
      `${w.series} · Nr. 2`,
      `${w.series} · Nr. 4`,
    ]);
    await expect(page.getByTestId("label-code")).toHaveText([w.type.code, w.instances[0].code, w.instances[2].code]);
    await expect(page.getByTestId("label-sheet")).not.toContainText(w.instances[1].code);
    await expect(page.getByText("3 Etiketten, jedes mit kurzer Claim-URL.")).toBeVisible();
    await expect(page.getByText(`Alle noch nicht geclaimten Figuren von „${w.type.name}“: Nr. 1–2, 4.`)).toBeVisible();
    await expect(page.getByTestId("label-left-out")).toHaveText(
      "1 schon geclaimte Figur ist nicht dabei: Ihr Etikett hängt schon in der Stadt.",
    );

    // laminate: above the sheet on screen, once in print, on no label
    const note = page.getByTestId("laminate-note");
    await expect(note).toHaveText(
      "Die Etiketten hängen draußen: Laminiere sie nach dem Drucken oder drucke auf wetterfestes Stickerpapier, sonst weicht der Regen sie auf.",
    );
    await expect(note).toBeVisible();
    await expect(labels.first()).not.toContainText("Laminiere");
    await page.emulateMedia({ media: "print" });
    await expect(note).toBeVisible();
    await expect(page.getByRole("heading", { name: "QR-Etiketten" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Sticker 40 × 40 mm" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    // the A4 sheet: 62 × 66 mm labels with a 34 mm QR code
    const sheet = await printedSize(page);
    expect(sheet.label.width).toBeCloseTo(62, 0);
    expect(sheet.label.height).toBeCloseTo(66, 0);
    expect(sheet.qr).toBeCloseTo(34, 0);
    await expect(page.getByRole("link", { name: "A4-Bogen 62 × 66 mm" })).toHaveAttribute("aria-current", "page");

    // the sticker preset, chosen with the keyboard: 40 × 40 mm, QR still ≥ 25 mm, code on every sticker
    const stickerLink = page.getByRole("link", { name: "Sticker 40 × 40 mm" });
    await stickerLink.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/labels\\?type=${w.type.id}&format=sticker$`));
    await expect(page.getByRole("link", { name: "Sticker 40 × 40 mm" })).toHaveAttribute("aria-current", "page");
    await expect(labels).toHaveCount(3);
    await expect(page.getByTestId("label-series")).toHaveText([
      `Nr. 1 · ${w.series}`,
      `Nr. 2 · ${w.series}`,
      `Nr. 4 · ${w.series}`,
    ]);
    const sticker = await printedSize(page);
    expect(sticker.label.width).toBeCloseTo(40, 0);
    expect(sticker.label.height).toBeCloseTo(40, 0);
    expect(sticker.qr).toBeGreaterThanOrEqual(25);
    await page.emulateMedia({ media: "print" });
    for (const code of [w.type.code, w.instances[0].code, w.instances[2].code]) {
      const shown = page.getByTestId("label-code").filter({ hasText: code });
      await expect(shown).toBeVisible();
      expect((await shown.boundingBox())!.height / MM).toBeGreaterThanOrEqual(2);
    }
    await expect(labels.first()).toContainText(ART_NOTICE);
    expect(await stickerFaults(page)).toEqual([]);
    await expect(note).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // and back to the sheet by link
    await page.getByRole("link", { name: "A4-Bogen 62 × 66 mm" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/labels\\?type=${w.type.id}$`));
  });

  test("a type whose figures are all claimed gets the empty state; an unknown format is the A4 sheet (English)", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 2, [0, 1], true);
    await ownerPage.close();
    await useEnglish(page);
    await signInAsAdmin(page);
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(w.type.name)}`);
    await page.getByRole("link", { name: `Print the labels of ${w.type.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/labels\\?type=${w.type.id}$`));
    await expect(page.getByTestId("labels-empty")).toHaveText(
      `Every figure of “${w.type.name}” has been claimed – nothing left to reprint.`,
    );
    await expect(page.getByTestId("label-left-out")).toHaveText(
      "3 claimed figures are left out: their labels are in the city already.",
    );
    await expect(page.getByRole("button", { name: "Print" })).toBeDisabled();
    await expect(page.getByTestId("laminate-note")).toHaveCount(0);

    const hostile = "<b>x</b>sticker";
    const res = await page.goto(`/admin/labels?type=${w.type.id}&format=${encodeURIComponent(hostile)}`);
    expect(res?.status()).toBe(200);
    expect(await res!.text()).not.toContain("<b>x</b>");
    await expect(page.getByRole("link", { name: "A4 sheet 62 × 66 mm" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Stickers 40 × 40 mm" })).toHaveAttribute(
      "href",
      `/admin/labels?type=${w.type.id}&format=sticker`,
    );
  });

  test("a printed page holds 12 sheet labels or 24 stickers, each page starting a new sheet", async ({ page }) => {
    const series = `Seite ${unique()}`;
    const figures = [];
    for (let i = 0; i < 25; i++) figures.push(await seedFigure({ name: `Blattwicht ${unique()}`, series }));
    // the longest a sticker gets: a 20-character code and a long series
    const longCode = `L${unique()}`
      .replace(/[^A-Z0-9]/g, "")
      .padEnd(20, "W")
      .slice(0, 20);
    await db.update(schema.tags).set({ secretCode: longCode }).where(eq(schema.tags.figureId, figures[24].id));
    await db
      .update(schema.boonees)
      .set({ series: "Hafenkante am langen Kai hinter dem alten Speicher" })
      .where(eq(schema.boonees.id, figures[24].id));
    const ids = figures.map((f) => f.id).join(",");
    await signInAsAdmin(page);
    const pages = async () =>
      (await page.pdf({ preferCSSPageSize: true })).toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length;
    await gotoAdmin(page, `/admin/labels?ids=${ids}`);
    await expect(page.getByTestId("label")).toHaveCount(25);
    await expect(page.getByRole("region", { name: "Seite 3 von 3" })).toBeAttached();
    expect(await pages()).toBe(3);
    await gotoAdmin(page, `/admin/labels?ids=${ids}&format=sticker`);
    await expect(page.getByRole("region", { name: "Seite 2 von 2" })).toBeAttached();
    expect(await pages()).toBe(2);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("label-code").filter({ hasText: longCode })).toBeVisible();
    expect(await stickerFaults(page)).toEqual([]);
  });
});
