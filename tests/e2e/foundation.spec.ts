import { eq } from "drizzle-orm";

import { userRoles } from "../../server/db/schema.ts";
import { db, expect, seedFigure, signUp, test, unique } from "./fixtures.ts";

test.describe("foundation", () => {
  test("serves German by default and keeps English across a reload", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Galerie" }).first()).toBeVisible();
    await page.getByTestId("language-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Gallery" }).first()).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByTestId("language-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("answers unknown paths with a 404 page and a link home", async ({ page }) => {
    const response = await page.goto("/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Hoppla! Seite nicht gefunden" })).toBeVisible();
    await page.getByRole("link", { name: "Zur Startseite" }).click();
    await expect(page).toHaveURL("/");
  });

  test("shows the English 404 text when English is chosen", async ({ page }) => {
    await page.context().addCookies([{ name: "lang", value: "en", url: test.info().project.use.baseURL! }]);
    const response = await page.goto("/nowhere/at/all");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  });

  test("sends signed-out visitors from private pages to /auth and back after login", async ({ page }) => {
    for (const path of ["/profile", "/exclusive", "/notifications"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=${encodeURIComponent(path)}`));
    }
    const user = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/notifications");
    await page.getByLabel("E-Mail").fill(user.email);
    await page.getByLabel("Passwort").fill(user.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    // ?redirect= may name any local page (product decisions, 2026-11-23): back to /notifications
    await expect(page).toHaveURL("/notifications");
  });

  test("signs up through the form, with validation, and signs out after confirming", async ({ page }) => {
    await page.goto("/auth?mode=signup");
    await page.getByLabel("Name").fill("Mira");
    await page.getByLabel("E-Mail").fill(`${unique("m").toLowerCase()}@example.test`);
    await page.getByLabel("Passwort").fill("123");
    await page.getByRole("button", { name: "Konto erstellen" }).click();
    await expect(page.getByText("Das Passwort muss mindestens 6 Zeichen lang sein.")).toBeVisible();
    await page.getByLabel("Passwort").fill("secret123");
    await page.getByRole("button", { name: "Konto erstellen" }).click();
    await expect(page).toHaveURL("/profile");
    await expect(page.getByTestId("notification-bell")).toBeVisible();

    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page.getByRole("dialog", { name: "Wirklich abmelden?" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Du wurdest abgemeldet. Bis bald!")).toBeVisible();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("refuses a wrong password with the login error", async ({ page }) => {
    const user = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("E-Mail").fill(user.email);
    await page.getByLabel("Passwort").fill("not-the-password");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByText("Anmeldung fehlgeschlagen. Bitte prüfe E-Mail und Passwort.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test("sends a signed-in visitor of /auth to the stored claim redirect", async ({ page, baseURL }) => {
    const figure = await seedFigure();
    await signUp(page);
    await page
      .context()
      .addCookies([{ name: "claim_redirect", value: encodeURIComponent(`/boonee/${figure.id}`), url: baseURL! }]);
    await page.goto("/auth");
    await expect(page).toHaveURL(`/boonee/${figure.id}`);
    await page.goto("/auth?redirect=https://evil.example/");
    await expect(page).toHaveURL("/profile");
  });

  test("keeps a plain user out of /admin, for the page and for a direct POST", async ({ page, baseURL }) => {
    const user = await signUp(page);
    await page.goto("/admin");
    await expect(page).toHaveURL("/");
    await page.goto("/admin/users");
    await expect(page).toHaveURL("/");
    const res = await page.request.post("/admin/users", {
      form: { intent: "role", userId: user.id, role: "admin" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect([401, 403]).toContain(res.status());
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    expect(roles.map((r) => r.role)).toEqual(["user"]);
  });

  test("refuses a state-changing request from another origin", async ({ page }) => {
    const res = await page.request.post("/auth", {
      form: { intent: "login", email: "a@b.c", password: "x" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status()).toBe(403);
  });
});
