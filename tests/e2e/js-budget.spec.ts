import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";

import { ROUTE_POLICIES, type RoutePattern } from "#shared/route-policy.ts";

// @ts-expect-error -- a plain .mjs script shared with scripts/check-app-bundle.mjs
import { kb as inKB, measureAppJs } from "../../scripts/app-js-size.mjs";
import { claimRow, drop as dropRow } from "../support/factories.ts";
import { SIGNED_IN_PAGES, type Who } from "../support/signed-in-pages.ts";
import { E2E } from "./env.ts";
import { db, expect, grantRole, seedFigure, signInAsAdmin, signUp, test, unique } from "./fixtures.ts";

// Issue "The drop moment at city scale", item 4: every public page loads at most 100 KB of JavaScript
// (gzip, everything transferred during load and until the network is idle) on a signed-out first
// visit, measured by scripts/check-claim-bundle.mjs in Chromium. A page that grows past it fails here.
const BUDGET_KB = 100;

async function releasedDrop() {
  const figure = await seedFigure({ name: `Budget ${unique()}` });
  const drop = await dropRow(db, {
    titleDe: `Budgetdrop ${unique()}`,
    titleEn: "Budget drop",
    releaseAt: sql`now() - interval '40 days'`,
    releasedAt: sql`now() - interval '40 days'`,
    figureIds: [figure.id],
  });
  return { figure, drop };
}

test.describe("JavaScript budget of the public pages", () => {
  test("every public page loads at most 100 KB of JavaScript on a first visit, and its app still starts on demand", async () => {
    test.setTimeout(180_000);
    const { figure, drop } = await releasedDrop();
    const pages = ["/", "/boonees", `/boonee/${figure.id}`, "/drops", `/drops/${drop.id}`, "/leaderboard", "/stats"];
    for (const path of pages) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["scripts/check-claim-bundle.mjs", E2E.baseURL, path, String(BUDGET_KB)],
        { timeout: 60_000 },
      );
      const kb = Number(/: ([\d.]+) KB gzipped JS/.exec(stdout)?.[1]);
      console.log(stdout.trim());
      expect(kb, `${path}: the inline script is there`).toBeGreaterThan(0.5);
      expect(kb, `${path}: ${stdout}`).toBeLessThanOrEqual(BUDGET_KB);
      expect(stdout, `${path}: the app still starts when the menu is opened`).toMatch(
        /after opening the menu: \+[\d.]+ KB/,
      );
    }
  });
});

// Issue 39 item 4: the JavaScript a page loads once its app runs (after the first tap on a public page whose app starts
// on demand, at once signed in), compressed as Chromium fetches it, for every page of the route policy table, opened by
// whoever may open it (scripts/app-js-size.mjs). The goal is 120 KB; decision 056 records how far the pages are from
// it. A page that reached it is held to it; the others keep the ceiling measured on 2026-11-28, so a page whose code
// grows fails here. Admin pages share one ceiling (their layout alone is ~123 KB; 140–198 KB before the sidebar lost
// Radix's tooltip and the pages zod, decision 056's follow-up of the 28th, afternoon). Every ceiling allows DATA_SLACK_KB
// more: a page's inline data grows with what earlier tests in the same database seeded (figures, drops, cities), and
// a clean-clone run measured /boonees 1 KB and /admin/content 3.7 KB above ceilings set in a shorter run. Team pages
// list more of it (the create page's type select, the figure list, the sent broadcasts): a whole run measured them up
// to 13.6 KB above the same pages early in a run, so they allow TEAM_DATA_SLACK_KB.
const APP_BUDGET_KB = { public: 120, signedIn: 120, team: 143 } as const;
const DATA_SLACK_KB = 6;
const TEAM_DATA_SLACK_KB = 16;
/** Pages not yet at 120 KB, at what they reached (decision 056 says what holds each above it). */
const PAGE_BUDGET_KB: Partial<Record<string, number>> = {
  "/": 128,
  "/claim": 125,
  "/claim/:secretCode": 131,
  "/c/:secretCode": 131,
  "/s/:figureId": 127,
  "/boonee": 134,
  "/boonee/:id": 142,
  "/boonee/{figure}": 141,
  "/boonees": 126,
  "/drops": 126,
  "/drops/:id": 126,
  "/leaderboard": 122,
  "/stats": 127,
  "/:city": 127,
  "/*": 127,
  "/profile": 136,
  "/claimed/:id": 144,
  // the broadcast form focuses its first field, which loads its schema (zod) at once
  "/admin/content": 159,
};

