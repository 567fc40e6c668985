import type { Browser, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";

import routes from "../../app/routes.ts";
import * as schema from "../../server/db/schema.ts";
import { activity, claimRow, drop as dropRow, exclusive, notification } from "../support/factories.ts";
import { signUpQuick } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

// Issue 27 item 5: with every figure and broadcast written in both languages, an English page shows no
// German sentence and a German page no English one. Text in an element whose `lang` is not the page's
// (finder stories, a German text marked as German, the German-only legal pages) is the content's own
// language and not a leak, and so is a name someone chose (`translate="no"`): the suite's other tests
// sign up "Noch nicht fertig" and the English pages list them. One row per route of app/routes.ts: a new route without a row fails.

type Who = "visitor" | "collector" | "admin";
interface Seed {
  figureId: string;
  ownedId: string;
  code: string;
  dropId: string;
}
type Row = { who: Who; url: (s: Seed) => string } | { skip: string };

const visitor = (url: string | ((s: Seed) => string)): Row => ({
  who: "visitor",
  url: typeof url === "string" ? () => url : url,
});
const collector = (url: string | ((s: Seed) => string)): Row => ({
  who: "collector",
  url: typeof url === "string" ? () => url : url,
});
const admin = (url: string | ((s: Seed) => string)): Row => ({
  who: "admin",
  url: typeof url === "string" ? () => url : url,
});
const RESOURCE = { skip: "no page: a resource route (redirect, JSON or CSV)" };

const PAGES: Record<string, Row> = {
  "/": visitor("/"),
  "/language": RESOURCE,
  "/logout": RESOURCE,
  "/passkeys/options": RESOURCE,
  "/auth": visitor("/auth"),
  "/auth/forgot": visitor("/auth/forgot"),
  "/auth/reset": visitor("/auth/reset"),
  "/auth/confirm": visitor("/auth/confirm"),
  "/about": visitor("/about"),
  "/privacy": visitor("/privacy"),
  "/terms": visitor("/terms"),
  "/claim": visitor("/claim"),
  "/claim/:secretCode": visitor((s) => `/claim/${s.code}`),
  "/c/:secretCode": visitor((s) => `/c/${s.code}`),
  "/s/:figureId": visitor((s) => `/s/${s.figureId}`),
  "/boonee": visitor((s) => `/boonee?id=${s.figureId}&token=${s.code}`),
  "/boonee/:id": collector((s) => `/boonee/${s.ownedId}`),
  "/boonees": visitor("/boonees"),
  "/drops": visitor("/drops"),
  "/drops/:id": visitor((s) => `/drops/${s.dropId}`),
  "/leaderboard": visitor("/leaderboard"),
  "/stats": visitor("/stats"),
  "/email/confirm": visitor("/email/confirm"),
  "/unsubscribe": visitor("/unsubscribe"),
  "/profile": collector("/profile"),
  "/profile/data": RESOURCE,
  "/claimed/:id": collector((s) => `/claimed/${s.ownedId}`),
  "/profile/notifications": RESOURCE,
  "/exclusive": collector("/exclusive"),
  "/notifications": collector("/notifications"),
  "/admin/boonees.csv": RESOURCE,
  "/admin/claims.csv": RESOURCE,
  "/admin/users.csv": RESOURCE,
  "/admin": admin("/admin"),
  "/admin/create-boonee": admin("/admin/create-boonee"),
  "/admin/boonees": admin("/admin/boonees"),
  "/admin/content": admin("/admin/content"),
  "/admin/content/recipients": RESOURCE,
  "/admin/claims": admin("/admin/claims"),
  "/admin/stories": admin("/admin/stories"),
  "/admin/users": admin("/admin/users"),
  "/admin/labels": admin("/admin/labels"),
  "/admin/activity": admin("/admin/activity"),
  "/admin/drops": admin("/admin/drops"),
  "/admin/reports": admin("/admin/reports"),
  "/admin/webhooks": admin("/admin/webhooks"),
  "/admin/cities": admin("/admin/cities"),
  "/admin/cities/:cityId": admin("/admin/cities/1"),
  "/:city": visitor("/kiel"),
  "/profile/cities": RESOURCE,
  "/api/v1/me/finds": { skip: "no page: a collector's own finds (JSON, read with a personal token)" },
  "/api/v1/me/notifications": { skip: "no page: a collector's own notifications (JSON, read with a personal token)" },
  "/boonee/:id/photos": RESOURCE,
  "/og/:kind/:id/:lang": { skip: "no page: the share card, a PNG" },
  "/drops.ics": { skip: "no page: the drops calendar (iCalendar; its texts are tested in drops-calendar.test.ts)" },
  ...Object.fromEntries(
    [
      "openapi.json",
      "cities",
      "gallery",
      "figures/:id",
      "drops",
      "drops/:id",
      "finds",
      "stories",
      "leaderboards",
      "stats",
      "*",
    ].map((p) => [`/api/v1/${p}`, { skip: "no page: the public read API (JSON, both languages in one answer)" }]),
  ),
  "/admin/sun-tag/:figureId": admin((s) => `/admin/sun-tag/${s.ownedId}`),
  "*": visitor("/no-such-page-here"),
};

/** Every path of the route config (layouts add none). */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((r) => {
    const path = r.path === "*" ? "*" : r.path !== undefined ? `${parent}/${r.path}` : parent || "/";
    const own = r.path !== undefined || r.index ? [path] : [];
    return [...own, ...routePaths(r.children ?? [], r.path !== undefined && r.path !== "*" ? path : parent)];
  });
}

