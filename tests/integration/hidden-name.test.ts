import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ROUTE_POLICIES } from "#shared/route-policy.ts";

import { setNameHidden } from "../../server/domain/accounts/hide-name.ts";
import { exportUserData } from "../../server/domain/accounts/own-data.ts";
import { getProfileSummary } from "../../server/domain/accounts/profile-summary.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { createDrop } from "../../server/domain/drops/save-drop.ts";
import { getLeaderboards } from "../../server/domain/stats/public-leaderboard.ts";
import { claimRow, figure, finderStory, ownedFigure, uniqueName } from "../support/factories.ts";
import { hasBuild, IP_HEADER, startReadApiServer } from "../support/read-api-server.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 38: "a person can opt out of being named (then 'Anonymous' there too)". A person who switched
// on "don't show my name" owns the most figures (so tops every leaderboard), found a drop's figure, wrote a
// story and owns figures in the first city; every public page (each pattern of shared/route-policy.ts that
// a signed-out visitor opens, in both languages), every /api/v1 answer (every page of every list) and the
// calendar feed are searched for the name. Their own profile still shows it; the data download says so.
const HIDDEN = "Heimliche Hanna";
let s: TestServices;
let base = "";
let close: () => Promise<void> = async () => {};
let ip = 0;
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { [IP_HEADER]: `198.18.${Math.floor(ip / 250)}.${1 + (ip++ % 250)}`, ...headers } });

