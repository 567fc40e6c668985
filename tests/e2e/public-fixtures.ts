import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";

import { finderStory, profileRow } from "../support/factories.ts";
import { db, expect, test, unique } from "./fixtures.ts";

/** A profile without an account (for leaderboards): returns its id. */
export async function seedProfile(name: string | null) {
  const id = `e2e-${unique().toLowerCase()}`;
  await profileRow(db, { id, name, email: `${id}@example.test`, emailVerified: true });
  return id;
}

/** Many figures owned by one person in one statement (public status), claimed at `claimedAt`. */
export async function seedOwned(
  ownerId: string,
  count: number,
  opts: { rarity?: "Common" | "Rare" | "Legendary"; claimedAt: Date; status?: "Found" | "Hidden" },
) {
  await db.execute(sql`
    insert into boonees (name, rarity, status, series, owner_id, claimed_at)
    select 'Massenfund ' || g, ${opts.rarity ?? "Common"}::rarity, ${opts.status ?? "Found"}::boonee_status, 'Masse', ${ownerId}, ${opts.claimedAt.toISOString()}::timestamptz
    from generate_series(1, ${count}::int) g`);
}

export async function addStoryRow(
  figureId: string,
  userId: string,
  values: {
    title: string;
    story: string;
    createdAt?: Date;
    hidden?: boolean;
    findLocation?: string;
    findDate?: string;
  },
) {
  await finderStory(db, { figureId, userId, ...values });
}

/**
 * Fails on any WCAG A/AA violation axe finds on the page. The header's language toggle (shared, not
 * this area's) is left out: its visible "ENG"/"GER" differs from its label (label-content-name-mismatch).
 */
export async function expectAccessible(page: Page) {
  // axe reads the whole page, and the shared e2e database's gallery grows with every test: each check gets its own time
  test.info().setTimeout(test.info().timeout + 30_000);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude('[data-testid="language-toggle"]')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The page has no horizontal scrolling (usable at its width). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

export const metaContent = (page: Page, selector: string) =>
  page.locator(`head meta[${selector}]`).getAttribute("content");

/** Opens the add-story dialog once the page is hydrated (before that, the button is a link to the page form). */
export async function openStoryDialog(page: Page, buttonName: string) {
  await page.locator('[data-testid="add-story"][data-ready]').waitFor();
  await page.getByRole("button", { name: buttonName }).click();
}