// Words that only one of the two languages uses in a sentence (ambiguous ones left out: an, in, so, was, will, die…).
const GERMAN = new Set(
  "der das und ist nicht mit für ein eine einen einem dem den des zu auf sich ich du dein deine deinen wir noch auch wird wurde werden oder aber wenn bei aus nach über vom zum zur im ins sind hat haben kein keine jetzt hier alle dieser diesen diese ihn sein seine können kannst bitte".split(
    " ",
  ),
);
const ENGLISH = new Set(
  "the and is are not with for of to on your you we this that it be has have or but if at from by no all here now can our been these their there which when please".split(
    " ",
  ),
);
/** Names and the words of Boonees' own vocabulary that both languages use. */
const ALLOWED = [/\bFigures?\b/g, /\b(Common|Rare|Legendary)\b/g];

/** A text block of the other language: two or more of its function words, and more of them than of the page's. */
export function otherLanguage(text: string, page: "de" | "en"): boolean {
  let stripped = text;
  for (const re of ALLOWED) stripped = stripped.replace(re, " ");
  // whole words only: a run of letters and digits counts when it is all letters, so a random test id
  // ("B6TO99", "7ON6") never reads as "to" and "on"
  const words = (stripped.toLowerCase().match(/[a-zäöüß0-9]+/g) ?? []).filter((w) => !/\d/.test(w));
  const de = words.filter((w) => GERMAN.has(w)).length;
  const en = words.filter((w) => ENGLISH.has(w)).length;
  return page === "en" ? de >= 2 && de > en : en >= 2 && en > de;
}

/**
 * The visible text blocks of the page in its own language (elements with another `lang` left out).
 * A page that moves on by itself (a redirect after a claim) is read where it arrives: a read that
 * meets the document between two pages (no `<html>` yet, or the context destroyed) waits for the
 * next page's load and reads again.
 */
async function textBlocks(page: Page): Promise<string[]> {
  for (let attempt = 1; attempt < 5; attempt++) {
    const blocks = await readTextBlocks(page).catch(() => null);
    if (blocks) return blocks;
    await page.waitForLoadState("load");
  }
  const blocks = await readTextBlocks(page);
  if (!blocks) throw new Error(`${page.url()}: the page never settled to be read`);
  return blocks;
}

async function readTextBlocks(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    if (!document.documentElement || !document.body) return null;
    const pageLang = document.documentElement.lang;
    const blocks = new Map<Element, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.closest("script,style,noscript,template")) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      const lang = parent.closest("[lang]")?.getAttribute("lang");
      if (lang && lang !== pageLang) continue;
      if (parent.closest('[translate="no"]')) continue; // a name as someone chose it (PersonName)
      const block =
        parent.closest("p,li,h1,h2,h3,h4,h5,h6,dd,dt,td,th,label,button,a,figcaption,legend,option,summary,div") ??
        parent;
      blocks.set(block, `${blocks.get(block) ?? ""} ${node.textContent}`);
    }
    return [...blocks.values()].map((t) => t.replace(/\s+/g, " ").trim());
  });
}

