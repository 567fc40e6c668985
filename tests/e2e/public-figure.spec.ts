import { eq, sql } from "drizzle-orm";

import { boonees, booneeStories, profiles } from "../../server/db/schema.ts";
import { exclusive } from "../support/factories.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, signInAsAdmin, signUp, test, unique, useEnglish } from "./fixtures.ts";
import { addStoryRow, metaContent, openStoryDialog, seedProfile } from "./public-fixtures.ts";

const storiesOf = (figureId: string) => db.select().from(booneeStories).where(eq(booneeStories.figureId, figureId));

async function richFigure(ownerId?: string) {
  const f = await seedFigure({
    name: `Fimmel ${unique()}`,
    rarity: "Legendary",
    series: "Sternenstaub",
    description: "Drei Augen sehen mehr als zwei.",
    imageUrl: "/images/samples/fimmel.svg",
    ownerId,
  });
  await db
    .update(boonees)
    .set({ origin: "Kiel, Hafen", superpower: "Sieht im Dunkeln", element: "Blitz", birthDate: "2025-03-14" })
    .where(eq(boonees.id, f.id));
  return f;
}

// ------------------------------------------------------------------ 3. figure detail

test.describe("figure detail", () => {
  test("German: picture, name, rarity, series, story, only the set characteristics, available pill and the claim call", async ({
    page,
  }) => {
    const f = await richFigure();
    await page.goto(`/boonee/${f.id}`);
    await expect(page).toHaveTitle(`${f.name} · Boonees`);
    await expect(page.getByRole("heading", { level: 1, name: f.name })).toBeVisible();
    const picture = page.getByRole("img", { name: f.name });
    await expect(picture).toHaveAttribute("src", "/images/samples/fimmel.svg");
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0 && img.width === img.height)).toBe(
      true,
    );
    await expect(page.getByText(/^\S?\s*Legendary$/).first()).toBeVisible();
    await expect(page.getByTestId("figure-series")).toHaveText("Sternenstaub");
    await expect(page.getByText("Drei Augen sehen mehr als zwei.")).toBeVisible();
    const traits = page.getByTestId("characteristics");
    await expect(page.getByRole("heading", { name: "Eigenschaften" })).toBeVisible();
    await expect(traits.locator("dt")).toHaveText(["Herkunft", "Superkraft", "Element", "Geburtstag"]);
    await expect(traits.locator("dd")).toHaveText(["Kiel, Hafen", "Sieht im Dunkeln", "Blitz", "14. März 2025"]);
    await expect(page.getByTestId("status-pill")).toHaveText("Verfügbar");
    const cta = page.getByTestId("claim-cta");
    await expect(cta.getByRole("heading", { name: "Hast du diesen Boonee gefunden?" })).toBeVisible();
    await cta.getByRole("link", { name: "Boonee claimen" }).click();
    await expect(page).toHaveURL("/claim");
  });

  test("English: claimed pill, owner name or 'Anonymous', placeholder without a picture, no characteristics block when none is set", async ({
    page,
  }) => {
    await useEnglish(page);
    const named = await seedFigure({ ownerId: await seedProfile("Mira") });
    await page.goto(`/boonee/${named.id}`);
    await expect(page.getByTestId("status-pill")).toHaveText("Found");
    await expect(page.getByTestId("owned-by")).toHaveText("Found by Mira");
    await expect(page.getByRole("img", { name: named.name })).toBeVisible();
    await expect(page.locator(`img[alt="${named.name}"]`)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Characteristics" })).toHaveCount(0);
    await expect(
      page.getByTestId("claim-cta").getByRole("heading", { name: "This Boonee already has a home" }),
    ).toBeVisible();
    await expect(page.getByTestId("claim-cta").getByRole("link", { name: "Claim a Boonee" })).toHaveAttribute(
      "href",
      "/claim",
    );

    const orphan = await seedFigure({ ownerId: await seedProfile(null) });
    await page.goto(`/boonee/${orphan.id}`);
    await expect(page.getByTestId("owned-by")).toHaveText("Found by Anonymous");
  });

  test("Open Graph: title, description and an absolute share card in the page's language", async ({ page }) => {
    const f = await richFigure();
    await page.goto(`/boonee/${f.id}`);
    expect(await metaContent(page, 'property="og:title"')).toBe(`${f.name} · Boonees`);
    expect(await metaContent(page, 'property="og:description"')).toBe("Drei Augen sehen mehr als zwei.");
    expect(await metaContent(page, 'property="og:image"')).toBe(`${E2E.baseURL}/og/boonee/${f.id}/de`);
    expect(await metaContent(page, 'name="twitter:image"')).toBe(`${E2E.baseURL}/og/boonee/${f.id}/de`);
  });

  test("answers 404 for unknown, malformed, Draft and Hidden figures; admins see Draft", async ({ page }) => {
    const draft = await seedFigure({ status: "Draft" });
    const hidden = await seedFigure({ status: "Hidden" });
    for (const id of [draft.id, hidden.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await page.goto(`/boonee/${id}`);
      expect(res?.status(), id).toBe(404);
      await expect(page.getByRole("heading", { name: "Hoppla! Seite nicht gefunden" })).toBeVisible();
    }
    await signInAsAdmin(page);
    const res = await page.goto(`/boonee/${draft.id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("note")).toContainText("Nicht öffentlich");
  });
});

// ------------------------------------------------------------------ 4. owner area and finder stories

async function ownerWithFigure(page: import("@playwright/test").Page) {
  const owner = await signUp(page, `Eignerin ${unique()}`);
  const f = await richFigure(owner.id);
  await db.update(boonees).set({ welcomeVideoUrl: "/video/hero.mp4" }).where(eq(boonees.id, f.id));
  await exclusive(db, {
    figureId: f.id,
    audience: "boonee",
    title: `Geheimversteck ${f.name}`,
    description: "Ein Blick hinter die Kulissen.",
    contentType: "image",
    url: "/images/landing/about-hidden.svg",
  });
  await exclusive(db, {
    figureId: f.id,
    audience: "boonee",
    title: `Mehr lesen ${f.name}`,
    contentType: "link",
    url: "https://example.org/boonees",
  });
  return { owner, f };
}

test.describe("owner area", () => {
  test("German: the owner sees the exclusive card with welcome video and items, and the add-story button; no claim call", async ({
    page,
  }) => {
    const { f } = await ownerWithFigure(page);
    await page.goto(`/boonee/${f.id}`);
    await expect(page.getByTestId("owner-note")).toHaveText("Dieser Boonee gehört dir!");
    const card = page.getByTestId("exclusive-card");
    await expect(card.getByRole("heading", { name: "Exklusiv für dich" })).toBeVisible();
    await expect(card.getByTestId("welcome-video")).toHaveAttribute("src", "/video/hero.mp4");
    // items for all owners or the figure's rarity made by other tests may show too: count this figure's own
    await expect(card.getByTestId("exclusive-item").filter({ hasText: f.name })).toHaveCount(2);
    await expect(card.getByRole("img", { name: `Geheimversteck ${f.name}` })).toBeVisible();
    await expect(card.getByText("Bild", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "Link öffnen" })).toHaveAttribute(
      "href",
      "https://example.org/boonees",
    );
    await expect(page.getByTestId("claim-cta")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Story hinzufügen" })).toBeVisible();
  });

  test("English: another signed-in user and a visitor see no owner area and no add-story button, but the claim call", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { f } = await ownerWithFigure(page);
    await page.context().clearCookies();
    await useEnglish(page);
    await signUp(page);
    await page.goto(`/boonee/${f.id}`);
    await expect(page.getByTestId("claim-cta")).toBeVisible();
    await expect(page.getByTestId("exclusive-card")).toHaveCount(0);
    await expect(page.getByTestId("welcome-video")).toHaveCount(0);
    await expect(page.getByText(`Geheimversteck ${f.name}`)).toHaveCount(0);
    await expect(page.getByTestId("add-story")).toHaveCount(0);
    expect(await page.content()).not.toContain("/video/hero.mp4");

    const visitor = await browser.newContext({ baseURL });
    const p2 = await visitor.newPage();
    await p2.goto(`/boonee/${f.id}`);
    await expect(p2.getByTestId("claim-cta")).toBeVisible();
    await expect(p2.getByTestId("exclusive-card")).toHaveCount(0);
    await expect(p2.getByTestId("add-story")).toHaveCount(0);
    await visitor.close();
  });
});

test.describe("finder stories", () => {
  test("German: the owner adds a story in the dialog; it closes, resets, says so, and the story is on top; a visitor reads it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { owner, f } = await ownerWithFigure(page);
    await addStoryRow(f.id, owner.id, {
      title: "Die alte Story",
      story: "Schon länger her, aber schön.",
      createdAt: new Date(Date.now() - 86400_000),
    });
    await addStoryRow(f.id, owner.id, {
      title: "Versteckte Story",
      story: "Von einer Moderatorin versteckt.",
      hidden: true,
    });
    await page.goto(`/boonee/${f.id}`);
    const stories = page.getByTestId("finder-story");
    await expect(stories).toHaveCount(1);
    await expect(page.getByText("Versteckte Story")).toHaveCount(0);

    await openStoryDialog(page, "Story hinzufügen");
    const dialog = page.getByRole("dialog", { name: "Deine Fundgeschichte" });
    await dialog.getByLabel("Titel").fill("Am Leuchtturm");
    await dialog
      .getByLabel("Story", { exact: true })
      .fill("Es war schon dunkel, und es saß auf der Mauer.\nZweite Zeile.");
    await dialog.getByLabel("Fundort (optional)").fill("Leuchtturm Friedrichsort");
    await dialog.getByLabel("Funddatum (optional)").fill("2026-01-02");
    await dialog.getByRole("button", { name: "Story speichern" }).click();
    await expect(page.getByText("Deine Story wurde gespeichert!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(stories).toHaveCount(2);
    await expect(stories.first().getByRole("heading")).toHaveText("Am Leuchtturm");
    await expect(stories.first()).toContainText("Fundort: Leuchtturm Friedrichsort");
    await expect(stories.first()).toContainText("Gefunden am 02. Jan. 2026");
    await expect(stories.first()).toContainText("Geschrieben am");
    await expect(stories.nth(1).getByRole("heading")).toHaveText("Die alte Story");

    // opened again, the form is empty
    await openStoryDialog(page, "Story hinzufügen");
    await expect(dialog.getByLabel("Titel")).toHaveValue("");
    await expect(dialog.getByLabel("Story", { exact: true })).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const [stored] = (await storiesOf(f.id)).filter((s) => s.title === "Am Leuchtturm");
    expect(stored).toMatchObject({
      userId: owner.id,
      findLocation: "Leuchtturm Friedrichsort",
      findDate: "2026-01-02",
    });

    const visitor = await browser.newContext({ baseURL });
    const p2 = await visitor.newPage();
    await p2.goto(`/boonee/${f.id}`);
    await expect(p2.getByTestId("finder-story").first().getByRole("heading")).toHaveText("Am Leuchtturm");
    await visitor.close();
  });

  test("English page, English texts: the story limits in the dialog (the spec's fixed German texts in English)", async ({
    page,
  }) => {
    await useEnglish(page);
    const { f } = await ownerWithFigure(page);
    await page.goto(`/boonee/${f.id}`);
    await openStoryDialog(page, "Add story");
    const dialog = page.getByRole("dialog", { name: "Your finder story" });
    await dialog.getByLabel("Title").fill("  ab ");
    await dialog.getByLabel("Story", { exact: true }).fill("   kurz   ");
    await dialog.getByRole("button", { name: "Save story" }).click();
    await expect(dialog.getByText("Title must be at least 3 characters long")).toBeVisible();
    await expect(dialog.getByText("Story must be at least 10 characters long")).toBeVisible();
    await dialog.getByLabel("Title").fill("abc");
    await dialog.getByLabel("Story", { exact: true }).fill("0123456789");
    await dialog.getByLabel("Find date (optional)").fill("2999-01-01");
    await dialog.getByRole("button", { name: "Save story" }).click();
    await expect(dialog.getByText("Find date must not be in the future")).toBeVisible();
    expect(await storiesOf(f.id)).toHaveLength(0);
    // over a limit: the text stays whole, a counter says how much is too much, the save is refused
    await dialog.getByLabel("Title").fill("T".repeat(101));
    await expect(dialog.getByTestId("char-counter").first()).toHaveText("101 / 100 – 1 character too many");
    await dialog.getByRole("button", { name: "Save story" }).click();
    await expect(dialog.getByText("Title must be at most 100 characters long")).toBeVisible();
    expect(await storiesOf(f.id)).toHaveLength(0);
    await dialog.getByLabel("Title").fill("abc");
    await dialog.getByLabel("Find date (optional)").fill("");
    await dialog.getByRole("button", { name: "Save story" }).click();
    await expect(page.getByText("Your story was saved!")).toBeVisible();
    expect(await storiesOf(f.id)).toHaveLength(1);
  });

  test("a story with <script> and <img onerror> is shown as plain text and runs nothing", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { f } = await ownerWithFigure(page);
    await page.goto(`/boonee/${f.id}`);
    const evil = `<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2"> Ende`;
    await openStoryDialog(page, "Story hinzufügen");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Titel").fill(`<b onmouseover=alert(1)>Fett</b>`);
    await dialog.getByLabel("Story", { exact: true }).fill(evil);
    await dialog.getByRole("button", { name: "Story speichern" }).click();
    await expect(page.getByText("Deine Story wurde gespeichert!")).toBeVisible();
    for (const p of [page, await (await browser.newContext({ baseURL })).newPage()]) {
      await p.goto(`/boonee/${f.id}`);
      const story = p.getByTestId("finder-story").first();
      await expect(story.getByRole("heading")).toHaveText(`<b onmouseover=alert(1)>Fett</b>`);
      await expect(story.getByText(evil)).toBeVisible();
      await expect(story.locator("img, script, b")).toHaveCount(0);
      expect(await p.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    }
  });

  test("the server refuses a story from a signed-out visitor (401) and from a non-owner (403), whatever they send, storing nothing", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { f } = await ownerWithFigure(page);
    const form = { title: "Eingeschmuggelt", story: "Das sollte niemals gespeichert werden.", via: "dialog" };
    const visitor = await playwright.request.newContext({ baseURL });
    const anon = await visitor.post(`/boonee/${f.id}`, { form, headers: { origin: baseURL! }, maxRedirects: 0 });
    expect(anon.status()).toBe(401);
    const anonData = await visitor.post(`/boonee/${f.id}.data`, {
      form,
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(anonData.status()).toBe(401);
    await visitor.dispose();

    await page.context().clearCookies();
    const intruder = await signUp(page);
    const bodies: Record<string, string>[] = [
      form,
      { ...form, userId: intruder.id, figureId: f.id },
      { title: "", story: "" },
      {},
    ];
    for (const body of bodies) {
      const res = await page.request.post(`/boonee/${f.id}`, {
        form: body,
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(403);
    }
    const viaData = await page.request.post(`/boonee/${f.id}.data`, {
      form,
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(viaData.status()).toBe(403);
    expect(await storiesOf(f.id)).toHaveLength(0);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(booneeStories)
      .where(eq(booneeStories.userId, intruder.id));
    expect(row.n).toBe(0);
  });

  test("without JavaScript the owner writes a story with the page form", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const { f } = await ownerWithFigure(page);
    await page.goto(`/boonee/${f.id}`);
    await page.getByRole("button", { name: "Story hinzufügen" }).click();
    await expect(page).toHaveURL(/story=new/);
    await page.getByLabel("Titel").fill("ab");
    await page.getByLabel("Story", { exact: true }).fill("Ohne JavaScript geschrieben.");
    await page.getByRole("button", { name: "Story speichern" }).click();
    await expect(page.getByText("Titel muss mindestens 3 Zeichen lang sein")).toBeVisible();
    await page.getByLabel("Titel").fill("Ohne Skript");
    await page.getByLabel("Story", { exact: true }).fill("Ohne JavaScript geschrieben.");
    await page.getByRole("button", { name: "Story speichern" }).click();
    await expect(page.getByTestId("finder-story").first().getByRole("heading")).toHaveText("Ohne Skript");
    await context.close();
  });

  test("an owner whose account name is gone still sees the page; the owner's e-mail appears nowhere", async ({
    page,
  }) => {
    const { owner, f } = await ownerWithFigure(page);
    await db.update(profiles).set({ name: null }).where(eq(profiles.id, owner.id));
    await page.context().clearCookies();
    const res = await page.goto(`/boonee/${f.id}`);
    expect(await res!.text()).not.toContain(owner.email);
    await expect(page.getByTestId("owned-by")).toHaveText("Gefunden von Anonym");
  });
});
