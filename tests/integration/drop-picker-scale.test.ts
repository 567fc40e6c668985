import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { dropCandidatesQuery, PICKER_PAGE } from "../../server/domain/drops/admin-drops.ts";
import { createTestServices, type TestServices } from "./harness.ts";

// The drop picker searches 100,000 figures (issue 25, item 8) through indexes: its plan never scans the
// figures table and reads about as many figure rows as it finds. Checked on PostgreSQL (the trigram
// indexes of migration 0004 need pg_trgm; PGlite runs the same SQL without them).
const onPostgres = !!process.env.TEST_DATABASE_URL;
let s: TestServices;
beforeAll(async () => {
  if (!onPostgres) return;
  s = await createTestServices();
  // 10,000 types in 200 series and 90,000 instances (9 per type, sharing its name), each with a code
  await s.db.execute(sql`insert into boonees (name, rarity, status, series, created_at)
    select 'Typ ' || g, 'Common', 'Placed', 'Reihe ' || (g % 200), now() - make_interval(secs => 200000 - g) from generate_series(1, 10000) g`);
  await s.db.execute(sql`insert into boonees (name, rarity, status, template_id, created_at)
    select t.name, 'Common', 'Placed', t.id, t.created_at + make_interval(secs => i) from boonees t, generate_series(1, 9) i where t.template_id is null`);
  // 15 hex digits: with 9, two of 100,000 codes collided about once in fifteen runs (a birthday collision)
  await s.db.execute(sql`insert into tags (boonee_id, secret_code)
    select id, 'P' || upper(substr(md5(id::text), 1, 15)) from boonees`);
  await s.db.execute(sql`analyze`);
}, 600_000);
afterAll(async () => s?.close());

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}
function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** The executed plan: every figure-table node, the indexes used, the result rows. */
async function run(query: SQL) {
  const [row] = await queryRows<{ "QUERY PLAN": { Plan: PlanNode }[] | string }>(
    s.db,
    sql`explain (analyze, format json) ${query}`,
  );
  const plan = (typeof row["QUERY PLAN"] === "string" ? JSON.parse(row["QUERY PLAN"]) : row["QUERY PLAN"])[0]
    .Plan as PlanNode;
  const nodes = [...walk(plan)];
  if (process.env.SHOW_PLANS)
    console.log(
      JSON.stringify(plan, (k, v) => (["Output", "Startup Cost", "Plan Width"].includes(k) ? undefined : v), 1),
    );
  const onFigures = nodes.filter((n) => n["Relation Name"] === "boonees");
  return {
    // of the large tables (drop_figures is empty here; a scan of it is the right plan)
    seqScans: nodes
      .filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] !== "drop_figures")
      .map((n) => n["Relation Name"]),
    indexes: new Set(nodes.map((n) => n["Index Name"]).filter(Boolean)),
    figureRowsRead: onFigures.reduce((sum, n) => sum + n["Actual Rows"] * n["Actual Loops"], 0),
    rows: plan["Actual Rows"],
  };
}

describe.skipIf(!onPostgres)("the drop picker at 100,000 figures", () => {
  it("lists the newest free figures from the creation index, reading about a page of rows", async () => {
    const r = await run(dropCandidatesQuery(""));
    expect(r.rows).toBe(PICKER_PAGE + 1);
    expect(r.seqScans).toEqual([]);
    expect(r.indexes).toContain("boonees_created_idx");
    // the page, its types and the instance numbers: a few rows per figure shown
    expect(r.figureRowsRead).toBeLessThan(500);
  });

  it("finds a figure by name through the trigram index, not by scanning", async () => {
    // besides any name, one the planner's statistics hold: at the default statistics target such a name was
    // estimated at 1 % of the figures and the picker walked them all newest first (migration 0029)
    const [{ held }] = await queryRows<{ held: string }>(
      s.db,
      sql`select min(v) as held from pg_stats, unnest(histogram_bounds::text::text[]) v
          where tablename = 'boonees_name_lower_trgm_idx' and v ~ '^typ [1-9][0-9]{3}$' and v <> 'typ 1000'`,
    );
    expect(held).toBeTruthy();
    for (const name of ["Typ 4242", held]) {
      const r = await run(dropCandidatesQuery(name));
      expect(r.rows, name).toBe(10); // the type and its 9 instances
      expect(r.seqScans).not.toContain("boonees");
      expect(r.indexes, name).toContain("boonees_name_lower_trgm_idx");
      expect(r.figureRowsRead, name).toBeLessThan(2_000);
    }
  });

  it("finds one number of a type, and a figure by its exact code, through indexes", async () => {
    const third = await run(dropCandidatesQuery("Typ 4242 Nr. 3"));
    expect(third.rows).toBe(1);
    expect(third.seqScans).not.toContain("boonees");
    expect(third.figureRowsRead).toBeLessThan(2_000);
    const [{ code }] = await queryRows<{ code: string }>(
      s.db,
      sql`select t.secret_code as code from tags t join boonees b on b.id = t.boonee_id where b.name = 'Typ 777' limit 1`,
    );
    const byCode = await run(dropCandidatesQuery(code.toLowerCase()));
    expect(byCode.rows).toBe(1);
    expect(byCode.seqScans).toEqual([]);
    expect(byCode.indexes).toContain("tags_secret_code_key");
    expect(byCode.figureRowsRead).toBeLessThan(2_000);
  });

  it("searches a series through its trigram index (many matches, still no scan of all figures)", async () => {
    const r = await run(dropCandidatesQuery("Reihe 17"));
    expect(r.rows).toBe(PICKER_PAGE + 1);
    expect(r.seqScans).not.toContain("boonees");
  });
});
