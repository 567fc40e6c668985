import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { dropFigures, drops } from "../../server/db/schema.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { activeCollectorsPerWeek } from "../../server/domain/stats/week-charts.ts";
import { figure } from "../support/factories.ts";
import { postForm } from "../support/instances.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";
import { buildPresent as enabled, serveBuild } from "./serve-build.ts";

// /metrics through the real HTTP app: claims, a wrong guess and a drop show with their counts, only
// with the bearer token, and no line names a code or an e-mail address.
const TOKEN = "metrics-token-for-the-test-0123456789";

let s: TestServices;
let http: Awaited<ReturnType<typeof serveBuild>> | undefined;
let base = "";

beforeAll(async () => {
  if (!enabled) return;
  s = await createTestServices();
  s.config.METRICS_TOKEN = TOKEN;
  http = await serveBuild(s);
  base = http.base;
}, 180_000);
afterAll(async () => {
  if (!enabled) return;
  await http?.close();
  await s?.close();
});

const scrape = (authorization?: string) =>
  fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined when the line is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.skipIf(!enabled)(`metrics on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("counts claims, a wrong guess and a drop, for the token only, and names no code or e-mail", async () => {
    const finder = await createUser(s, "Fiona Finder");
    const late = await createUser(s, "Lars Late");
    const [a, b] = [await figure(s.db), await figure(s.db)];
    const wrong = "WRONGCODE42";

    expect((await postForm(base, `/c/${a.code}`, { intent: "claim" }, finder.cookie)).status).toBe(303); // won
    expect((await postForm(base, `/c/${b.code}`, { intent: "claim" }, finder.cookie)).status).toBe(303); // won
    expect((await postForm(base, `/c/${a.code}`, { intent: "claim" }, late.cookie)).status).toBe(409); // lost
    expect((await fetch(`${base}/c/${wrong}`)).status).toBe(404); // a refused guess

    // a drop due a minute ago: overdue until released, then released about a minute late
    const [drop] = await s.db
      .insert(drops)
      .values({ titleDe: "Messdrop", titleEn: "Metrics drop", releaseAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: drops.id });
    const c = await figure(s.db);
    await s.db.insert(dropFigures).values({ dropId: drop.id, figureId: c.id, previousStatus: "Placed" });
    await s.db.execute(sql`update drops set release_at = now() - interval '60 seconds' where id = ${drop.id}`);
    expect(sample(await (await scrape(`Bearer ${TOKEN}`)).text(), "boonees_drops_overdue")).toBe(1);
    expect((await releaseDue(s.db)).drops).toBe(1);

    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();

    expect(sample(text, 'boonees_claims_total{outcome="won"}')).toBe(2);
    expect(sample(text, 'boonees_claims_total{outcome="lost"}')).toBe(1);
    expect(sample(text, 'boonees_claim_code_lookups_total{result="unknown"}')).toBe(1);
    expect(
      sample(text, 'boonees_http_request_duration_seconds_count{method="POST",route="/c/:secretCode",status="303"}'),
    ).toBe(2);
    expect(
      sample(text, 'boonees_http_request_duration_seconds_count{method="POST",route="/c/:secretCode",status="409"}'),
    ).toBe(1);
    expect(
      sample(text, 'boonees_http_request_duration_seconds_count{method="GET",route="/c/:secretCode",status="404"}'),
    ).toBe(1);
    expect(sample(text, "boonees_drops_overdue")).toBe(0);
    expect(sample(text, "boonees_drop_release_lag_seconds")).toBeGreaterThanOrEqual(60);
    expect(sample(text, 'boonees_event_streams_open{stream="unread"}') ?? 0).toBe(0);
    expect(text).toContain("process_cpu_user_seconds_total");
    if (s.database.kind === "postgres")
      expect(sample(text, 'boonees_db_pool_connections{state="total"}')).toBeGreaterThan(0);

    for (const secret of [a.code, b.code, c.code, wrong, finder.email, late.email, finder.id, late.id])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/[^\s"@]+@[^\s"@]+\.[a-z]+/i);
  });

  it("is off without METRICS_TOKEN", async () => {
    s.config.METRICS_TOKEN = undefined;
    try {
      expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      s.config.METRICS_TOKEN = TOKEN;
    }
  });

  it("/readyz says the instance can serve; /healthz stays liveness", async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ok: true,
      database: true,
      migrations: true,
      storage: true,
      missingUploads: 0,
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("/readyz answers 503 naming the storage when uploads cannot be written", async () => {
    const storage = s.storage;
    s.storage = { ...storage, put: () => Promise.reject(new Error("read-only file system")) };
    try {
      const res = await fetch(`${base}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        ok: false,
        database: true,
        migrations: true,
        storage: false,
        missingUploads: 0,
      });
    } finally {
      s.storage = storage;
    }
  });

  it("a signed-in visit records this week as active once, and the weekly chart counts it", async () => {
    const visitor = await createUser(s, "Vera Visit");
    const before = (await activeCollectorsPerWeek(s.db, s.config.TIME_ZONE)).at(-1)!.count;
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${base}/profile`, { headers: { cookie: visitor.cookie } })).status).toBe(200);
    const rows = () =>
      queryRows<{ week: string }>(
        s.db,
        sql`select to_char(week, 'YYYY-MM-DD') as week from active_weeks where user_id = ${visitor.id}`,
      );
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1));
    const [monday] = await queryRows<{ d: string }>(
      s.db,
      sql`select to_char(date_trunc('week', now() at time zone ${s.config.TIME_ZONE}), 'YYYY-MM-DD') as d`,
    );
    expect((await rows())[0].week).toBe(monday.d);
    expect((await activeCollectorsPerWeek(s.db, s.config.TIME_ZONE)).at(-1)).toEqual({
      day: monday.d,
      count: before + 1,
    });
  });
});
