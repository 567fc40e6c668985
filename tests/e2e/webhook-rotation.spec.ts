import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { db, expect, signInAsAdmin, test, unique } from "./fixtures.ts";

// Decision 051 (follow-up) on the desktop: an admin rotates a webhook's secret; the new one is shown once,
// the endpoint says until when the old one still signs, and the database keeps the old one for that time.

test("an admin rotates a webhook's secret: the new one is shown once, the old one signs for 24 hours more", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/webhooks");
  const url = `https://hooks-${unique().toLowerCase()}.example.com/rotate`;
  await page.getByLabel("Adresse (https)").fill(url);
  await page.getByLabel("Story geschrieben").check();
  await page.getByRole("button", { name: "Webhook speichern" }).click();
  const shown = page.getByTestId("webhook-secret").locator("code");
  await expect(shown).toHaveText(/^whsec_/);
  const first = (await shown.textContent())!;

  const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: url });
  await endpoint.getByRole("button", { name: "Neues Secret" }).click();
  await expect(page.getByText(/Neues Secret erstellt\. 24 Stunden lang/)).toBeVisible();
  await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const second = (await shown.textContent())!;
  expect(second).not.toBe(first);
  await expect(endpoint).toContainText("Altes Secret gilt noch bis");

  const [row] = await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.url, url));
  expect(row.secret).toBe(second);
  expect(row.previousSecret).toBe(first);
  expect(row.previousSecretUntil!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
  // shown once: a reload names neither secret
  await page.reload();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain(second);
  expect(html).not.toContain(first);
});
