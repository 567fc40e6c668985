import { count, eq, gt } from "drizzle-orm";

import { DEFAULT_TIME_ZONE, formatDay } from "#shared/dates.ts";

import { announcements, profiles, sessions, userAchievements } from "../../server/db/schema.ts";
import { achievement, claimRow, exclusive, notification, notificationBatch } from "../support/factories.ts";
import {
  db,
  downloadFrom,
  expect,
  grantRole,
  seedFigure,
  signIn,
  signUp,
  test,
  unique,
  untilHydrated,
  useEnglish,
} from "./fixtures.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./public-fixtures.ts";

test.describe("collector area", () => {
  test("claims of each rarity: counts, achievements with dates, figures newest first, and the badge of another open page rises live", async ({
    page,
    context,
  }) => {
    const user = await signUp(page, `Sammlerin ${unique()}`);
    await page.goto("/profile");
    await expect(page.getByText("Du besitzt noch keine Boonees.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ersten Boonee claimen" })).toBeVisible();
    await expect(page.getByTestId("achievement-first_find")).toHaveAttribute("data-unlocked", "false");
    await expect(page.getByTestId("achievement-first_find")).toContainText("Claime deinen ersten Boonee.");

    // a second tab stays open on the gallery: its bell must follow every achievement without reload. Drops that
    // other tests release meanwhile reach every bell too (announcements, decision 024), so they count in what it shows.
    const [{ createdAt }] = await db
      .select({ createdAt: profiles.createdAt })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    const badgeIs = (tab: typeof watcher, achievements: number) =>
      expect
        .poll(
          async () => {
            const [{ n }] = await db
              .select({ n: count() })
              .from(announcements)
              .where(gt(announcements.createdAt, createdAt));
            const want = achievements + n;
            const shown = await tab
              .getByTestId("unread-badge")
              .textContent({ timeout: 200 })
              .catch(() => null);
            return shown === (want === 0 ? null : want > 9 ? "9+" : String(want));
          },
          { timeout: 15_000 },
        )
        .toBe(true);
    const watcher = await context.newPage();
    await watcher.goto("/boonees", { waitUntil: "networkidle" });
    await badgeIs(watcher, 0);

    const series = `Reihe ${unique()}`; // its own series: owning all three completes it
    const figures = [];
    for (const rarity of ["Common", "Rare", "Legendary"] as const)
      figures.push(await seedFigure({ rarity, series, name: `${rarity} ${unique()}` }));
    const expectedBadge = [1, 2, 5]; // first_find; rare_hunter; legend_hunter + collector + series_complete
    for (const [i, figure] of figures.entries()) {
      await page.goto(`/c/${figure.code}`);
      await page.getByRole("button", { name: "Jetzt claimen" }).click();
      await expect(page.getByRole("status").getByText("Dein Boonee gehört jetzt dir", { exact: false })).toBeVisible();
      await badgeIs(watcher, expectedBadge[i]);
      await expect(page).toHaveURL(`/profile?new=${figure.id}`, { timeout: 20_000 }); // the success page moves on by itself
    }
    await watcher.close();

    await expect(page.getByRole("heading", { name: user.name, level: 1 })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByTestId("count-total")).toHaveText("3");
    await expect(page.getByTestId("count-Common")).toHaveText("1");
    await expect(page.getByTestId("count-Rare")).toHaveText("1");
    await expect(page.getByTestId("count-Legendary")).toHaveText("1");
    for (const key of ["first_find", "collector", "rare_hunter", "legend_hunter", "series_complete"]) {
      await expect(page.getByTestId(`achievement-${key}`)).toHaveAttribute("data-unlocked", "true");
      await expect(page.getByTestId(`achievement-${key}`)).toContainText("Freigeschaltet am");
    }
    await expect(page.getByTestId("achievement-legend_hunter")).toContainText("Legendenjäger");
    await expect(page.getByTestId("achievement-legend_hunter")).toContainText(
      `Freigeschaltet am ${formatDay(new Date(), "de", DEFAULT_TIME_ZONE)}`,
    );
    for (const key of ["hoarder", "storyteller"])
      await expect(page.getByTestId(`achievement-${key}`)).toHaveAttribute("data-unlocked", "false");
    await expect(page.getByTestId("achievement-hoarder")).toContainText("Besitze 10 Boonees.");
    const cards = await page.locator("#collection-title + ul li").allInnerTexts();
    expect(cards).toHaveLength(3);
    expect(cards[0]).toContain(figures[2].name); // newest claim first
    expect(cards[2]).toContain(figures[0].name);
    await expect(page.getByRole("link", { name: "Admin-Bereich" })).toHaveCount(0);
    const rows = await db.select().from(userAchievements).where(eq(userAchievements.userId, user.id));
    expect(rows).toHaveLength(5);
  });

  test("shows the admin button to admins only", async ({ page }) => {
    const user = await signUp(page);
    await grantRole(user.id, "admin");
    await page.goto("/profile");
    await page.getByRole("link", { name: "Admin-Bereich" }).click();
    await expect(page).toHaveURL(/\/admin/);
  });

  test("marks one notification read by click (following its link) and all at once", async ({ page }) => {
    const user = await signUp(page);
    await page.goto("/notifications");
    await expect(page.getByText("Noch keine Benachrichtigungen.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Alle als gelesen markieren" })).toHaveCount(0);
    await notificationBatch(db, [
      {
        userId: user.id,
        title: "Neuer Drop in Kiel",
        message: "Ein neuer Boonee wartet.",
        type: "drop",
        link: "/exclusive",
      },
      { userId: user.id, title: "Zweite Nachricht", message: "Noch eine.", type: "other" },
      {
        userId: user.id,
        title: "@achievement:first_find",
        message: "@achievementMessage:first_find",
        type: "achievement",
        link: "/profile",
      },
    ]);
    await page.reload();
    await expect(page.getByText("Neuer Erfolg: Erster Fund")).toBeVisible();
    await expect(page.getByTestId("unread-badge")).toHaveText("3");
    await page.getByRole("button", { name: /Neuer Drop in Kiel/ }).click();
    await expect(page).toHaveURL("/exclusive");
    await expect(page.getByTestId("unread-badge")).toHaveText("2");
    await page.goto("/notifications");
    await expect(page.locator('[data-testid="notification"][data-read="true"]')).toHaveCount(1);
    await page.getByRole("button", { name: "Alle als gelesen markieren" }).click();
    await expect(page.getByText("Alle Benachrichtigungen als gelesen markiert")).toBeVisible();
    await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Alle als gelesen markieren" })).toHaveCount(0);
    await expect(page.getByTestId("unread-badge")).toHaveCount(0);
  });

  test("marks notifications read without JavaScript too", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const user = await signUp(page);
    await notificationBatch(db, [
      { userId: user.id, title: "Ohne Skript", message: "Zum Club.", type: "drop", link: "/exclusive" },
      { userId: user.id, title: "Noch eine", message: "x", type: "other" },
    ]);
    await page.goto("/notifications");
    await page.getByRole("button", { name: /Ohne Skript/ }).click();
    await expect(page).toHaveURL("/exclusive");
    await page.goto("/notifications");
    await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(1);
    await page.getByRole("button", { name: "Alle als gelesen markieren" }).click();
    await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Alle als gelesen markieren" })).toHaveCount(0);
    await context.close();
  });

  test("raises the unread badge of an open page without reload, up to 9+", async ({ page }) => {
    const user = await signUp(page);
    await page.goto("/boonees", { waitUntil: "networkidle" });
    await expect(page.getByTestId("unread-badge")).toHaveCount(0);
    await notification(db, { userId: user.id, title: "Live", message: "Gerade eben", type: "content" });
    await expect(page.getByTestId("unread-badge")).toHaveText("1");
    await notificationBatch(
      db,
      Array.from({ length: 9 }, (_, i) => ({
        userId: user.id,
        title: `Live ${i}`,
        message: "x",
        type: "content" as const,
      })),
    );
    await expect(page.getByTestId("unread-badge")).toHaveText("9+");
  });

  test("the badge stream ends with its revoked session, reconnects with the new one and catches up", async ({
    page,
    context,
  }) => {
    test.slow(); // on a busy machine the old stream may end only at its 25 s heartbeat
    const user = await signUp(page);
    const [first] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    await page.goto("/boonees", { waitUntil: "networkidle" });
    let reconnects = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/events") reconnects++;
    });
    // another tab of the same browser signs in again (the cookie now holds a new session) and signs out everywhere else
    const other = await context.newPage();
    await signIn(other, user.email, user.password);
    await other.goto("/profile");
    await other.getByRole("button", { name: "Überall sonst abmelden" }).click();
    await expect(other.getByText("Auf allen anderen Geräten abgemeldet.")).toBeVisible();
    expect(await db.select().from(sessions).where(eq(sessions.id, first.id))).toHaveLength(0);
    // the first tab's stream still belongs to the revoked session: the next event (or the 25 s
    // heartbeat, on a slow machine) ends it instead of delivering, the browser reconnects (with the
    // new cookie) and the fresh stream sends the count
    await notification(db, { userId: user.id, title: "Nach dem Abmelden", message: "x", type: "drop" });
    await expect(page.getByTestId("unread-badge")).toHaveText("1", { timeout: 35_000 });
    expect(reconnects).toBeGreaterThan(0);
    await notification(db, { userId: user.id, title: "Wieder live", message: "x", type: "content" });
    await expect(page.getByTestId("unread-badge")).toHaveText("2");
  });

  test("shows exclusive content only to the owners it is meant for", async ({ page, browser, baseURL }) => {
    const rareOwner = await signUp(page);
    const rare = await seedFigure({ ownerId: rareOwner.id, rarity: "Rare", name: `Rari ${unique()}` });
    const title = `Nur für Rare ${unique()}`;
    const figureTitle = `Nur für ${rare.name}`;
    await exclusive(db, {
      audience: "rarity",
      audienceRarity: "Rare",
      title,
      description: "Psst.",
      contentType: "news",
    });
    await exclusive(db, {
      audience: "boonee",
      figureId: rare.id,
      title: figureTitle,
      description: "Nur dieses eine.",
      contentType: "link",
      url: "https://example.org/secret",
    });
    await page.goto("/exclusive");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("heading", { name: figureTitle })).toBeVisible();
    await expect(page.getByText("Neu").first()).toBeVisible();
    const link = page.getByRole("link", { name: "Öffnen" }).first();
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");

    const other = await browser.newContext({ baseURL });
    const commonPage = await other.newPage();
    const commonOwner = await signUp(commonPage);
    await commonPage.goto("/exclusive");
    await expect(commonPage.getByText("Der Club ist noch verschlossen")).toBeVisible();
    await seedFigure({ ownerId: commonOwner.id, rarity: "Common" });
    await commonPage.reload();
    await expect(commonPage.getByRole("heading", { name: title })).toHaveCount(0);
    await expect(commonPage.getByRole("heading", { name: figureTitle })).toHaveCount(0);
    const html = await commonPage.content();
    expect(html).not.toContain(title);
    await other.close();
  });

  test("downloads the user's own data with their claim, notifications written out in their language (German and English)", async ({
    page,
  }) => {
    const user = await signUp(page);
    const figure = await seedFigure({ ownerId: user.id, name: `Datenmonster ${unique()}` });
    await claimRow(db, { figureId: figure.id, userId: user.id });
    await notification(db, {
      userId: user.id,
      type: "achievement",
      title: "@achievement:first_find",
      message: "@achievementMessage:first_find",
      link: "/profile",
    });
    const downloadData = async (label: string) => {
      await page.goto("/profile");
      return JSON.parse((await downloadFrom(page, label)).text);
    };
    const json = await downloadData("Meine Daten herunterladen");
    expect(json.profile.email).toBe(user.email);
    expect(json.claims.map((c: { figure: string }) => c.figure)).toContain(figure.name);
    expect(json.figures.map((f: { id: string }) => f.id)).toContain(figure.id);
    expect(JSON.stringify(json)).not.toContain(figure.code);
    // the bell's texts, not the stored notation ("@achievement:first_find", "@dropHint:{…}")
    expect(JSON.stringify(json.notifications)).not.toMatch(/"@\w+:/);
    expect(json.notifications).toContainEqual(
      expect.objectContaining({
        title: "Neuer Erfolg: Erster Fund",
        message: "Du hast „Erster Fund“ freigeschaltet. Schau in deinem Profil vorbei!",
      }),
    );
    await useEnglish(page);
    const english = await downloadData("Download my data");
    expect(english.notifications).toContainEqual(expect.objectContaining({ title: "New achievement: First Find" }));
  });

  test("deletes the account: signed out, old password refused, figure shows 'Anonym'", async ({ page }) => {
    const user = await signUp(page, `Gehende ${unique()}`);
    const figure = await seedFigure({ ownerId: user.id });
    await page.goto("/profile");
    await untilHydrated(page.getByRole("button", { name: "Konto löschen" })); // the dialog needs the app to have started
    await page.getByRole("button", { name: "Konto löschen" }).click();
    await page.getByLabel("Passwort zur Bestätigung").fill("not-my-password");
    await page.getByRole("button", { name: "Endgültig löschen" }).click();
    await expect(page.getByText("Das Passwort stimmt nicht.")).toBeVisible();
    await page.getByLabel("Passwort zur Bestätigung").fill(user.password);
    await page.getByRole("button", { name: "Endgültig löschen" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Dein Konto wurde gelöscht.", { exact: false })).toBeVisible();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth/);
    await page.getByLabel("E-Mail").fill(user.email);
    await page.getByLabel("Passwort").fill(user.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByText("Anmeldung fehlgeschlagen. Bitte prüfe E-Mail und Passwort.")).toBeVisible();
    await page.goto(`/boonee/${figure.id}`);
    await expect(page.getByTestId("owned-by")).toHaveText("Gefunden von Anonym");
    await expect(page.getByText(user.name)).toHaveCount(0);
  });

  test("lists the signed-in devices and signs out everywhere else", async ({ page, browser, baseURL }) => {
    const user = await signUp(page);
    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await signIn(second, user.email, user.password);
    await page.goto("/profile");
    await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("Dieses Gerät")).toBeVisible();
    await page.getByRole("button", { name: "Überall sonst abmelden" }).click();
    await expect(page.getByText("Auf allen anderen Geräten abgemeldet.")).toBeVisible();
    await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(1);
    await second.goto("/profile");
    await expect(second).toHaveURL(/\/auth/);
    await other.close();
    await page.getByRole("button", { name: "Alle Sitzungen beenden (auch diese)" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Du wurdest auf allen Geräten abgemeldet.")).toBeVisible();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth/);
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  test("changes the password: wrong current one refused, other devices signed out, this one stays, new password signs in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await signUp(page);
    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await signIn(second, user.email, user.password);
    await page.goto("/profile", { waitUntil: "networkidle" });
    const form = page.locator("form").filter({ has: page.getByLabel("Neues Passwort") });
    await form.getByLabel("Neues Passwort").fill("kurz");
    await form.getByLabel("Aktuelles Passwort").fill(user.password);
    await form.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page.getByText("Das Passwort muss mindestens 6 Zeichen lang sein.")).toBeVisible();
    await form.getByLabel("Aktuelles Passwort").fill("not-my-password");
    await form.getByLabel("Neues Passwort").fill("brand-new-pass");
    await form.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page.getByText("Das aktuelle Passwort stimmt nicht.")).toBeVisible();
    await form.getByLabel("Aktuelles Passwort").fill(user.password);
    await form.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page.getByText("Passwort geändert. Alle anderen Geräte wurden abgemeldet.")).toBeVisible();
    await expect(form.getByLabel("Neues Passwort")).toHaveValue("");
    await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(1);
    await page.reload();
    await expect(page).toHaveURL("/profile");
    await second.goto("/profile");
    await expect(second).toHaveURL(/\/auth/);
    await second.getByLabel("E-Mail").fill(user.email);
    await second.getByLabel("Passwort").fill(user.password);
    await second.getByRole("button", { name: "Anmelden" }).click();
    await expect(second.getByText("Anmeldung fehlgeschlagen. Bitte prüfe E-Mail und Passwort.")).toBeVisible();
    await signIn(second, user.email, "brand-new-pass");
    await other.close();
  });

  test("profile, exclusive and notifications pass axe (WCAG A/AA) and fit 375 px", async ({ page }) => {
    const user = await signUp(page, `Barrierefrei ${unique()} mit einem wirklich sehr langen Namen`);
    const figure = await seedFigure({
      ownerId: user.id,
      rarity: "Legendary",
      name: `Sehr langer Figurenname ${unique()} ohne Ende`,
    });
    await achievement(db, user.id, "first_find");
    await exclusive(db, {
      audience: "boonee",
      figureId: figure.id,
      title: `Für ${figure.name}`,
      description: "Geheim.",
      contentType: "link",
      url: "https://example.org/x",
    });
    await exclusive(db, {
      audience: "rarity",
      audienceRarity: "Legendary",
      title: `Legendary ${unique()}`,
      description: "Psst.",
      contentType: "text",
    });
    await notificationBatch(db, [
      {
        userId: user.id,
        title: "@achievement:first_find",
        message: "@achievementMessage:first_find",
        type: "achievement",
        link: "/profile",
      },
      { userId: user.id, title: "Gelesen", message: "Alt.", type: "other", read: true },
    ]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/profile", "/exclusive", "/notifications"]) {
        await page.goto(path, { waitUntil: "networkidle" });
        await expectAccessible(page);
        await expectNoHorizontalScroll(page);
      }
    }
  });

  test("speaks English", async ({ page }) => {
    await useEnglish(page);
    await signUp(page);
    await page.goto("/profile");
    await expect(page.getByText("You don't own any Boonees yet.")).toBeVisible();
    await page.goto("/notifications");
    await expect(page.getByText("No notifications yet.")).toBeVisible();
    await page.goto("/exclusive");
    await expect(page.getByText("The club is still locked")).toBeVisible();
  });
});
