import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { toZonedInput } from "#shared/zoned-time.ts";

import {
  createPgDatabase,
  freePort,
  postForm,
  ROOT,
  signUpCookie,
  startInstance,
  type Instance,
} from "../support/instances.ts";
import { openUnreadStream } from "../support/sse.ts";

// Issue 15: a drop is released once by two app processes racing at its time, with nobody on the
// site; before that, nothing of it reaches a public page, its loader data, a feed or a claim lookup.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !!process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);
const ADMIN = { email: "drop-admin@example.test", password: "admin-pass-123" };
const ZONE = "Europe/Berlin";

let database: Awaited<ReturnType<typeof createPgDatabase>>;
let pool: pg.Pool;
let a: Instance;
let b: Instance;
let admin = "";
let collector = "";
const unique = Date.now().toString(36);
const SECRETS = {
  figure: `Versteckling${unique}`,
  title: `Geheimdrop${unique}`,
  area: `Geheimpark${unique}`,
  hint: `Geheimhinweis${unique}`,
};
const CODE = `LEAK${unique.toUpperCase()}`.slice(0, 20);
let figureId = "";
let dropId = "";

const sql = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[];

beforeAll(async () => {
  if (!enabled) return;
  database = await createPgDatabase("boonees_drops");
  const env = { DATABASE_URL: database.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  [a, b] = await Promise.all([
    startInstance({ port: await freePort(), env }),
    startInstance({ port: await freePort(), env }),
  ]);
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const res = await postForm(a.base, "/auth", { intent: "login", email: ADMIN.email, password: ADMIN.password });
  admin = res.headers
    .getSetCookie()
    .find((c) => c.includes("session_token"))!
    .split(";")[0];
  collector = await signUpCookie(a.base, "Sammlerin", `drop-collector-${unique}@example.test`);
  [{ id: figureId }] = await sql<{ id: string }>(
    "insert into boonees (name, rarity, status) values ($1, 'Rare', 'Placed') returning id",
    [SECRETS.figure],
  );
  await sql("insert into tags (boonee_id, secret_code) values ($1, $2)", [figureId, CODE]);
}, 240_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await database?.drop();
});

/** Every public page and its loader data, in both languages, signed out and as a collector. */
/** The first chunk of an event stream (what it says on connecting), then the stream is closed. */
async function firstEvents(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const reader = (await fetch(url, { headers, signal: controller.signal })).body!.getReader();
  const { value } = await reader.read();
  controller.abort();
  return new TextDecoder().decode(value);
}

async function publicTexts(base: string) {
  // (the search asks for the name without its unique end: the page repeats what was asked)
  const pages = [
    "/",
    "/_root.data",
    "/boonees",
    "/boonees.data",
    "/boonees?q=Versteckling",
    "/boonees.data?q=Versteckling",
    "/leaderboard",
    "/leaderboard.data",
    "/stats",
    "/stats.data",
    "/drops",
    "/drops.data",
    "/claim",
    "/claim.data",
  ];
  const signedIn = [
    "/notifications",
    "/notifications.data",
    "/profile",
    "/profile.data",
    "/exclusive",
    "/exclusive.data",
  ];
  const texts: string[] = [];
  for (const lang of ["de", "en"]) {
    for (const page of pages)
      texts.push(await (await fetch(base + page, { headers: { cookie: `lang=${lang}` } })).text());
    for (const page of signedIn)
      texts.push(await (await fetch(base + page, { headers: { cookie: `lang=${lang}; ${collector}` } })).text());
  }
  // the live feeds: the drop stream every landing page listens to, and a collector's badge stream
  texts.push(
    await firstEvents(`${base}/api/drop-events`, {}),
    await firstEvents(`${base}/api/events`, { cookie: collector }),
  );
  return texts.join("\n");
}

