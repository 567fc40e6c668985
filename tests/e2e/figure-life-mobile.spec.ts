import { writeFile } from "node:fs/promises";
import type { Browser } from "@playwright/test";
import { sql } from "drizzle-orm";
import sharp from "sharp";

import * as schema from "../../server/db/schema.ts";
import { claimRow, drop as dropRow } from "../support/factories.ts";
import { gotoAdmin, ownerWith, seasonedAccount } from "./admin-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";
import { addStoryRow, seedProfile } from "./public-fixtures.ts";

const newPage = async (browser: Browser) => (await browser.newContext()).newPage();

test("two people report a figure, everyone sees the note, an admin resolves it and both reporters are told (de)", async ({
  page,
  browser,
}) => {
  test.slow(); // four people in four browsers
  const figure = await seedFigure({ name: `Moppel ${unique()}` });
  const url = `/boonee/${figure.id}`;
  const reporters = [page, await newPage(browser)];
  const answers = [
    { kind: "Er fehlt – ich habe ihn nicht gefunden", note: "Nicht mehr unter der Bank am Hafen" },
    { kind: "Er oder sein Tag ist beschädigt", note: "" },
  ];
  for (const [i, p] of reporters.entries()) {
    await seasonedAccount(p); // reports of new accounts do not count (decision 042)
    await p.goto(url);
    await p.getByText("Fehlt er oder ist er kaputt? Melde ihn").click();
    await p.getByLabel(answers[i].kind).check();
    await p.getByLabel("Notiz (freiwillig)").fill(answers[i].note);
    await p.getByRole("button", { name: "Meldung senden" }).click();
    await expect(p.getByText("Danke! Deine Meldung ist angekommen.")).toBeVisible();
    await expect(p.getByTestId("my-report")).toBeVisible();
  }

  // A signed-out visitor (the cached public page) sees the note once the second report is in.
  const visitor = await newPage(browser);
  await expect(async () => {
    await visitor.goto(url);
    await expect(visitor.getByTestId("report-note")).toContainText("Fehlt vielleicht.", { timeout: 1000 });
  }).toPass();
  // It says what was reported: one missing, one damaged — not "two people did not find it".
  await expect(visitor.getByTestId("report-note")).toHaveText(
    "Fehlt vielleicht. Als fehlend gemeldet: 1×. Als beschädigt gemeldet: 1×. Das Team schaut nach.",
  );
  await expect(visitor.getByTestId("figure-life").getByTestId("life-marked")).toContainText(
    "Gemeldet: fehlt vielleicht",
  );
  await visitor.screenshot({ path: "test-results/figure-life-note-de.png", fullPage: true });

  const admin = await newPage(browser);
  await signInAsAdmin(admin);
  await gotoAdmin(admin, "/admin");
  await expect(admin.getByTestId("stat-reports")).toBeVisible();
  await gotoAdmin(admin, "/admin/reports");
  const card = admin.getByTestId("report-card").filter({ hasText: figure.name });
  await expect(card).toContainText("Nicht mehr unter der Bank am Hafen");
  await expect(card).toContainText("Fehlt vielleicht (öffentlich)");
  await admin.screenshot({ path: "test-results/figure-life-admin-de.png", fullPage: true });
  await card.getByRole("button", { name: `${figure.name}: in Ordnung, Meldungen erledigen` }).click();
  await expect(admin.getByText("Erledigt: Der Hinweis ist weg, die Meldenden wissen Bescheid.")).toBeVisible();
  await expect(card).toHaveCount(0);
  const [log] = await db
    .select({ action: schema.activityLog.action })
    .from(schema.activityLog)
    .where(sql`${schema.activityLog.objectId} = ${figure.id}`);
  expect(log.action).toBe("report.fixed");

  for (const p of reporters) {
    await p.goto("/notifications");
    await expect(p.getByText(`Meldung erledigt: ${figure.name}`)).toBeVisible();
  }
  await expect(async () => {
    await visitor.goto(url);
    await expect(visitor.getByTestId("life-resolved")).toContainText("2 Meldungen geprüft: alles in Ordnung", {
      timeout: 1000,
    });
  }).toPass();
  await expect(visitor.getByTestId("report-note")).toHaveCount(0);
});

