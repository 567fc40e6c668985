import { exclusive, finderStory, notification, profileRow, storyPhoto } from "../support/factories.ts";
import { otherBrowser, ownAddress } from "./claim-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, grantRole, seedFigure, signUp, test, unique, useEnglish } from "./fixtures.ts";

// Issue 35, items 13 (legal pages) and 15: what a finder on a phone still stumbled over.

test.beforeEach(async ({ page }) => {
  await ownAddress(page);
});

test("the success page shows 🎉 once, with its message, not also in the heading", async ({ page }) => {
  await signUp(page);
  const figure = await seedFigure();
  await page.goto(`/c/${figure.code}`);
  await page.getByRole("button", { name: "Jetzt claimen" }).click();
  await expect(page).toHaveURL(/\/claimed\//);
  // the page itself (it goes on to the collection after 1.5 s)
  const html = await (await page.request.get(new URL(page.url()).pathname)).text();
  expect(html.match(/🎉/g)).toHaveLength(1);
  expect(html).toContain("🎉 Dein Boonee gehört jetzt dir. Willkommen in der Crew.");
});

test("an already found figure's tag page links the figure's page, not only the gallery", async ({ page, browser }) => {
  const owner = await signUp(page);
  const figure = await seedFigure({ name: `Vergeben ${unique()}`, ownerId: owner.id });
  const visitor = await otherBrowser(browser);
  await visitor.page.goto(`/c/${figure.code}`);
  await expect(visitor.page.getByTestId("already-claimed")).toBeVisible();
  await expect(visitor.page.getByRole("link", { name: "Zur Galerie" })).toBeVisible();
  await visitor.page.getByRole("link", { name: `${figure.name} ansehen` }).click();
  await expect(visitor.page).toHaveURL(`/boonee/${figure.id}`);
  await expect(visitor.page.getByRole("heading", { name: figure.name, level: 1 })).toBeVisible();
  await visitor.context.close();
});

test("signing in to claim a figure says so once: no extra „found one? claim it first“", async ({ page }) => {
  const figure = await seedFigure({ name: `Anmeldung ${unique()}` });
  await page.goto(`/auth?redirect=${encodeURIComponent(`/c/${figure.code}`)}`);
  await expect(page.getByTestId("claiming-figure")).toContainText(`Melde dich an, um ${figure.name} zu claimen.`);
  await expect(page.getByText("Du hast einen Boonee gefunden?")).toHaveCount(0);
  await page.context().clearCookies(); // the claim in progress is remembered; without one …
  await page.goto("/auth"); // … signing in still offers to claim first
  await expect(page.getByText("Du hast einen Boonee gefunden?")).toBeVisible();
});

test("collectors see no team-only preference row; moderators do", async ({ page }) => {
  const user = await signUp(page);
  await page.goto("/profile");
  const preferences = page.getByTestId("notification-preferences");
  await expect(preferences.getByRole("rowheader", { name: "Ergebnis meiner Meldungen" })).toBeVisible();
  await expect(preferences.getByRole("rowheader", { name: "Meldungen zu Boonees (nur fürs Team)" })).toHaveCount(0);
  await grantRole(user.id, "moderator");
  await page.reload();
  await expect(preferences.getByRole("rowheader", { name: "Meldungen zu Boonees (nur fürs Team)" })).toBeVisible();
});

test("English: a broadcast written in German only carries one „Deutsch“ mark, in the exclusive area and in the bell", async ({
  page,
}) => {
  const user = await signUp(page);
  const figure = await seedFigure({ ownerId: user.id });
  const title = `Nur Deutsch ${unique()}`;
  await exclusive(db, {
    figureId: figure.id,
    audience: "boonee",
    title,
    description: "Diese Nachricht gibt es nur auf Deutsch.",
  });
  await notification(db, {
    userId: user.id,
    type: "content",
    title,
    message: "Diese Nachricht gibt es nur auf Deutsch.",
    link: "/exclusive",
  });
  await useEnglish(page);
  await page.goto("/exclusive");
  const item = page.getByTestId("exclusive-item").filter({ hasText: title });
  await expect(item.getByText("Diese Nachricht gibt es nur auf Deutsch.")).toBeVisible();
  await expect(item.getByTestId("language-mark")).toHaveCount(1);
  await page.goto("/notifications");
  const entry = page.getByTestId("notification").filter({ hasText: title });
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId("language-mark")).toHaveCount(1);
});

test("English legal pages say that they are German only; German ones need not", async ({ page }) => {
  await useEnglish(page);
  for (const path of ["/about", "/privacy", "/terms"]) {
    await page.goto(path);
    await expect(page.getByRole("note")).toHaveText(
      "This page is available in German only. The German text is the one that applies.",
    );
  }
  await page.context().clearCookies();
  await page.goto("/privacy");
  await expect(page.getByTestId("german-only")).toHaveCount(0);
});

