import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { claimRow } from "../support/factories.ts";
import { db, expect, seedFigure, signUp, test, unique } from "./fixtures.ts";

// Issue 38 on a phone: a collector switches on "don't show my name" on the profile; their find's page and
// the public API then say "Anonym", the profile keeps the name; switched off, the name is back.

test("a collector hides their name on the phone: Anonym on the figure page and in the API, not on the profile", async ({
  page,
  browser,
}) => {
  const name = `Heimlich ${unique()}`;
  const me = await signUp(page, name);
  const found = await seedFigure({ status: "Found", ownerId: me.id });
  await claimRow(db, { figureId: found.id, userId: me.id, status: "verified" });
  // a signed-out visitor (the public page cache) sees the name first
  const visitor = await browser.newPage();
  await visitor.goto(`/boonee/${found.id}`);
  await expect(visitor.getByText(name).first()).toBeVisible();

  await page.goto("/profile");
  const section = page.getByTestId("name-visibility");
  const box = section.getByLabel("Meinen Namen nicht zeigen (überall „Anonym“)");
  await expect(box).not.toBeChecked();
  await box.check();
  await section.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Dein Name wird nicht mehr gezeigt: Überall steht jetzt „Anonym“.")).toBeVisible();
  await expect(box).toBeChecked();
  // the profile still names its owner, and fits the phone
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await visitor.reload();
  await expect(visitor.getByText("Anonym").first()).toBeVisible();
  expect(await visitor.content()).not.toContain(name);
  const api = await visitor.request.get(`/api/v1/figures/${found.id}`);
  expect(await api.json()).toMatchObject({ ownerName: null });

  // switched off again: named again
  await box.uncheck();
  await section.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Dein Name wird wieder gezeigt.")).toBeVisible();
  const [row] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, me.id));
  expect(row.hideName).toBe(false);
  await visitor.reload();
  await expect(visitor.getByText(name).first()).toBeVisible();
  await visitor.close();
});
