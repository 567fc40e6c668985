import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { API_SCHEMAS, type ApiSchemaName } from "../../server/api/schemas.ts";
import { queryRows } from "../../server/db/client.ts";
import { boonees, profiles } from "../../server/db/schema.ts";
import { createPersonalToken } from "../../server/domain/accounts/personal-tokens.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { listPublicFinds } from "../../server/domain/figures/public-finds.ts";
import { listPublicStories } from "../../server/domain/stories/public-stories.ts";
import { city, claimRow, figure, finderStory, ownedFigure, TOKYO, uniqueName } from "../support/factories.ts";
import { ROOT } from "../support/instances.ts";
import { hasBuild, IP_HEADER, startReadApiServer } from "../support/read-api-server.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 38 items 1–2 (decision 050): the public read API over HTTP against the built app, on both
// databases. Every answer of every endpoint is checked against its zod schema and against the served
// OpenAPI document (JSON Schema 2020-12 with Ajv); secrets, e-mails, hidden stories, Draft/Hidden figures
// and a waiting drop never show in any answer; ETag/304, CORS and the per-address rate limit hold.
const RATE_LIMIT = 40;
let s: TestServices;
let base = "";
let close: () => Promise<void> = async () => {};
let ipSeq = 0;
/** A fresh client address per request, so only the rate-limit test meets the budget. */
const freshIp = () => `198.51.${Math.floor(ipSeq / 250)}.${1 + (ipSeq++ % 250)}`;
const get = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(base + path, { headers: { [IP_HEADER]: freshIp(), ...headers } });

const secrets: string[] = [];
const ids: Record<string, string> = {};
const tokyoIds: string[] = [];
let admin: Actor;