/** A figure with a finder's story and two photos, seen by a visitor. */
async function figureWithPhotos() {
  const finder = await signUpDirect();
  const figure = await seedFigure({ name: `Fotomodell ${unique()}`, ownerId: finder });
  const story = await finderStory(db, {
    figureId: figure.id,
    userId: finder,
    title: "Hinter der Bank",
    story: "Er saß hinter der dritten Bank am Hafen.",
  });
  const photos = [
    await storyPhoto(db, { storyId: story.id, url: "/icons/icon-512.png", createdAt: new Date(Date.now() - 1000) }),
    await storyPhoto(db, { storyId: story.id, url: "/icons/icon-192.png" }),
  ];
  return { figure, photos: photos.sort((a, b) => +a.createdAt - +b.createdAt) };
}
/** A finder's account, straight into the database (the tests here are about what others see of it). */
async function signUpDirect() {
  const id = `finder-${unique().toLowerCase()}`;
  await profileRow(db, { id, name: "Fotofinderin", email: `${id}@example.test` });
  return id;
}

test.describe("finder photos open in a viewer", () => {
  test("with the app: a dialog with „1 of 2“, → pages, Esc closes back to the photo", async ({ page }) => {
    const { figure, photos } = await figureWithPhotos();
    await page.goto(`/boonee/${figure.id}`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Fundfoto 1 zu „Hinter der Bank“" }).click(); // starts the page's app, then opens
    const viewer = page.getByRole("dialog", { name: "Foto 1 von 2" });
    await expect(viewer).toBeVisible({ timeout: 15_000 });
    expect(await viewer.evaluate((el) => el.matches(":modal"))).toBe(true);
    await expect(viewer.getByRole("img", { name: "Fundfoto 1 zu „Hinter der Bank“" })).toHaveAttribute(
      "src",
      photos[0].url,
    );
    await expect(page).toHaveURL(`/boonee/${figure.id}?photo=${photos[0].id}`);
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: "Foto 2 von 2" })).toBeVisible();
    await page.getByRole("link", { name: "Nächstes Foto" }).click(); // round: back to the first
    await expect(page.getByRole("dialog", { name: "Foto 1 von 2" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(`/boonee/${figure.id}`);
    await expect(page.getByRole("link", { name: "Fundfoto 1 zu „Hinter der Bank“" })).toBeFocused();
  });

  test("without JavaScript: the same viewer as links (open, next, close)", async ({ browser }) => {
    const { figure, photos } = await figureWithPhotos();
    const plain = await otherBrowser(browser, { javaScriptEnabled: false });
    await plain.page.goto(`/boonee/${figure.id}`);
    await plain.page.getByRole("link", { name: "Fundfoto 1 zu „Hinter der Bank“" }).click();
    await expect(plain.page).toHaveURL(`/boonee/${figure.id}?photo=${photos[0].id}`);
    await expect(plain.page.getByRole("dialog", { name: "Foto 1 von 2" })).toBeVisible();
    await plain.page.getByRole("link", { name: "Nächstes Foto" }).click();
    await expect(plain.page.getByRole("dialog", { name: "Foto 2 von 2" })).toBeVisible();
    await plain.page.getByRole("link", { name: "Schließen" }).click();
    await expect(plain.page).toHaveURL(`/boonee/${figure.id}#photo-${photos[1].id}`);
    await expect(plain.page.getByRole("dialog")).toHaveCount(0);
    // a ?photo= that names no photo of this page (another figure's, or markup) opens nothing and is not echoed
    const other = await figureWithPhotos();
    for (const hostile of [other.photos[0].id, '"><script>alert(1)</script>', "x".repeat(3000)]) {
      const response = await plain.page.goto(`/boonee/${figure.id}?photo=${encodeURIComponent(hostile)}`);
      expect(response?.status()).toBe(200);
      await expect(plain.page.getByRole("dialog")).toHaveCount(0);
      expect(await response!.text()).not.toContain("<script>alert(1)");
    }
    await plain.context.close();
  });
});

test.describe("sharing a figure", () => {
  test("uses the phone's share sheet where there is one, with the page's address", async ({ page }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { shared: ShareData[] }).shared = shared;
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => void shared.push(data),
      });
    });
    const figure = await seedFigure({ name: `Teilbar ${unique()}` });
    await page.goto(`/boonee/${figure.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Teilen" }).click(); // starts the page's app, then shares
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared), { timeout: 15_000 })
      .toEqual([
        {
          title: `${figure.name} · Boonees`,
          text: `Schau mal: ${figure.name} bei Boonees`,
          url: `${E2E.baseURL}/boonee/${figure.id}`,
        },
      ]);
  });

  test("English, no share sheet: copies the link and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.baseURL });
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "share", { configurable: true, value: undefined }),
    );
    await useEnglish(page);
    const figure = await seedFigure({ name: `Copyable ${unique()}` });
    await page.goto(`/boonee/${figure.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Link copied. Paste it wherever you want to share it.")).toBeVisible({
      timeout: 15_000,
    });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${E2E.baseURL}/boonee/${figure.id}`);
  });
});
