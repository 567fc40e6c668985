import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { db, expect, signInAsAdmin, signUp, test, unique } from "./fixtures.ts";

// Decision 051 on a phone: an admin adds a webhook and sees its secret once; a collector makes a
// personal token, reads their finds with it, and revokes it.

test("an admin adds a webhook on the phone; the secret is shown once", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/webhooks");
  const url = `https://hooks-${unique().toLowerCase()}.example.com/boonees`;
  await page.getByLabel("Adresse (https)").fill(url);
  await page.getByLabel("Boonee gefunden").check();
  await page.getByLabel("Drop veröffentlicht").check();
  await page.getByRole("button", { name: "Webhook speichern" }).click();
  const secret = page.getByTestId("webhook-secret").locator("code");
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const shown = await secret.textContent();
  const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: url });
  await expect(endpoint).toContainText("Boonee gefunden");
  // the page fits the phone: nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.reload();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toBeVisible();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(shown!);
  await endpoint.getByRole("button", { name: "Pausieren" }).click();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toContainText("Pausiert");
});

test("a collector makes a personal token on the phone, reads their finds with it and revokes it", async ({ page }) => {
  const me = await signUp(page);
  await page.goto("/profile");
  await page.getByLabel("Name des Tokens").fill("Mein Skript");
  await page.getByRole("button", { name: "Token erstellen" }).click();
  const shown = page.getByTestId("new-token");
  await expect(shown).toHaveText(/^bnt_/);
  const token = (await shown.textContent())!;
  const [row] = await db.select().from(schema.personalTokens).where(eq(schema.personalTokens.userId, me.id));
  expect(row.tokenHash).not.toContain(token.slice(4));
  const read = await page.request.get("/api/v1/me/finds", { headers: { authorization: `Bearer ${token}` } });
  expect(read.status()).toBe(200);
  expect(await read.json()).toEqual({ finds: [] });
  await page.reload();
  const listed = page.getByTestId("token").filter({ hasText: "Mein Skript" });
  await expect(listed).toContainText("zuletzt benutzt");
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  await listed.getByRole("button", { name: "Token „Mein Skript“ widerrufen" }).click();
  await expect(page.getByTestId("token")).toHaveCount(0);
  const refused = await page.request.get("/api/v1/me/finds", { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
});
