import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbOrTx } from "../../server/db/client.ts";
import { listPublicFinds } from "../../server/domain/figures/public-finds.ts";
import { listPublicStories } from "../../server/domain/stories/public-stories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 38: /api/v1/finds and /api/v1/stories page newest first by (time, id). With many rows the
// planner must read them through the indexes of migration 0036 in that order (a backward index scan,
// no sort of the whole table), on the first page and on a cursor's page. The plan is asked of the very
// statements the domain functions send (EXPLAIN in front of them), on 20,000 finds and stories seeded
// by generate_series and analysed; sequential scans are not switched off.
const ROWS = 20_000;
let s: TestServices;

beforeAll(async () => {
  s = await createTestServices();
  const u = await createUser(s, "Vielfinderin");
  await s.db.execute(sql`
    with f as (
      insert into boonees (name, status, owner_id, claimed_at)
      select 'Planwusel ' || g, 'Found', ${u.id}, timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, ${ROWS}::int) g
      returning id, claimed_at
    ), c as (
      insert into claims (boonee_id, user_id, claimed_at, status) select id, ${u.id}, claimed_at, 'verified' from f
    )
    insert into boonee_stories (boonee_id, user_id, title, story, created_at)
    select id, ${u.id}, 'Planfund', 'Gefunden.', claimed_at from f`);
  await s.db.execute(sql`analyze`);
}, 240_000);

afterAll(async () => {
  await s?.close();
});

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Scan Direction"?: string;
  "Relation Name"?: string;
  "Parent Relationship"?: string;
  Plans?: PlanNode[];
}
/** The nodes of the statement's own rows: not those of a subquery per row (the photos' ordered aggregate has its own Sort). */
const nodes = (n: PlanNode): PlanNode[] => [
  n,
  ...(n.Plans ?? []).filter((c) => c["Parent Relationship"] !== "SubPlan").flatMap(nodes),
];

/** The plans of the statements `run` sends: each is explained instead of executed (and answers no rows). */
async function plansOf(run: (db: DbOrTx) => Promise<unknown>): Promise<PlanNode[]> {
  const plans: PlanNode[] = [];
  const explaining = {
    execute: async (query: SQL) => {
      const result = (await s.db.execute(sql`explain (format json) ${query}`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      const raw = Object.values(result.rows[0])[0];
      const [{ Plan }] = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
      plans.push(Plan);
      return { rows: [] };
    },
  } as unknown as DbOrTx;
  await run(explaining);
  return plans;
}

function expectReadThrough(plans: PlanNode[], table: string, index: string) {
  expect(plans).toHaveLength(1);
  const all = nodes(plans[0]);
  const scans = all.filter((n) => n["Relation Name"] === table);
  expect(
    scans.map((n) => [n["Node Type"], n["Index Name"], n["Scan Direction"]]),
    JSON.stringify(plans[0]),
  ).toEqual([["Index Scan", index, "Backward"]]);
  expect(all.map((n) => n["Node Type"])).not.toContain("Sort");
}

describe(`the finds and stories feeds page through their indexes on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("/api/v1/finds: the first page and a cursor's page read claims_claimed_at_id_idx backwards, nothing sorted", async () => {
    expectReadThrough(await plansOf((db) => listPublicFinds(db, null)), "claims", "claims_claimed_at_id_idx");
    const cursor = { at: "2026-01-08 00:00:00+00", id: "00000000-0000-4000-8000-000000000000" };
    expectReadThrough(await plansOf((db) => listPublicFinds(db, cursor)), "claims", "claims_claimed_at_id_idx");
    // and the pages are right: 50 of the newest, in order
    const page = await listPublicFinds(s.db, null);
    expect(page.finds).toHaveLength(50);
    expect(page.finds[0].figureName).toBe(`Planwusel ${ROWS}`);
  });

  it("/api/v1/stories: the first page and a cursor's page read boonee_stories_created_at_id_idx backwards, nothing sorted", async () => {
    const index = "boonee_stories_created_at_id_idx";
    expectReadThrough(await plansOf((db) => listPublicStories(db, null)), "boonee_stories", index);
    const cursor = { at: "2026-01-08 00:00:00+00", id: "00000000-0000-4000-8000-000000000000" };
    expectReadThrough(await plansOf((db) => listPublicStories(db, cursor)), "boonee_stories", index);
    const page = await listPublicStories(s.db, null);
    expect(page.stories).toHaveLength(50);
    expect(page.stories[0].figureName).toBe(`Planwusel ${ROWS}`);
  });
});