let hanna: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  if (!hasBuild && !process.env.CI) return;
  s = await createTestServices();
  ({ base, close } = await startReadApiServer(s));
  const admin = await createStaff(s, "admin", "Ada Admin");
  hanna = await createUser(s, HIDDEN);
  other = await createUser(s, "Otto Offen");
  // Hanna owns three figures, one Legendary (both boards), one with a visible story and a code
  const legendary = await ownedFigure(s.db, hanna.id, { name: uniqueName("Hannawusel"), rarity: "Legendary" });
  ids.legendary = legendary.id;
  ids.code = legendary.code!;
  await finderStory(s.db, { figureId: legendary.id, userId: hanna.id, title: "Hannas Geschichte" });
  await ownedFigure(s.db, hanna.id, { name: uniqueName("Hannazwei") });
  await ownedFigure(s.db, other.id, { name: uniqueName("Ottowusel") });
  // a released drop whose figure Hanna found: "found by" on the drop page, the finds feed
  const dropped = await figure(s.db, { name: uniqueName("Hannadrop") });
  const released = await createDrop(s.db, admin, {
    titleDe: "Namensdrop",
    titleEn: "Name drop",
    descriptionDe: "",
    descriptionEn: "",
    areaDe: "Hafen",
    areaEn: "Harbour",
    releaseAt: new Date(Date.now() + 60_000),
    figureIds: [dropped.id],
  });
  await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${released.id}`);
  await releaseDue(s.db);
  await s.db.execute(
    sql`update boonees set owner_id = ${hanna.id}, claimed_at = now() + interval '5 minutes', status = 'Found' where id = ${dropped.id}`,
  );
  await claimRow(s.db, { figureId: dropped.id, userId: hanna.id, claimedAt: sql`now() + interval '5 minutes'` });
  ids.dropped = dropped.id;
  ids.drop = released.id;
}, 180_000);

afterAll(async () => {
  await close();
  await s?.close();
});

/** Every public page a signed-out visitor opens (the route table's cached pages and the code page). */
function publicPaths(): string[] {
  const fill: Record<string, string[]> = {
    ":id": [ids.legendary, ids.dropped],
    ":city": ["kiel"],
    ":secretCode": [ids.code],
  };
  const patterns = [
    ...Object.entries(ROUTE_POLICIES)
      .filter(([, p]) => "publicCache" in p && p.publicCache)
      .map(([path]) => path),
    // the sun-tag page (/s/:figureId) names the owner through the same findTaggedFigure as this one
    "/c/:secretCode",
  ];
  return patterns.flatMap((pattern) => {
    const param = pattern.match(/:[a-zA-Z]+/)?.[0];
    if (!param) return [pattern];
    const values = pattern.startsWith("/drops/") || pattern.startsWith("/api/v1/drops/") ? [ids.drop] : fill[param];
    return values.map((v) => pattern.replace(param, v));
  });
}

/** Every page of a cursor list, following nextCursor. */
async function allPages(path: string): Promise<[string, string][]> {
  const texts: [string, string][] = [];
  let next: string | null = path;
  while (next) {
    const res = await get(next);
    expect(res.status, next).toBe(200);
    const text = await res.text();
    texts.push([next, text]);
    const cursor = (JSON.parse(text) as { nextCursor?: string | null }).nextCursor;
    next = cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : null;
  }
  return texts;
}

/** Every public answer as [path, text]. */
async function everythingPublic(headers: Record<string, string> = {}) {
  const texts: [string, string][] = [];
  for (const lang of ["de", "en"])
    for (const path of publicPaths()) {
      const res = await get(path, { "accept-language": lang, ...headers });
      expect(res.status, path).toBeLessThan(400);
      texts.push([`${path} (${lang})`, await res.text()]);
    }
  for (const list of ["/api/v1/gallery", "/api/v1/finds", "/api/v1/stories"]) texts.push(...(await allPages(list)));
  texts.push(["/drops.ics?lang=en", await (await get("/drops.ics?lang=en")).text()]);
  return texts;
}

/** The answers that name the person. */
const naming = (texts: [string, string][]) => texts.filter(([, text]) => text.includes(HIDDEN)).map(([path]) => path);

describe.skipIf(!hasBuild && !process.env.CI)(
  `a person who hides their name on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
  () => {
    it("is named while the switch is off, 'Anonymous' on every page, API answer and feed while it is on", async () => {
      // the seeding is seen: with the switch off the name is on the boards, the drop and the finds feed
      expect(naming(await everythingPublic())).toEqual(expect.arrayContaining(["/leaderboard (de)", "/api/v1/finds"]));
      expect((await (await get("/api/v1/leaderboards")).json()).collectors[0]).toMatchObject({ name: HIDDEN });

      await setNameHidden(s.db, { id: hanna.id, role: "user" }, true);
      // the page cache is dropped by the database's announcement (migration 0036's trigger)
      await expect
        .poll(async () => (await (await get("/api/v1/leaderboards")).json()).collectors[0].name, { timeout: 5_000 })
        .toBeNull();
      const hidden = await everythingPublic();
      expect(naming(hidden), "the hidden name on a public page or API answer").toEqual([]);
      const all = hidden.map(([, text]) => text).join("\n");
      expect(all).toContain("Otto Offen");
      expect(all).toContain("Anonym");
      expect(all).toContain("Anonymous");
      const drop = await (await get(`/api/v1/drops/${ids.drop}`)).json();
      expect(drop.figures[0].found).toMatchObject({ finder: null });

      // signed in as someone else (pages not from the cache): still Anonymous
      expect(naming(await everythingPublic({ cookie: other.cookie }))).toEqual([]);
      // signed in as herself: her own row on the board is Anonymous too (the board is public), her profile names her
      const mine = (await getLeaderboards(s.db, hanna.id)).collectors.find((r) => r.mine);
      expect(mine).toMatchObject({ rank: 1, name: null });
      const profile = await get("/profile", { cookie: hanna.cookie });
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(HIDDEN);
      expect(await getProfileSummary(s.db, { id: hanna.id, role: "user" })).toMatchObject({
        profile: { name: HIDDEN, hideName: true },
      });
      expect((await exportUserData(s.db, { id: hanna.id, role: "user" })).profile).toMatchObject({
        name: HIDDEN,
        hideName: true,
      });

      // switched off again: named again
      await setNameHidden(s.db, { id: hanna.id, role: "user" }, false);
      await expect
        .poll(async () => (await (await get("/api/v1/leaderboards")).json()).collectors[0].name, { timeout: 5_000 })
        .toBe(HIDDEN);
      expect((await exportUserData(s.db, { id: hanna.id, role: "user" })).profile.hideName).toBe(false);
    });

    it("is switched on and off with the profile's form, which answers with a message", async () => {
      const post = (fields: Record<string, string>) =>
        fetch(`${base}/profile?index`, {
          method: "POST",
          headers: {
            cookie: other.cookie,
            origin: base,
            "content-type": "application/x-www-form-urlencoded",
            [IP_HEADER]: "198.18.255.1",
          },
          body: new URLSearchParams(fields),
          redirect: "manual",
        });
      const on = await post({ intent: "hideName", hideName: "on" });
      expect(on.status).toBeLessThan(400);
      expect((await getProfileSummary(s.db, { id: other.id, role: "user" })).profile.hideName).toBe(true);
      const off = await post({ intent: "hideName" });
      expect(off.status).toBeLessThan(400);
      expect((await getProfileSummary(s.db, { id: other.id, role: "user" })).profile.hideName).toBe(false);
    });
  },
);
