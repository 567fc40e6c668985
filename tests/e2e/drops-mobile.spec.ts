import { sql } from "drizzle-orm";

import { dropHint, drop as dropRow } from "../support/factories.ts";
import { createAccount } from "./admin-fixtures.ts";
import { db, expect, seedFigure, test, unique, useEnglish } from "./fixtures.ts";
import { expectNoHorizontalScroll } from "./public-fixtures.ts";

// Runs in the "phone" project: 375 px wide. The drop is a month old, so it never becomes the
// landing page's current drop while the drop test in tests/e2e/channels.spec.ts runs.
async function pastDrop() {
  const finder = await createAccount(`Findefuchs${unique()}MitEinemSehrLangenNamen`);
  const found = await seedFigure({
    name: `Langname${unique()}OhneLeerzeichenImNamen`,
    ownerId: finder.id,
    status: "Found",
  });
  const hidden = await seedFigure({ name: `Noch${unique()}Versteckt` });
  const drop = await dropRow(db, {
    titleDe: `Ein sehr langer Dropname ${unique()}OhneLeerzeichenDerNichtUmbricht`,
    titleEn: `A very long drop name ${unique()}WithoutSpacesThatDoesNotWrap`,
    areaDe: "Zwischen Hafen, Bahnhof und dem langen Weg am Wasser",
    areaEn: "Between the harbour, the station and the long walk by the water",
    descriptionDe: "Drei Boonees warten. ".repeat(20),
    descriptionEn: "Three Boonees are waiting. ".repeat(20),
    releaseAt: sql`now() - interval '30 days'`,
    releasedAt: sql`now() - interval '30 days'`,
    figureIds: [found.id, hidden.id],
  });
  await dropHint(db, {
    dropId: drop.id,
    textDe: "Hinweis ".repeat(30),
    textEn: "Hint ".repeat(30),
    releaseAt: new Date(),
    releasedAt: new Date(),
  });
  return drop;
}

for (const lang of ["de", "en"] as const) {
  test(`the drop archive and a drop page fit 375 px (${lang})`, async ({ page }) => {
    const drop = await pastDrop();
    if (lang === "en") await useEnglish(page);
    await page.goto("/drops");
    await expectNoHorizontalScroll(page);
    await expect(page.getByTestId("drops-list")).toContainText(lang === "de" ? drop.titleDe : drop.titleEn);
    await page.goto(`/drops/${drop.id}`);
    await expectNoHorizontalScroll(page);
    await expect(page.getByTestId("drop-figure")).toHaveCount(2);
    await expect(page.getByTestId("drop-safety")).toBeVisible();
  });
}
