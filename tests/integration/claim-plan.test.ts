import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedCatalogue } from "../../bench/seed-catalogue.ts";
import { queryRows, type Db } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { findFigureByCode } from "../../server/domain/codes/find-figure-by-code.ts";
import { createTestServices, type TestServices } from "./harness.ts";

// A claim costs the same whatever the size of the catalogue (issue 13): with 100,000 figures in
// 10,000 types, every statement a claim sends (code lookup and the claim transaction, captured as the
// app sends them) is planned with index lookups and no sequential scan of a large table, and the whole
// claim, triggers included, reads a few dozen figure rows. Plan shapes and row counts, never times.
// PostgreSQL only: PGlite runs the same SQL, and its planner is the same.
const onPostgres = !!process.env.TEST_DATABASE_URL;
const CLAIMER = "bench-user-7";
let s: TestServices;
let observer: pg.Client;
let pool: pg.Pool;
let db: Db;
const captured: { query: string; params: unknown[] }[] = [];
let large: string[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  s = await createTestServices();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const [{ name }] = await queryRows<{ name: string }>(s.db, sql`select current_database() as name`);
  url.pathname = `/${name}`;
  observer = new pg.Client({ connectionString: url.toString() });
  await observer.connect();
  await seedCatalogue(observer, { figures: 100_000, users: 20_000, types: 10_000 });
  await observer.query("analyze");
  large = (
    await observer.query<{ relname: string }>(
      "select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > 1000",
    )
  ).rows.map((r) => r.relname);
  // One connection, so that the statistics of the claim are this backend's and can be flushed on demand.
  pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => void captured.push({ query, params }) },
  }) as unknown as Db;
}, 600_000); // seeding 100,000 figures took past 180 s at load 33
afterAll(async () => {
  await pool?.end();
  await observer?.end();
  await s?.close();
});

interface TableStats {
  relname: string;
  seq_scan: number;
  seq_tup_read: number;
  idx_tup_fetch: number;
}
async function tableStats(): Promise<Map<string, TableStats>> {
  await pool.query("select pg_stat_force_next_flush()"); // the claim's backend reports its counts now
  await observer.query("select pg_stat_clear_snapshot()");
  const { rows } = await observer.query<TableStats>(
    "select relname, seq_scan::int, seq_tup_read::int, coalesce(idx_tup_fetch, 0)::int as idx_tup_fetch from pg_stat_user_tables",
  );
  return new Map(rows.map((r) => [r.relname, r]));
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Plan Rows": number;
  Plans?: PlanNode[];
}
const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];

let claimed: { success: boolean; achievements?: string[] } | undefined;
let before: Map<string, TableStats>;
let after: Map<string, TableStats>;
let sent: { query: string; params: unknown[] }[] = [];

describe.skipIf(!onPostgres)("a claim among 100,000 figures", () => {
  beforeAll(async () => {
    const { rows } = await observer.query<{ code: string }>(
      `select t.secret_code as code from boonees b join tags t on t.boonee_id = b.id
       where b.owner_id is null and b.status = 'Placed' and b.template_id is not null order by b.id limit 1`,
    );
    before = await tableStats();
    captured.length = 0;
    const found = await findFigureByCode(db, rows[0].code, { ip: "192.0.2.13", userId: CLAIMER });
    if (!found) throw new Error("seeded code not found");
    const result = await claimFigure(
      db,
      { id: CLAIMER, role: "user" },
      { p_tag_id: found.tagId, p_boonee_id: found.details.id },
    );
    claimed = result;
    sent = captured.filter((c) => /^\s*(select|insert|update|delete|with)\b/i.test(c.query));
    after = await tableStats();
  }, 60_000);

  it("claims (the claimer owns figures already)", () => {
    expect(claimed?.success).toBe(true);
    expect(large).toEqual(expect.arrayContaining(["boonees", "tags", "claims", "profiles"]));
    expect(sent.length).toBeGreaterThanOrEqual(6); // throttle, lookup, update, tag, claim row, achievements …
  });

  it("plans every statement with index lookups, never a sequential scan of a large table", async () => {
    const offenders: string[] = [];
    const indexes = new Set<string>();
    for (const statement of sent) {
      const { rows } = await observer.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
        `explain (format json) ${statement.query}`,
        statement.params,
      );
      for (const node of walk(rows[0]["QUERY PLAN"][0].Plan)) {
        if (node["Index Name"]) indexes.add(node["Index Name"]);
        const table = node["Relation Name"];
        if (!table || !large.includes(table)) continue;
        if (node["Node Type"] === "Seq Scan" || node["Plan Rows"] > 100) {
          offenders.push(
            `${node["Node Type"]} on ${table} (${node["Plan Rows"]} rows): ${statement.query.replace(/\s+/g, " ").slice(0, 160)}`,
          );
        }
      }
    }
    expect(offenders).toEqual([]);
    // the figure by its key, the claimer's figures by owner, the code by its unique index
    expect([...indexes]).toEqual(expect.arrayContaining(["boonees_pkey", "boonees_owner_idx", "tags_secret_code_key"]));
  });

  it("reads a few dozen figure rows in all, triggers included, and scans no large table", () => {
    for (const table of large) {
      const b = before.get(table)!;
      const a = after.get(table)!;
      expect({ table, seqScans: a.seq_scan - b.seq_scan }).toEqual({ table, seqScans: 0 });
    }
    const b = before.get("boonees")!;
    const a = after.get("boonees")!;
    expect(a.idx_tup_fetch - b.idx_tup_fetch + (a.seq_tup_read - b.seq_tup_read)).toBeLessThan(100);
  });
});
