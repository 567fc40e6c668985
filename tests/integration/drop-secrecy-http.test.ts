import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgDatabase, freePort, ROOT, signUpCookie, startInstance, type Instance } from "../support/instances.ts";

// Issue 15: nothing of a waiting drop (its figure, title, area, hint, ids) is in any public page, any
// loader's data or the drop event stream, over HTTP against the built server, signed out and signed
// in; as tests/e2e/claim.spec.ts scans for secret codes. PostgreSQL only: the drop is written into
// the server's database from outside, which the embedded database (one process) does not allow.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !!process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);

const tag = Math.random().toString(36).slice(2, 8);
const secret = {
  figure: `Geheimling${tag}`,
  code: `DROPSCAN${tag.toUpperCase()}`,
  titleDe: `Nebeldrop${tag}`,
  titleEn: `Fogdrop${tag}`,
  areaDe: `Hinterhof${tag}`,
  areaEn: `Backyard${tag}`,
  hint: `Unterm Kanaldeckel${tag}`,
};
let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
let app: Instance;
let ids: { figure: string; drop: string };

beforeAll(async () => {
  if (!enabled) return;
  database = await createPgDatabase("boonees_dropscan");
  app = await startInstance({ port: await freePort(), env: { DATABASE_URL: database.url, SEED_DEMO: "true" }, startTimeoutMs: 180_000 });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // what /admin/drops stores for a drop with one figure and a hint, a day ahead (its figure Hidden until then)
  const figure = (await client.query(`insert into boonees (name, status, rarity, series) values ($1, 'Hidden', 'Legendary', $1) returning id`, [secret.figure])).rows[0].id as string;
  await client.query(`insert into tags (boonee_id, secret_code) values ($1, $2)`, [figure, secret.code]);
  const drop = (
    await client.query(`insert into drops (title_de, title_en, area_de, area_en, description_de, description_en, release_at) values ($1, $2, $3, $4, $1, $2, now() + interval '1 day') returning id`, [
      secret.titleDe,
      secret.titleEn,
      secret.areaDe,
      secret.areaEn,
    ])
  ).rows[0].id as string;
  await client.query(`insert into drop_figures (drop_id, boonee_id, previous_status) values ($1, $2, 'Placed')`, [drop, figure]);
  await client.query(`insert into drop_hints (drop_id, text_de, text_en, release_at) values ($1, $2, $2, now() - interval '1 minute')`, [drop, secret.hint]);
  await client.end();
  ids = { figure, drop };
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

/** The first chunk of an event stream (its current state), then the stream is closed. */
async function firstEvents(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  controller.abort();
  return new TextDecoder().decode(value);
}

describe.skipIf(!enabled)("a waiting drop over HTTP", () => {
  it("is in no public page, no loader data and not in the drop stream, signed out or in", async () => {
    const cookie = await signUpCookie(app.base, "Neugierig", `scan-${tag}@example.test`);
    const publicPaths = ["/", "/boonees", "/leaderboard", "/stats", "/drops", "/claim", "/about"];
    const hidden = [`/drops/${ids.drop}`, `/boonee/${ids.figure}`];
    const signedIn = ["/profile", "/notifications", "/exclusive"];
    const bodies: string[] = [];
    const get = async (p: string, headers: Record<string, string> = {}) => {
      const res = await fetch(app.base + p, { headers, redirect: "manual" });
      const body = await res.text();
      bodies.push(body.replaceAll(p, "")); // a page may repeat its own address (the language switch's return path)
      return { status: res.status, body };
    };
    const dataUrl = (p: string) => {
      const [pathname, query] = p.split("?");
      return `${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`;
    };
    const visitors: Record<string, string>[] = [{}, { cookie }];
    for (const who of visitors) {
      for (const p of [...publicPaths, ...("cookie" in who ? signedIn : [])]) {
        expect((await get(p, who)).status, p).toBe(200);
        await get(dataUrl(p), who);
      }
      for (const p of hidden) {
        expect((await get(p, who)).status, p).toBe(404);
        await get(dataUrl(p), who);
      }
      // searching the gallery for it finds nothing (the page repeats the search words, nothing else)
      const search = await (await fetch(`${app.base}/boonees.data?q=${secret.figure}`, { headers: who })).text();
      expect(search).toContain('"cards",[]');
      // the code of a waiting drop's figure answers like an unknown code (the page repeats the typed code, nothing else)
      const claim = await fetch(`${app.base}/c/${secret.code}`, { headers: who });
      expect(claim.status).toBe(404);
      bodies.push((await claim.text()).replaceAll(secret.code, ""));
      bodies.push(await firstEvents(`${app.base}/api/drop-events`, who));
    }
    const all = bodies.join("\n");
    expect(all).toContain("Boonees"); // the scan saw the pages
    expect(all.length).toBeGreaterThan(50_000);
    for (const [what, value] of Object.entries({ ...secret, figureId: ids.figure, dropId: ids.drop })) expect(all.includes(value), `${what} leaked`).toBe(false);
  }, 120_000);
});
