import type { Page } from "@playwright/test";

import { expect, seedFigure, test, untilHydrated, useEnglish } from "./fixtures.ts";

/** Every script or CSP problem the page reports (console errors, uncaught errors, CSP violation events). */
async function watchProblems(page: Page) {
  const problems: string[] = [];
  // other tests seed figures with made-up picture URLs: a missing picture is not a script problem
  page.on(
    "console",
    (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && problems.push(m.text()),
  );
  page.on("pageerror", (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return problems;
}

const hydrated = (page: Page) => untilHydrated(page.locator("a[href='/leaderboard']").first());

for (const lang of ["de", "en"] as const) {
  test(`a gallery page from the shared cache starts the app without CSP errors (${lang})`, async ({ page }) => {
    await seedFigure();
    if (lang === "en") await useEnglish(page);
    const problems = await watchProblems(page);
    await page.request.get("/boonees"); // another visitor's request puts the page into the cache
    const response = await page.goto("/boonees");
    const headers = response!.headers();
    expect(["hit", "stale", "miss"]).toContain(headers["x-boonees-cache"]);
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/);
    expect(headers["content-security-policy"]).not.toContain("'nonce-");
    // signed out, the app starts on demand (decision 025) from the scripts held in <noscript>, allowed by their hashes:
    // the search field starts it as it gets the focus
    await page.getByRole("searchbox").focus();
    await hydrated(page);
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    await page
      .getByRole("link", { name: lang === "de" ? "Bestenliste" : "Leaderboard" })
      .first()
      .click();
    await expect(page).toHaveURL("/leaderboard");
    expect(documents).toEqual([]); // a client-side navigation: React runs
    expect(problems).toEqual([]);
  });
}
