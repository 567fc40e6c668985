import { eq, inArray } from "drizzle-orm";

import { formatDayTime } from "#shared/dates.ts";

import * as schema from "../../server/db/schema.ts";
import { createAccount, gotoAdmin } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";
import { liveDrop, removeDrops, waitingDrop } from "./operator-glance.ts";

// Issue 35 items 9 and 8: what a weekly operator looks at before acting.
const ZONE = "Europe/Berlin"; // TIME_ZONE's default, as the e2e server runs

test("the dashboard shows the live drop's found and still hidden, then the next drop's start, 'in …' and figures (German and English)", async ({
  page,
}) => {
  const finder = await createAccount();
  const live = await liveDrop(3, 1, finder.id);
  const next = await waitingDrop(50, 2);
  try {
    await signInAsAdmin(page);
    await gotoAdmin(page, "/admin");
    const card = page.getByTestId("dashboard-drop");
    await expect(card).toHaveAttribute("data-state", "live");
    await expect(card).toContainText("Läuft gerade");
    await expect(card).toContainText(live.titleDe);
    await expect(card.getByTestId("dashboard-drop-counts")).toHaveText("1 von 3 gefunden · 2 noch versteckt");
    await card.getByRole("link", { name: "Zum Drop" }).click();
    await expect(page).toHaveURL(new RegExp(`/drops/${live.id}$`));

    // every figure of the live drop found: the next planned one
    await db
      .update(schema.boonees)
      .set({ ownerId: finder.id, status: "Found", claimedAt: new Date() })
      .where(
        inArray(
          schema.boonees.id,
          live.figures.map((f) => f.id),
        ),
      );
    await gotoAdmin(page, "/admin");
    await expect(card).toHaveAttribute("data-state", "waiting");
    await expect(card).toContainText("Nächster Drop");
    await expect(card).toContainText(next.titleDe);
    await expect(card.getByTestId("dashboard-drop-start")).toHaveText(
      `Start: ${formatDayTime(next.releaseAt, "de", ZONE)}`,
    );
    await expect(card.getByTestId("dashboard-drop-in")).toHaveText(/^in (49|50) Minuten$/);
    await expect(card.getByTestId("dashboard-drop-figures")).toHaveText("2 Boonees");

    await useEnglish(page);
    await gotoAdmin(page, "/admin");
    await expect(card).toContainText("Next drop");
    await expect(card).toContainText(next.titleEn);
    await expect(card.getByTestId("dashboard-drop-start")).toHaveText(
      `Starts: ${formatDayTime(next.releaseAt, "en", ZONE)}`,
    );
    await expect(card.getByTestId("dashboard-drop-in")).toHaveText(/^in (49|50) minutes$/);
    await card.getByRole("link", { name: "Edit the drop" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/drops#drop-${next.id}$`));
    await expect(page.locator(`#drop-${next.id}`)).toContainText(next.titleDe);
  } finally {
    await removeDrops([live.id, next.id]);
  }
});

test("the broadcast form counts who gets it for the chosen audience; nobody: it says so and Send is off (German and English)", async ({
  page,
}) => {
  const series = `Zählreihe ${unique()}`;
  const lonely = `Leerreihe ${unique()}`;
  const [anna, ben] = [await createAccount(), await createAccount()];
  await seedFigure({ status: "Found", ownerId: anna.id, series, rarity: "Rare" });
  await seedFigure({ status: "Found", ownerId: anna.id, series });
  await seedFigure({ status: "Found", ownerId: ben.id, series });
  await seedFigure({ series: lonely }); // nobody's yet
  await signInAsAdmin(page);
  await gotoAdmin(page, "/admin/content");
  const count = page.getByTestId("recipient-count");
  const send = page.getByRole("button", { name: "Senden" });
  await expect(count).toHaveText(/^Geht an \d+ Personen$/); // all owners: at least these two
  await page.getByLabel("Zielgruppe").selectOption("series");
  await expect(count).toHaveText("Wähle die Zielgruppe fertig aus, dann steht hier, wie viele es bekommen.");
  await page.getByLabel("Serie", { exact: true }).selectOption(lonely);
  await expect(count).toHaveText(
    /^Niemand bekommt das: Keine Besitzerin und kein Besitzer passt zu dieser Zielgruppe\./,
  );
  await expect(send).toBeDisabled();
  await page.getByLabel("Serie", { exact: true }).selectOption(series);
  await expect(count).toHaveText("Geht an 2 Personen");
  await expect(send).toBeEnabled();

  // the count is what is sent
  const title = `Für die Zählreihe ${unique()}`;
  await page.getByLabel("Titel", { exact: true }).fill(title);
  await page.getByLabel("Nachricht", { exact: true }).fill("Nur für die, die eine aus der Reihe haben.");
  await send.click();
  await expect(page.getByText("Inhalt an 2 Nutzer:innen gesendet!").first()).toBeVisible();
  const [content] = await db.select().from(schema.exclusiveContent).where(eq(schema.exclusiveContent.title, title));
  expect(content.recipientCount).toBe(2);
  const notes = await db.select().from(schema.notifications).where(eq(schema.notifications.contentId, content.id));
  expect(notes.map((n) => n.userId).sort()).toEqual([anna.id, ben.id].sort());

  await useEnglish(page);
  await gotoAdmin(page, "/admin/content");
  await page.getByLabel("Target audience").selectOption("series");
  await page.getByLabel("Series", { exact: true }).selectOption(series);
  await expect(count).toHaveText("Goes to 2 people");
  await page.getByLabel("Series", { exact: true }).selectOption(lonely);
  await expect(count).toHaveText("Nobody gets this: no owner matches this audience. Choose another one to send.");
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
});

test("a wrong or too large file says why at the file field: the allowed types or the limit (German and English)", async ({
  page,
}) => {
  const owner = await createAccount();
  const series = `Dateireihe ${unique()}`;
  await seedFigure({ status: "Found", ownerId: owner.id, series });
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  await signInAsAdmin(page);
  await gotoAdmin(page, "/admin/content");
  const fileError = page.locator("#broadcast-file-error");
  const title = `Datei ${unique()}`;
  await page.getByLabel("Titel", { exact: true }).fill(title);
  await page.getByLabel("Nachricht", { exact: true }).fill("Ein Bild aus der Werkstatt für die Reihe.");
  await page.getByLabel("Zielgruppe").selectOption("series");
  await page.getByLabel("Serie", { exact: true }).selectOption(series);
  await page.getByLabel("Inhaltstyp").selectOption("image");
  await page
    .getByLabel("Bilddatei")
    .setInputFiles({ name: "notiz.txt", mimeType: "text/plain", buffer: Buffer.from("nur Text") });
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(fileError).toHaveText("Die Datei ist kein JPEG-, PNG-, WebP-, GIF- oder AVIF-Bild.");
  await page
    .getByLabel("Bilddatei")
    .setInputFiles({ name: "riesig.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(fileError).toHaveText(
    "Das Bild ist größer als 10 MB, die Grenze für Bilder. Bitte wähle eine kleinere Datei.",
  );
  expect(posts).toEqual([]); // said before anything was sent

  // a file that only claims to be a PNG: the server's check by content says the same at the field
  await page
    .getByLabel("Bilddatei")
    .setInputFiles({ name: "falsch.png", mimeType: "image/png", buffer: Buffer.from("kein Bild, nur Text") });
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(fileError).toHaveText("Die Datei ist kein JPEG-, PNG-, WebP-, GIF- oder AVIF-Bild.");
  expect(posts.length).toBe(1);
  expect(await db.select().from(schema.exclusiveContent).where(eq(schema.exclusiveContent.title, title))).toHaveLength(
    0,
  );

  await useEnglish(page);
  await gotoAdmin(page, "/admin/content");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Message", { exact: true }).fill("A clip from the workshop for the series.");
  await page.getByLabel("Content type").selectOption("video");
  await page
    .getByLabel("Video file")
    .setInputFiles({ name: "clip.txt", mimeType: "text/plain", buffer: Buffer.from("just text") });
  await page.getByRole("button", { name: "Send" }).click();
  await expect(fileError).toHaveText("The file is not an MP4 or WebM video.");
});