async function seed(collectorId: string): Promise<Seed> {
  const both = {
    descriptionEn: "A little monster that likes to live under park benches.",
    originEn: "The harbour",
    superpowerEn: "Hides in fog",
  };
  const owned = await seedFigure({ ownerId: collectorId, name: `Leakcheck ${unique()}` });
  const free = await seedFigure({ name: `Leakfree ${unique()}` });
  const { eq } = await import("drizzle-orm");
  for (const id of [owned.id, free.id])
    await db
      .update(schema.boonees)
      .set({ ...both, origin: "Der Hafen", superpower: "Versteckt sich im Nebel" })
      .where(eq(schema.boonees.id, id));
  const content = await exclusive(db, {
    audience: "boonee",
    figureId: owned.id,
    title: "Neues aus der Werkstatt",
    titleEn: "News from the workshop",
    description: "Wir zeigen dir, wie dein Boonee entstanden ist.",
    descriptionEn: "We show you how your Boonee was made.",
    recipientCount: 1,
  });
  await notification(db, {
    userId: collectorId,
    type: "drop",
    link: "/exclusive",
    contentId: content.id,
    title: content.title,
    message: content.description!,
    titleEn: content.titleEn,
    messageEn: content.descriptionEn,
  });
  const drop = await dropRow(db, {
    titleDe: "Ein neuer Boonee am Hafen",
    titleEn: "A new Boonee at the harbour",
    descriptionDe: "Schau dich an der Kiellinie um.",
    descriptionEn: "Have a look around the Kiellinie.",
    releaseAt: new Date(Date.now() - 60_000),
    releasedAt: new Date(),
  });
  // what people wrote, in German, on the pages an English admin reads: a figure's story changed in the log
  await activity(db, {
    action: "boonee.updated",
    objectType: "boonee",
    objectId: owned.id,
    objectLabel: "Noch nicht fertig mit dem Namen",
    details: {
      changes: [
        {
          field: "description",
          from: "Er wohnt unter der Brükce am Hafen.",
          to: "Er wohnt unter der Brücke am Hafen.",
        },
      ],
    },
  });
  // a reason a moderator wrote on an English page, read on the German log and claims list
  const written = { reason: "The code was shared on the internet", reasonLang: "en" as const };
  await activity(db, { action: "claim.rejected", objectType: "claim", objectLabel: "Leakcheck", ...written });
  await claimRow(db, { figureId: free.id, userId: collectorId, status: "rejected", ...written });
  return { figureId: free.id, ownedId: owned.id, code: free.code, dropId: drop.id };
}

async function person(browser: Browser, who: Who, lang: "de" | "en", collectorState: string) {
  const context = await browser.newContext(who === "collector" ? { storageState: JSON.parse(collectorState) } : {});
  const page = await context.newPage();
  if (who === "admin") await signInAsAdmin(page);
  if (lang === "en") await useEnglish(page);
  return { context, page };
}

test("no page leaks the other language: every route of app/routes.ts, in German and in English", async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  expect(Object.keys(PAGES).sort(), "a route of app/routes.ts has no row in PAGES (or a row names no route)").toEqual(
    [...new Set(routePaths(routes))].sort(),
  );
  // a German display name with German function words: on the English leaderboard and users list it stays as chosen
  const account = await signUpQuick(page, `Noch nicht fertig mit dem Namen ${unique()}`);
  const collectorState = JSON.stringify(await page.context().storageState());
  const s = await seed(account.id);

  const leaks: string[] = [];
  for (const lang of ["de", "en"] as const) {
    const people = {
      visitor: await person(browser, "visitor", lang, collectorState),
      collector: await person(browser, "collector", lang, collectorState),
      admin: await person(browser, "admin", lang, collectorState),
    };
    for (const [route, row] of Object.entries(PAGES)) {
      if ("skip" in row) continue;
      // a page of its own per visit: pages that move on by themselves (/claimed/:id) cannot cut into the next one
      const p = await people[row.who].context.newPage();
      await p.goto(row.url(s), { waitUntil: "domcontentloaded" });
      expect(await p.locator("html").getAttribute("lang"), `${route} (${lang})`).toBe(lang);
      const blocks = await textBlocks(p);
      for (const block of blocks)
        if (otherLanguage(block, lang)) leaks.push(`${lang} ${route}: ${block.slice(0, 160)}`);
      await p.close();
    }
    for (const { context } of Object.values(people)) await context.close();
  }
  expect(leaks).toEqual([]);
});
