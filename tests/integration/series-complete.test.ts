import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { boonees } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { figure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// "Series Complete": the user owns an instance of every public figure type (template_id null, not
// Draft / Hidden) of a series. Checked against the per-series counters of migration 0009.
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

type Status = "Placed" | "Draft" | "Hidden";
let n = 0;
const newSeries = () => `Reihe ${Date.now().toString(36)}-${n++}`;
async function claim(userId: string, f: { id: string; tagId: string }) {
  const r = await claimFigure(s.db, { id: userId, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id });
  if (!r.success) throw new Error(r.error);
  return r.achievements;
}
const setStatus = (id: string, status: Status) => s.db.update(boonees).set({ status }).where(eq(boonees.id, id));

/** The counters must always equal a recount over the catalogue. */
async function expectCountersExact() {
  const counters = await queryRows<{ series: string; n: number }>(
    s.db,
    sql`select series, public_types as n from series_type_counts where public_types <> 0 order by series`,
  );
  const recount = await queryRows<{ series: string; n: number }>(
    s.db,
    sql`select series, count(*)::int as n from boonees where template_id is null and series is not null and status not in ('Draft', 'Hidden') group by series order by series`,
  );
  expect(counters).toEqual(recount);
}

describe(`Series Complete on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("unlocks with the last public type of the series, by the type or an instance of it; Draft types do not count", async () => {
    const series = newSeries();
    const a = await figure(s.db, { series: series });
    const b = await figure(s.db, { series: series });
    const instanceOfB = await figure(s.db, { series: series, typeId: b.id });
    await figure(s.db, { series: series, status: "Draft" });
    const u = await createUser(s);
    expect(await claim(u.id, a)).not.toContain("series_complete");
    expect(await claim(u.id, instanceOfB)).toContain("series_complete");
    await expectCountersExact();
  });

  it("a type set to Hidden leaves the count: the remaining types complete the series", async () => {
    const series = newSeries();
    const a = await figure(s.db, { series: series });
    const hidden = await figure(s.db, { series: series });
    const c = await figure(s.db, { series: series });
    const u = await createUser(s);
    await claim(u.id, a);
    await setStatus(hidden.id, "Hidden");
    await expectCountersExact();
    expect(await claim(u.id, c)).toContain("series_complete");
  });

  it("a new type joins the count: owning the old types is no longer enough", async () => {
    const series = newSeries();
    const a = await figure(s.db, { series: series });
    const b = await figure(s.db, { series: series });
    const u = await createUser(s);
    await claim(u.id, a);
    const joined = await figure(s.db, { series: series });
    await expectCountersExact();
    expect(await claim(u.id, b)).not.toContain("series_complete");
    expect(await claim(u.id, joined)).toContain("series_complete");
  });

  it("a Draft type published later joins, a type moved to another series leaves, a deleted type leaves", async () => {
    const series = newSeries();
    const other = newSeries();
    const a = await figure(s.db, { series: series });
    const draft = await figure(s.db, { series: series, status: "Draft" });
    const moved = await figure(s.db, { series: series });
    const deleted = await figure(s.db, { series: series });
    await setStatus(draft.id, "Placed");
    await s.db.update(boonees).set({ series: other }).where(eq(boonees.id, moved.id));
    await s.db.delete(boonees).where(eq(boonees.id, deleted.id));
    await expectCountersExact();
    const u = await createUser(s);
    expect(await claim(u.id, a)).not.toContain("series_complete");
    expect(await claim(u.id, draft)).toContain("series_complete");
  });

  it("never unlocks for figures without a series, and only once", async () => {
    const u = await createUser(s);
    const lone = await figure(s.db, { name: "Ohne Reihe" });
    expect(await claim(u.id, lone)).not.toContain("series_complete");
    const series = newSeries();
    expect(await claim(u.id, await figure(s.db, { series: series }))).toContain("series_complete");
    const second = newSeries();
    expect(await claim(u.id, await figure(s.db, { series: second }))).not.toContain("series_complete"); // already unlocked
  });
});