test("the biography tells the drop and the find with its 'found after', and no code (en)", async ({ page }) => {
  const finder = `Jo ${unique()}`;
  const finderId = await seedProfile(finder);
  const figure = await seedFigure({ name: `Kringel ${unique()}`, status: "Found", ownerId: finderId });
  await dropRow(db, {
    titleDe: "Hafenrunde",
    titleEn: "Harbour round",
    releaseAt: sql`now() - interval '3 hours'`,
    releasedAt: sql`now() - interval '3 hours'`,
    figureIds: [figure.id],
    previousStatus: "Hidden",
  });
  await db
    .update(schema.boonees)
    .set({ claimedAt: sql`now() - interval '1 hour'` })
    .where(sql`id = ${figure.id}`);
  await claimRow(db, { figureId: figure.id, userId: finderId, claimedAt: sql`now() - interval '1 hour'` });

  await useEnglish(page);
  await page.goto(`/boonee/${figure.id}`);
  const life = page.getByTestId("figure-life");
  await expect(life.getByRole("heading", { name: "Its life" })).toBeVisible();
  await expect(life.getByTestId("life-dropped")).toContainText("Hidden in the drop Harbour round");
  await expect(life.getByTestId("life-found")).toContainText(`Found by ${finder} after 2 hours`);
  await expect(page.getByRole("link", { name: "Sign in to report it" })).toBeHidden(); // folded until opened
  expect(await page.content()).not.toContain(figure.code);
  await page.screenshot({ path: "test-results/figure-life-biography-en.png", fullPage: true });

  // The share card: a 1200×630 PNG made on the server, in English, named in og:image and twitter:image.
  const image = await page.locator('head meta[property="og:image"]').getAttribute("content");
  expect(image).toBe(`${E2E.baseURL}/og/boonee/${figure.id}/en`);
  expect(await page.locator('head meta[name="twitter:image"]').getAttribute("content")).toBe(image);
  const card = await page.request.get(image!);
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toBe("image/png");
  const png = await card.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]); // the IHDR's width and height
  await writeFile("test-results/figure-life-card-en.png", png);
});

test("a finder adds a photo with GPS in its EXIF to their story: it is shown, and the served file has no EXIF at all (de)", async ({
  page,
}) => {
  const { owned } = await ownerWith(page, [{ name: `Knipsi ${unique()}` }]);
  const figure = owned[0];
  const [owner] = await db
    .select({ id: schema.boonees.ownerId })
    .from(schema.boonees)
    .where(sql`id = ${figure.id}`);
  await addStoryRow(figure.id, owner.id!, { title: "Am Leuchtturm", story: "Er saß im Sand direkt am Leuchtturm." });
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#e5602a" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "54/1 19/1 2388/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "10/1 7/1 2208/100",
      },
    })
    .toBuffer();
  expect((await sharp(photo).metadata()).exif).toBeDefined();

  await page.goto(`/boonee/${figure.id}`);
  const form = page.getByTestId("story-photo-form");
  await form
    .getByLabel("Fundfotos hinzufügen (noch 3)")
    .setInputFiles({ name: "leuchtturm.jpg", mimeType: "image/jpeg", buffer: photo });
  await form.getByRole("button", { name: "Fotos hochladen" }).click();
  await expect(page.getByText("Deine Fotos sind hochgeladen.")).toBeVisible();
  const shown = page.getByTestId("story-photos").getByRole("img", { name: "Fundfoto 1 zu „Am Leuchtturm“" });
  await expect(shown).toBeVisible();
  await expect(page.getByTestId("life-story").getByRole("img")).toHaveCount(1);
  // the full size, as the photo viewer shows it (issue 35: a photo opens in a viewer, not as the bare file)
  await page.getByTestId("story-photos").getByRole("link").click();
  const full = page.getByRole("dialog", { name: "Foto 1 von 1" }).getByRole("img");
  await expect(full).toBeVisible();
  for (const url of [await shown.getAttribute("src"), await full.getAttribute("src")]) {
    const served = await page.request.get(url!);
    expect(served.status()).toBe(200);
    const meta = await sharp(await served.body()).metadata();
    expect([meta.format, meta.exif, meta.xmp]).toEqual(["webp", undefined, undefined]);
  }
  await page.screenshot({ path: "test-results/figure-life-photo-de.png", fullPage: true });
});