beforeAll(async () => {
  if (!hasBuild && !process.env.CI) return;
  s = await createTestServices();
  s.config.API_RATE_LIMIT = RATE_LIMIT;
  ({ base, close } = await startReadApiServer(s));
  admin = await createStaff(s, "admin", "Ada Admin");

  const alice = await createUser(s, "Alice Finderin");
  const blocked = await createUser(s, "Bruno Gesperrt");
  const nameless = await createUser(s, "   ");
  secrets.push(alice.email, blocked.email, nameless.email, alice.id, blocked.id, nameless.id, "Bruno Gesperrt");

  // a public figure, found by Alice, with a secret placement note, a visible and a hidden story
  const found = await ownedFigure(s.db, alice.id, {
    name: uniqueName("Hafenwusel"),
    rarity: "Rare",
    description: "Ein Wusel vom Hafen.",
    descriptionEn: "A wusel from the harbour.",
    placementNote: "GEHEIMERORT unter dem Poller",
  });
  ids.found = found.id;
  secrets.push(found.code!, "GEHEIMERORT");
  await finderStory(s.db, { figureId: found.id, userId: alice.id, title: "Sichtbare Geschichte" });
  await finderStory(s.db, {
    figureId: found.id,
    userId: alice.id,
    title: "VERSTECKTEGESCHICHTE",
    story: "VERSTECKTERTEXT",
    hidden: true,
  });
  secrets.push("VERSTECKTEGESCHICHTE", "VERSTECKTERTEXT");

  // a figure of a blocked account (listed as Anonymous, its story hidden) and one of a person without a name
  const ofBlocked = await ownedFigure(s.db, blocked.id, { name: uniqueName("Sperrwusel") });
  await finderStory(s.db, { figureId: ofBlocked.id, userId: blocked.id, title: "GESPERRTEGESCHICHTE" });
  await s.db.update(profiles).set({ blockedAt: new Date() }).where(eq(profiles.id, blocked.id));
  secrets.push(ofBlocked.code!, "GESPERRTEGESCHICHTE");
  const ofNameless = await ownedFigure(s.db, nameless.id, { name: uniqueName("Namenlos") });
  ids.ofNameless = ofNameless.id;
  secrets.push(ofNameless.code!);

  // Draft and Hidden figures, an unclaimed public one
  for (const status of ["Draft", "Hidden"] as const) {
    const f = await figure(s.db, { name: `${status.toUpperCase()}FIGUR${ipSeq}`, status, series: `${status}REIHE` });
    ids[status] = f.id;
    await finderStory(s.db, { figureId: f.id, userId: alice.id, title: `${status}GESCHICHTE` });
    secrets.push(f.code, f.name, `${status}REIHE`, f.id, `${status}GESCHICHTE`);
  }
  // more than one gallery page (48 cards a page), in one insert
  await s.db
    .insert(boonees)
    .values(Array.from({ length: 50 }, (_, i) => ({ name: `Massenwusel ${i}`, status: "Placed" as const })));
  const open = await figure(s.db, { name: uniqueName("Offen"), rarity: "Legendary" });
  secrets.push(open.code);

  // a released drop whose one figure is found (so /drops shows the next drop), then a waiting drop
  const dropped = await figure(s.db, { name: uniqueName("Dropwusel") });
  secrets.push(dropped.code);
  const released = await createDrop(s.db, admin, {
    titleDe: "Herbstdrop",
    titleEn: "Autumn drop",
    descriptionDe: "",
    descriptionEn: "",
    areaDe: "Kiellinie",
    areaEn: "Kiel waterfront",
    releaseAt: new Date(Date.now() + 60_000),
    figureIds: [dropped.id],
  });
  await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${released.id}`);
  await releaseDue(s.db);
  await s.db
    .update(boonees)
    .set({ ownerId: alice.id, claimedAt: sql`now() + interval '17 minutes'`, status: "Found" })
    .where(eq(boonees.id, dropped.id));
  await claimRow(s.db, { figureId: dropped.id, userId: alice.id, claimedAt: sql`now() + interval '17 minutes'` });
  ids.released = released.id;
  ids.dropped = dropped.id;

  const waitingFigure = await figure(s.db, { name: "WARTEFIGUR", series: "WARTEREIHE" });
  const waiting = await createDrop(s.db, admin, {
    titleDe: "WARTEDROP",
    titleEn: "WAITINGDROP",
    descriptionDe: "WARTEBESCHREIBUNG",
    descriptionEn: "WAITINGDESCRIPTION",
    areaDe: "WARTEGEBIET",
    areaEn: "WAITINGAREA",
    releaseAt: new Date(Date.now() + 3 * 86_400_000),
    figureIds: [waitingFigure.id],
  });
  ids.waiting = waiting.id;
  ids.waitingFigure = waitingFigure.id;
  secrets.push(
    waitingFigure.code,
    waitingFigure.id,
    "WARTEFIGUR",
    "WARTEREIHE",
    "WARTEDROP",
    "WAITINGDROP",
    "WARTEBESCHREIBUNG",
    "WAITINGDESCRIPTION",
    "WARTEGEBIET",
    "WAITINGAREA",
    waiting.id,
  );

  // a second city, Tokyo, with its own finder (two finds there, none in the first city); its operator's
  // details are stored for the legal notice and never in the API
  const tokyo = await city(s.db, {
    ...TOKYO,
    active: true,
    areaDe: "Rund um Shibuya",
    areaEn: "Around Shibuya",
    operatorName: "Tokio Betrieb",
    operatorEmail: "betreiber@tokio.example",
    operatorAddress: "BETREIBERADRESSE 1",
    operatorRepresentative: "BETREIBERVERTRETUNG",
  });
  secrets.push("betreiber@tokio.example", "BETREIBERADRESSE", "BETREIBERVERTRETUNG");
  const tanaka = await createUser(s, "Tokio Tanaka");
  secrets.push(tanaka.email, tanaka.id);
  for (const rarity of ["Common", "Legendary"] as const) {
    const f = await ownedFigure(s.db, tanaka.id, { name: uniqueName("Tokiowusel"), rarity, cityId: tokyo.id });
    secrets.push(f.code!);
    tokyoIds.push(f.id);
  }
}, 180_000);

afterAll(async () => {
  await close();
  await s?.close();
});

/** Every page of a cursor list, following nextCursor. */
async function allPages(path: string) {
  const pages = [];
  let next: string | null = path;
  while (next) {
    const res = await get(next);
    expect(res.status).toBe(200);
    const body = await res.json();
    pages.push({ path: next, body });
    next = body.nextCursor ? `${path.split("?")[0]}?cursor=${encodeURIComponent(body.nextCursor)}` : null;
  }
  return pages;
}

describe.skipIf(!hasBuild && !process.env.CI)(
  `public read API on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
  () => {
    it("every answer of every endpoint matches its zod schema and the served OpenAPI document; nothing secret leaks anywhere", async () => {
      const docRes = await get("/api/v1/openapi.json");
      expect(docRes.status).toBe(200);
      const doc = await docRes.json();
      expect(doc.openapi).toBe("3.1.0");
      const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
      ajv.addSchema(doc, "openapi.json");
      const schemaOfPath = (path: string, status: string): ApiSchemaName => {
        const templ = Object.keys(doc.paths).find((p) =>
          new RegExp(`^${p.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path.replace(/^\/api\/v1/, "").split("?")[0]),
        );
        expect(templ, path).toBeDefined();
        const answer = doc.paths[templ!].get.responses[status];
        expect(answer, `${path} ${status}`).toBeDefined();
        const content = answer.content["application/json"] ?? answer.content["application/problem+json"];
        return content.schema.$ref.split("/").at(-1) as ApiSchemaName;
      };
      const texts: string[] = [JSON.stringify(doc)];
      const check = async (path: string, status = 200, headers: Record<string, string> = {}) => {
        const res = await get(path, headers);
        const text = await res.text();
        texts.push(text);
        expect(res.status, path).toBe(status);
        expect(res.headers.get("content-type"), path).toMatch(
          status === 200 ? /^application\/json/ : /^application\/problem\+json/,
        );
        const name = schemaOfPath(path, String(status));
        const body = JSON.parse(text);
        expect(() => API_SCHEMAS[name].parse(body), `${path} (zod ${name})`).not.toThrow();
        const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`)!;
        expect(validate(body), `${path} (JSON Schema ${name}): ${ajv.errorsText(validate.errors)}`).toBe(true);
        return body;
      };

      // the lists, every page
      const gallery = await allPages("/api/v1/gallery");
      for (const p of gallery) await check(p.path);
      await check("/api/v1/gallery?rarity=Rare");
      await check("/api/v1/gallery?q=Hafen");
      const finds = await allPages("/api/v1/finds");
      for (const p of finds) await check(p.path);
      const stories = await allPages("/api/v1/stories");
      for (const p of stories) await check(p.path);
      expect(stories.flatMap((p) => p.body.items.map((x: { title: string }) => x.title))).toContain(
        "Sichtbare Geschichte",
      );
      const drops = await check("/api/v1/drops");
      await check("/api/v1/leaderboards");
      await check("/api/v1/stats");
      const cities = await check("/api/v1/cities");
      for (const c of cities.items) {
        for (const list of ["/api/v1/gallery", "/api/v1/finds"])
          for (const p of await allPages(`${list}?city=${c.slug}`)) await check(p.path);
        for (const one of ["drops", "leaderboards", "stats"]) await check(`/api/v1/${one}?city=${c.slug}`);
      }
      for (const one of ["gallery", "drops", "finds", "leaderboards", "stats"])
        await check(`/api/v1/${one}?city=atlantis`, 404);
      // every figure and drop the lists name, and the ones seeded here
      const figureIds = new Set<string>([
        ...gallery.flatMap((p) => p.body.items.map((c: { id: string }) => c.id)),
        ...finds.flatMap((p) => p.body.items.map((f: { figureId: string }) => f.figureId)),
        ids.found,
        ids.ofNameless,
        ids.dropped,
      ]);
      for (const id of figureIds) await check(`/api/v1/figures/${id}`);
      for (const d of drops.items) await check(`/api/v1/drops/${d.id}`);
      // the refusals
      for (const id of [ids.Draft, ids.Hidden, ids.waitingFigure, "not-a-uuid", crypto.randomUUID()])
        await check(`/api/v1/figures/${id}`, 404);
      for (const id of [ids.waiting, crypto.randomUUID()]) await check(`/api/v1/drops/${id}`, 404);
      await check("/api/v1/gallery?cursor=bm90LWEtY3Vyc29y", 400);
      await check("/api/v1/gallery?rarity=Mythic", 400);
      await check("/api/v1/finds?cursor=%7B%7D", 400);
      await check("/api/v1/stories?cursor=e30", 400);
      const unknown = await get("/api/v1/nothing-here");
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get("content-type")).toBe("application/problem+json");
      texts.push(await unknown.text());
      texts.push(await (await get("/drops.ics")).text(), await (await get("/drops.ics?lang=en")).text());

      // what the answers say
      const found = await check(`/api/v1/figures/${ids.found}`);
      expect(found.ownerName).toBe("Alice Finderin");
      expect(found.description).toEqual({ de: "Ein Wusel vom Hafen.", en: "A wusel from the harbour." });
      expect(found.stories.map((x: { title: string }) => x.title)).toEqual(["Sichtbare Geschichte"]);
      expect((await check(`/api/v1/figures/${ids.ofNameless}`)).ownerName).toBeNull();
      const releasedDrop = await check(`/api/v1/drops/${ids.released}`);
      expect(releasedDrop.figures[0].found).toEqual({ afterMinutes: 17, finder: "Alice Finderin" });
      expect(drops.next).toEqual({ releaseAt: expect.any(String) });
      const dropFind = finds.flatMap((p) => p.body.items).find((f: { figureId: string }) => f.figureId === ids.dropped);
      expect(dropFind).toMatchObject({ afterMinutes: 17, finder: "Alice Finderin", dropId: ids.released });
      const boards = await check("/api/v1/leaderboards");
      const names = boards.collectors.map((r: { name: string | null }) => r.name);
      expect(names).toContain("Alice Finderin");
      expect(names).toContain(null);
      expect(names).not.toContain("Bruno Gesperrt");

      // the cities: public fields only; each list of one city holds that city's only
      expect(cities.items.map((c: { slug: string }) => c.slug)).toEqual(["kiel", "tokio"]);
      expect(cities.items[1]).toEqual({
        slug: "tokio",
        name: { de: "Tokio", en: "Tokyo" },
        timeZone: "Asia/Tokyo",
        country: "JP",
        active: true,
        area: { de: "Rund um Shibuya", en: "Around Shibuya" },
        pageUrl: `${s.config.PUBLIC_URL.replace(/\/$/, "")}/tokio`,
        calendarUrl: `${s.config.PUBLIC_URL.replace(/\/$/, "")}/drops.ics?city=tokio`,
      });
      const idsOf = (pages: { body: { items: { id?: string; figureId?: string }[] } }[]) =>
        pages.flatMap((p) => p.body.items.map((x) => x.figureId ?? x.id!));
      expect(new Set(idsOf(await allPages("/api/v1/gallery?city=tokio")))).toEqual(new Set(tokyoIds));
      const kielCards = idsOf(await allPages("/api/v1/gallery?city=kiel"));
      expect(kielCards.length).toBeGreaterThan(48); // its cursor kept the city over pages
      expect(kielCards.length + tokyoIds.length).toBe(idsOf(gallery).length);
      expect(kielCards.filter((id) => tokyoIds.includes(id))).toEqual([]);
      expect(new Set(idsOf(await allPages("/api/v1/finds?city=tokio")))).toEqual(new Set(tokyoIds));
      expect(idsOf(await allPages("/api/v1/finds?city=kiel")).filter((id) => tokyoIds.includes(id))).toEqual([]);
      const tokyoBoards = await check("/api/v1/leaderboards?city=tokio");
      expect(tokyoBoards).toEqual({
        collectors: [{ rank: 1, name: "Tokio Tanaka", count: 2 }],
        legends: [{ rank: 1, name: "Tokio Tanaka", count: 1 }],
      });
      const kielNames = (await check("/api/v1/leaderboards?city=kiel")).collectors.map(
        (r: { name: string | null }) => r.name,
      );
      expect(kielNames).toContain("Alice Finderin");
      expect(kielNames).not.toContain("Tokio Tanaka");
      expect(await check("/api/v1/stats?city=tokio")).toMatchObject({
        totalFigures: 2,
        totalCollectors: 1,
        rarity: { Common: 1, Rare: 0, Legendary: 1 },
      });
      const tokyoDrops = await check("/api/v1/drops?city=tokio");
      expect(tokyoDrops).toMatchObject({ items: [], next: null });
      expect(tokyoDrops.calendarUrl).toMatch(/\/drops\.ics\?city=tokio$/);
      expect((await check("/api/v1/drops?city=kiel")).next).toEqual(drops.next);
      expect(await check("/api/v1/leaderboards?city=")).toEqual(boards);

      // a personal token's own answers (bearer) match the document too, and its refusal
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
      for (const path of ["/me/finds", "/me/notifications"])
        expect(doc.paths[path].get.security).toEqual([{ bearer: [] }]);
      const alice = await s.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, "Alice Finderin"));
      const { token } = await createPersonalToken(s.db, { id: alice[0].id, role: "user" }, { name: "Vertrag" });
      const auth = { authorization: `Bearer ${token}` };
      const myFinds = await check("/api/v1/me/finds", 200, auth);
      expect(myFinds.finds.map((f: { id: string }) => f.id)).toContain(ids.found);
      await check("/api/v1/me/notifications", 200, auth);
      await check("/api/v1/me/notifications?lang=en", 200, auth);
      await check("/api/v1/me/finds", 401);
      await check("/api/v1/me/notifications", 401, { authorization: "Bearer bnt_nothing" });
      // the owner's own data is no leak: the public answers are searched for secrets
      const publicTexts = texts.filter((t) => !t.startsWith('{"finds"') && !t.startsWith('{"notifications"'));

      const all = publicTexts.join("\n");
      for (const secret of secrets) expect(all.includes(secret), `leaked: ${secret}`).toBe(false);
      expect(all).not.toMatch(/@example\.test/);
    });

    it("the keyset cursors of finds and stories walk every item once, also where several share one instant", async () => {
      const finder = await createUser(s, "Gleichzeitig");
      const at = sql`timestamptz '2026-11-20 12:00:00.123456+00'`;
      for (let i = 0; i < 5; i++) {
        const f = await ownedFigure(s.db, finder.id, { name: uniqueName("Zugleich"), claimedAt: at });
        await s.db.execute(sql`update claims set claimed_at = ${at} where id = ${f.claimId}`);
        await finderStory(s.db, { figureId: f.id, userId: finder.id, title: `Zugleich ${i}`, createdAt: at });
      }
      const walk = async <T extends { next: unknown }>(
        page: (after: never) => Promise<T>,
        items: (p: T) => string[],
      ) => {
        const seen: string[] = [];
        let after = null as never;
        do {
          const p = await page(after);
          seen.push(...items(p));
          after = p.next as never;
        } while (after);
        return seen;
      };
      const finds = await walk(
        (after) => listPublicFinds(s.db, after, 2),
        (p) => p.finds.map((f) => f.claimId),
      );
      const stories = await walk(
        (after) => listPublicStories(s.db, after, 2),
        (p) => p.stories.map((x) => x.id),
      );
      const [{ n: findCount }] = await queryRows<{ n: number }>(
        s.db,
        sql`select count(*)::int as n from claims c join boonees b on b.id = c.boonee_id
            where c.status <> 'rejected' and b.status not in ('Draft', 'Hidden')`,
      );
      expect(new Set(finds).size).toBe(finds.length);
      expect(finds).toHaveLength(findCount);
      expect(new Set(stories).size).toBe(stories.length);
      expect(stories.length).toBeGreaterThanOrEqual(6);
      // over HTTP as well: every page of finds through its cursors, each find once
      const pages = await allPages("/api/v1/finds");
      expect(pages.flatMap((p) => p.body.items).length).toBe(findCount);
    });

    it("the example in docs/examples/leaderboard.ts prints a city's leaderboards from the API alone", async () => {
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, [join(ROOT, "docs/examples/leaderboard.ts"), base, ...args]);
      const kiel = (await run("kiel")).stdout;
      expect(kiel).toMatch(/^Boonees leaderboards: Kiel\n\nCollectors/);
      expect(kiel).toMatch(/ {2}\d\. Alice Finderin +2\n/);
      expect(kiel).toContain("Anonymous");
      expect(kiel).not.toContain("Bruno Gesperrt");
      expect(kiel).not.toContain("Tokio Tanaka");
      expect(kiel).toContain("Legends");
      const tokyo = (await run("tokio")).stdout;
      expect(tokyo).toMatch(/^Boonees leaderboards: Tokyo\n/);
      expect(tokyo).toMatch(/ {2}1\. Tokio Tanaka +2\n[^]*Legends[^]* {2}1\. Tokio Tanaka +1\n/);
      expect(tokyo).not.toContain("Alice Finderin");
      const all = (await run()).stdout;
      expect(all).toMatch(/^Boonees leaderboards: All cities\n/);
      expect(all).toContain("Alice Finderin");
      expect(all).toContain("Tokio Tanaka");
      await expect(run("atlantis")).rejects.toMatchObject({ stderr: expect.stringContaining("kiel, tokio") });
    });

    it("answers carry an ETag; If-None-Match gives 304 until the data changes", async () => {
      const first = await get("/api/v1/stats");
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers.get("cache-control")).toMatch(/public/);
      const again = await get("/api/v1/stats", { "if-none-match": etag! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("access-control-allow-origin")).toBe("*");
      await figure(s.db, { name: uniqueName("Neuling") });
      // the page cache is dropped by the database's announcement; at the latest after a second
      await expect
        .poll(async () => (await get("/api/v1/stats", { "if-none-match": etag! })).status, { timeout: 5_000 })
        .toBe(200);
      const changed = await get("/api/v1/stats");
      expect(changed.headers.get("etag")).not.toBe(etag);
    });

    it("answers any origin (CORS for reading, preflight included) and refuses writes as problem+json", async () => {
      const res = await get("/api/v1/leaderboards", { origin: "https://elsewhere.example" });
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      const preflight = await fetch(`${base}/api/v1/leaderboards`, {
        method: "OPTIONS",
        headers: {
          origin: "https://elsewhere.example",
          "access-control-request-method": "GET",
          [IP_HEADER]: freshIp(),
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
      const post = await fetch(`${base}/api/v1/stats`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded", [IP_HEADER]: freshIp() },
        body: "a=1",
      });
      expect(post.status).toBe(405);
      expect(post.headers.get("content-type")).toBe("application/problem+json");
    });

    it("an address gets RATE_LIMIT requests a minute, with RateLimit-* headers, then 429 as problem+json; another address is not affected", async () => {
      const ip = "203.0.113.77";
      const remaining: number[] = [];
      // the window starts with the address's first request (rate_limits, decision 007): no minute turns mid-test
      for (let i = 0; i < RATE_LIMIT; i++) {
        const res = await fetch(`${base}/api/v1/stats`, { headers: { [IP_HEADER]: ip } });
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit-limit")).toBe(String(RATE_LIMIT));
        remaining.push(Number(res.headers.get("ratelimit-remaining")));
        await res.body?.cancel();
      }
      expect(remaining).toEqual(Array.from({ length: RATE_LIMIT }, (_, i) => RATE_LIMIT - 1 - i));
      const refused = await fetch(`${base}/api/v1/stats`, { headers: { [IP_HEADER]: ip } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      expect(refused.headers.get("ratelimit-remaining")).toBe("0");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ status: 429, title: "Too Many Requests" });
      // the calendar feed shares the budget
      expect((await fetch(`${base}/drops.ics`, { headers: { [IP_HEADER]: ip } })).status).toBe(429);
      expect((await get("/api/v1/stats")).status).toBe(200);
    });
  },
);