/** Routes that are no page (a resource route: a download, a form's target, a redirect): their route file is `.ts`. */
function resourceRoutes(): Set<string> {
  const routes = readFileSync("app/routes.ts", "utf8");
  return new Set(
    // nested under the admin layout or not: both spellings (no public route shares an admin path)
    [...routes.matchAll(/route\("([^"]*)",\s*"[^"]+\.ts"\)/g)].flatMap(([, path]) => [`/${path}`, `/admin/${path}`]),
  );
}

test.describe("JavaScript budget of the running app", () => {
  test("every page loads at most its budget of JavaScript once its app runs, opened by whoever may open it", async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const { figure, drop } = await releasedDrop();
    const resources = resourceRoutes();
    const open = async (who: Who | "public") => {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, serviceWorkers: "block" });
      const page = await context.newPage();
      if (who === "admin") await signInAsAdmin(page);
      else if (who !== "public") {
        const user = await signUp(page);
        if (who === "moderator") await grantRole(user.id, "moderator");
        if (who === "owner") {
          const owned = await seedFigure({ ownerId: user.id });
          await claimRow(db, { figureId: owned.id, userId: user.id });
          return { state: await context.storageState(), owned: owned.id, close: () => context.close() };
        }
      }
      return { state: await context.storageState(), owned: figure.id, close: () => context.close() };
    };
    const fill = (path: string, owned: string) =>
      path
        .replace("{figure}", owned)
        .replace(/\/(boonee|claimed|s|admin\/sun-tag)\/:(id|figureId)$/, `/$1/${owned}`)
        .replace("/drops/:id", `/drops/${drop.id}`)
        .replace(/:secretCode$/, figure.code)
        .replace("/*", "/no-such-page");

    const publicPages = (Object.entries(ROUTE_POLICIES) as [RoutePattern, { access: string }][])
      .filter(([path, policy]) => policy.access === "public" && !resources.has(path) && !path.startsWith("/og/"))
      .map(([path]) => ({ path, who: "public" as const }));
    const pages = [...publicPages, ...SIGNED_IN_PAGES.filter((p) => !resources.has(p.path))];
    // A public page reloads itself when another test's drop goes live (its countdown ends), which destroys the
    // page under measurement ("Execution context was destroyed"): measure that page again in a fresh context.
    // The bytes a page loads do not depend on the try.
    const measureOnce = async (state: Awaited<ReturnType<typeof open>>["state"], url: string) => {
      for (let attempt = 1; ; attempt++) {
        const context = await browser.newContext({
          viewport: { width: 375, height: 740 },
          serviceWorkers: "block",
          storageState: state,
        });
        try {
          return await measureAppJs(await context.newPage(), E2E.baseURL + url);
        } catch (error) {
          if (attempt === 3 || !/context was destroyed|navigat/i.test(String(error))) throw error;
        } finally {
          await context.close();
        }
      }
    };
    const sessions = new Map<string, Awaited<ReturnType<typeof open>>>();
    const results: string[] = [];
    const over: string[] = [];
    try {
      for (const { path, who } of pages) {
        if (!sessions.has(who)) sessions.set(who, await open(who));
        const session = sessions.get(who)!;
        const url = fill(path, session.owned);
        const { total, tapped } = await measureOnce(session.state, url);
        const policy = ROUTE_POLICIES[path as RoutePattern]?.access ?? "signedIn";
        const team = policy !== "signedIn" && policy !== "public";
        const budget =
          (team ? TEAM_DATA_SLACK_KB : DATA_SLACK_KB) +
          (PAGE_BUDGET_KB[path] ??
            (who === "public" ? APP_BUDGET_KB.public : team ? APP_BUDGET_KB.team : APP_BUDGET_KB.signedIn));
        const line = `${url} (${who}${tapped ? ", after the first tap" : ""}): ${inKB(total)}, budget ${budget} KB`;
        results.push(line);
        if (total > budget * 1024) over.push(line);
      }
    } finally {
      for (const session of sessions.values()) await session.close();
    }
    console.log(results.join("\n"));
    expect(results.length, "every page was measured").toBeGreaterThan(40);
    expect(over, "pages over their budget").toEqual([]);
  });
});