describe.skipIf(!enabled)("a drop across two instances", () => {
  it("shows nothing of a scheduled drop anywhere public, and its code answers like an unknown code", async () => {
    const created = await postForm(
      a.base,
      "/admin/drops",
      {
        intent: "create",
        titleDe: SECRETS.title,
        titleEn: SECRETS.title,
        areaDe: SECRETS.area,
        areaEn: SECRETS.area,
        descriptionDe: "",
        descriptionEn: "",
        releaseAt: "2099-06-01T12:00",
        figureIds: figureId,
      },
      admin,
    );
    expect(created.status).toBe(302);
    [{ id: dropId }] = await sql<{ id: string }>("select id from drops where title_de = $1", [SECRETS.title]);
    const hinted = await postForm(
      a.base,
      "/admin/drops",
      { intent: "addHint", dropId, textDe: SECRETS.hint, textEn: SECRETS.hint, releaseAt: "2099-06-01T12:00" },
      admin,
    );
    expect(hinted.status).toBe(302);
    const text = await publicTexts(b.base);
    for (const secret of [...Object.values(SECRETS), figureId, dropId]) expect(text).not.toContain(secret);
    for (const page of [
      `/boonee/${figureId}`,
      `/boonee/${figureId}.data`,
      `/drops/${dropId}`,
      `/drops/${dropId}.data`,
    ]) {
      const res = await fetch(b.base + page);
      expect(res.status, page).toBe(404);
      const body = await res.text();
      for (const secret of Object.values(SECRETS)) expect(body, page).not.toContain(secret);
    }
    // the claim link of a waiting figure answers exactly like a code nobody has
    const known = await fetch(`${b.base}/c/${CODE}`, { headers: { "x-real-ip": "10.1.1.1" } });
    const unknown = await fetch(`${b.base}/c/${CODE.slice(0, -1)}Q`, { headers: { "x-real-ip": "10.1.1.2" } });
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).not.toContain(SECRETS.figure);
    const claim = await postForm(b.base, `/c/${CODE}`, { intent: "claim" }, collector);
    expect(await sql("select 1 from boonees where id = $1 and owner_id is not null", [figureId])).toHaveLength(0);
    expect(claim.status).not.toBe(500);
  }, 120_000);

  it("releases it once at its time, with nobody on the site, though both instances race for it", async () => {
    // the collector's bell is open on both instances: each rises with the release and the hint
    const bells = [await openUnreadStream(a.base, collector), await openUnreadStream(b.base, collector)];
    await Promise.all(bells.map((stream) => stream.waitFor(() => true)));
    const before = bells.map((stream) => stream.counts[0]);
    // its time comes in two seconds (both instances re-plan their timers on the change)
    await sql("update drops set release_at = now() + interval '2 seconds' where id = $1", [dropId]);
    await sql("update drop_hints set release_at = now() + interval '3 seconds' where drop_id = $1", [dropId]);
    const until = Date.now() + 30_000;
    while (
      Date.now() < until &&
      (await sql("select 1 from drop_hints where drop_id = $1 and released_at is not null", [dropId])).length === 0
    )
      await new Promise((r) => setTimeout(r, 250));
    expect(
      await sql("select 1 from activity_log where action = 'drop.released' and object_id = $1", [dropId]),
    ).toHaveLength(1);
    expect(
      await sql("select 1 from activity_log where action = 'drop.hintReleased' and object_id = $1", [dropId]),
    ).toHaveLength(1);
    // announced once each to everyone (one row, read by every bell: decision 024), not a row per collector
    const [{ released, hints }] = await sql<{ released: number; hints: number }>(
      "select count(*) filter (where title like '@dropReleased:%')::int as released, count(*) filter (where title like '@dropHint:%')::int as hints from announcements where link = $1",
      [`/drops/${dropId}`],
    );
    expect({ released, hints }).toEqual({ released: 1, hints: 1 });
    expect(await sql("select 1 from notifications where link = $1", [`/drops/${dropId}`])).toHaveLength(0);
    const bell = await (
      await fetch(`${b.base}/notifications`, { headers: { cookie: `lang=en; ${collector}` } })
    ).text();
    expect(bell).toContain(SECRETS.title);
    // opening it from the bell (a plain form, on the other instance) marks it read and leads to the drop
    const [{ id: announcementId }] = await sql<{ id: string }>(
      "select id from announcements where link = $1 and kind = 'dropReleased'",
      [`/drops/${dropId}`],
    );
    const opened = await postForm(a.base, "/notifications", { id: `a-${announcementId}` }, collector);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`/drops/${dropId}`);
    expect(await sql("select 1 from announcement_reads where announcement_id = $1", [announcementId])).toHaveLength(1);
    expect(
      (await postForm(a.base, "/notifications", { id: "a-00000000-0000-4000-8000-000000000000" }, collector)).status,
    ).toBe(404);
    try {
      await Promise.all(bells.map((stream, i) => stream.waitFor((n) => n === before[i] + 2, 10_000)));
    } finally {
      bells.forEach((stream) => stream.close());
    }
    expect(await sql("select status from boonees where id = $1", [figureId])).toEqual([{ status: "Placed" }]);
    const page = await (await fetch(`${a.base}/drops/${dropId}`, { headers: { cookie: "lang=en" } })).text();
    expect(page).toContain(SECRETS.title);
    expect(page).toContain(SECRETS.hint);
    expect(await (await fetch(`${b.base}/c/${CODE}`, { headers: { "x-real-ip": "10.1.1.3" } })).text()).toContain(
      SECRETS.figure,
    );
    expect(toZonedInput(new Date(), ZONE)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  }, 60_000);
});
