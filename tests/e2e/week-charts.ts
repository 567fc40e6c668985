import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";

import { formatShortCalendarDay, isoDay } from "../../shared/dates.ts";
import { signUpQuick } from "./admin-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, signInAsAdmin, test, useEnglish } from "./fixtures.ts";

// The charts of the dashboard and /stats, shared by week-charts.spec.ts (1280 px) and
// week-charts-mobile.spec.ts (375 px). Other tests claim at the same time, so a chart's number is
// checked between the database's count before and after the page was read, after our own claims.

const ZONE = "Europe/Berlin";

async function claimsToday() {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from claims where status <> 'rejected' and (claimed_at at time zone ${ZONE})::date = (now() at time zone ${ZONE})::date`,
  );
  return Number(rows[0].n);
}

async function findsThisWeek() {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from claims c join boonees b on b.id = c.boonee_id
        where c.status <> 'rejected' and b.status not in ('Draft', 'Hidden')
          and date_trunc('week', c.claimed_at at time zone ${ZONE}) = date_trunc('week', now() at time zone ${ZONE})`,
  );
  return Number(rows[0].n);
}

/** Two real claims through the claim form's POST, by a fresh collector. */
async function claimTwo(page: Page) {
  await signUpQuick(page);
  for (let i = 0; i < 2; i++) {
    const figure = await seedFigure({ name: `Wochenfund ${i}` });
    const res = await page.request.post(`/c/${figure.code}`, {
      form: { intent: "claim" },
      headers: { origin: E2E.baseURL },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
  }
  await page.context().clearCookies();
}

/** The number a chart's text alternative gives for `label` ("25.11.: 3"). */
async function numberFor(page: Page, chartName: RegExp, label: string) {
  const chart = page.getByRole("img", { name: chartName });
  await expect(chart).toBeVisible();
  const text = (await chart.locator("desc").textContent()) ?? "";
  const match = new RegExp(`${label.replace(/\./g, "\\.")}: (\\d+)`).exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

export function weekChartTests(width: number) {
  test(`the dashboard's charts name today's claims, in German and English (${width} px)`, async ({ page }) => {
    await claimTwo(page);
    await signInAsAdmin(page);
    const today = isoDay(new Date(), ZONE);
    for (const lang of ["de", "en"] as const) {
      if (lang === "en") await useEnglish(page);
      const before = await claimsToday();
      await page.goto("/admin");
      const title = lang === "de" ? /^Claims pro Tag, letzte 8 Wochen/ : /^Claims per day, last 8 weeks/;
      const shown = await numberFor(page, title, formatShortCalendarDay(today, lang));
      expect(shown).toBeGreaterThanOrEqual(Math.max(before, 2));
      expect(shown).toBeLessThanOrEqual(await claimsToday());
      // the other charts are there, each with its title, and the table opens without a script
      for (const name of lang === "de"
        ? [/^Gefunden nach/, /^Aktive Sammler:innen/, /^Zustellungen pro Kanal/]
        : [/^Found after/, /^Active collectors/, /^Deliveries per channel/]) {
        const chart = page.getByRole("img", { name });
        if (/Gefunden|Found/.test(String(name)) && !(await chart.count())) continue; // no drop released yet
        await expect(chart).toBeVisible();
      }
      const section = page.getByTestId("chart-claimsPerDay");
      await section.getByText(lang === "de" ? "Als Tabelle" : "As a table").click();
      await expect(section.getByRole("table")).toBeVisible();
      // fits the screen: no sideways scrolling of the page
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`dashboard-${lang}-${width}.png`), fullPage: true });
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test(`/stats shows finds per week and the rarity split as charts (${width} px)`, async ({ page }) => {
      await claimTwo(page);
      const { rows } = await db.execute<{ monday: string }>(
        sql`select to_char(date_trunc('week', now() at time zone ${ZONE}), 'YYYY-MM-DD') as monday`,
      );
      const monday = rows[0].monday;
      const before = await findsThisWeek();
      await page.goto("/stats");
      const shown = await numberFor(page, /^Funde pro Woche/, formatShortCalendarDay(monday, "de"));
      expect(shown).toBeGreaterThanOrEqual(Math.max(before, 2));
      expect(shown).toBeLessThanOrEqual(await findsThisWeek());
      await expect(page.getByRole("img", { name: /^Seltenheit der Boonees/ })).toBeVisible();
      await expect(page.getByRole("img", { name: /^Seltenheit der Boonees/ })).toHaveAccessibleName(
        /Common: \d+; Rare: \d+; Legendary: \d+/,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`stats-${width}.png`), fullPage: true });
    });
  });
}
