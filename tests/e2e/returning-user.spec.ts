import { eq, sql } from "drizzle-orm";

import { sessions } from "../../server/db/schema.ts";
import { exclusive } from "../support/factories.ts";
import { db, expect, seedFigure, signIn, signUp, test, unique } from "./fixtures.ts";

// Issue 11 "Day two": the collector comes back; their session was made days ago.

/** Moves the user's sessions back in time, as sliding expiry leaves them after `days` without a visit. */
async function age(userId: string, days: number) {
  await db
    .update(sessions)
    .set({
      createdAt: sql`now() - make_interval(days => ${days})`,
      updatedAt: sql`now() - make_interval(days => ${days})`,
      expiresAt: sql`now() - make_interval(days => ${days}) + interval '30 days'`,
    })
    .where(eq(sessions.userId, userId));
}

test("a session two days old: the profile shows the devices, the password changes and this device stays, then sign out everywhere", async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await signUp(page);
  const other = await browser.newContext({ baseURL });
  await signIn(await other.newPage(), user.email, user.password);
  await age(user.id, 2);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: user.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("Dieses Gerät")).toBeVisible();

  await age(user.id, 2);
  const form = page.locator("form").filter({ has: page.getByLabel("Neues Passwort") });
  await form.getByLabel("Aktuelles Passwort").fill(user.password);
  await form.getByLabel("Neues Passwort").fill("day-two-pass");
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(page.getByText("Passwort geändert. Alle anderen Geräte wurden abgemeldet.")).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL("/profile"); // still signed in: the old session's refresh did not win
  await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(1);
  await other.close();

  await age(user.id, 2);
  await page.getByRole("button", { name: "Alle Sitzungen beenden (auch diese)" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Du wurdest auf allen Geräten abgemeldet.")).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name.endsWith("session_token"))).toEqual([]);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth/);
  expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
});

test("a reader in New York sees Berlin time, before and after the page starts", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, timezoneId: "America/New_York", locale: "de-DE" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const user = await signUp(page);
  await seedFigure({ ownerId: user.id });
  const title = `Mitternacht ${unique()}`;
  await exclusive(db, {
    title,
    description: "Um halb eins in Kiel.",
    audience: "all",
    createdAt: new Date("2026-01-15T23:30:00Z"),
  });

  await page.goto("/exclusive", { waitUntil: "networkidle" });
  const item = page.getByTestId("exclusive-item").filter({ hasText: title });
  await expect(item).toContainText("16. Jan. 2026 · 00:30 Uhr");
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("America/New_York");
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
  await context.close();
});
