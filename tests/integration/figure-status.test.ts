import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { availabilityOf, isClaimable, isPublicStatus } from "#shared/figure-status.ts";
import { STATUSES, type Status } from "#shared/schemas/admin.ts";

import { queryRows } from "../../server/db/client.ts";
import { claimableFigureSql, publicFigureSql } from "../../server/db/figure-status-sql.ts";
import { boonees } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { listAdminFigures } from "../../server/domain/figures/list-figures.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { getDashboard } from "../../server/domain/stats/get-dashboard.ts";
import { getPublicStats } from "../../server/domain/stats/public-stats.ts";
import { figure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 17 item 3 / product decisions "Statuses, one meaning everywhere": one rule for all seven
// statuses, the same in the public page, the claim, the dashboard and the public counts.
let s: TestServices;
let admin: Actor;
let owner: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin");
  owner = { id: (await createUser(s, "Olga Owner")).id, role: "user" };
});
afterAll(async () => s.close());

const EXPECTED: Record<Status, { public: boolean; claimable: boolean }> = {
  Draft: { public: false, claimable: true },
  Hidden: { public: false, claimable: true },
  Placed: { public: true, claimable: true },
  Found: { public: true, claimable: true },
  "On Sale": { public: true, claimable: true },
  "Sold Out": { public: true, claimable: true },
  Archived: { public: true, claimable: false },
};

describe(`one status rule on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("the rule and its SQL form agree for all seven statuses, owned or not", async () => {
    expect([...STATUSES].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const status of STATUSES) {
      expect(isPublicStatus(status), status).toBe(EXPECTED[status].public);
      expect(isClaimable({ status, claimed: false }), status).toBe(EXPECTED[status].claimable);
      expect(isClaimable({ status, claimed: true }), status).toBe(false);
      for (const claimed of [false, true]) {
        const f = await figure(s.db, { status, ownerId: claimed ? owner.id : null });
        const [row] = await queryRows<{ public: boolean; claimable: boolean }>(
          s.db,
          sql`select ${publicFigureSql()} as public, ${claimableFigureSql()} as claimable from ${boonees} where ${boonees.id} = ${f.id}`,
        );
        expect(row, `${status} ${claimed ? "owned" : "free"}`).toEqual({
          public: isPublicStatus(status),
          claimable: isClaimable({ status, claimed }),
        });
      }
    }
  });

  it("the public figure page shows public statuses to everyone and says available only when claimable", async () => {
    for (const status of STATUSES) {
      const f = await figure(s.db, { status });
      const page = getFigureDetail(s.db, null, f.id);
      if (!EXPECTED[status].public) {
        await expect(page, status).rejects.toMatchObject({ status: 404 });
        // admins still see it, with the same availability
        expect((await getFigureDetail(s.db, admin, f.id)).availability, status).toBe("available");
        continue;
      }
      expect((await page).availability, status).toBe(EXPECTED[status].claimable ? "available" : "noLongerClaimable");
    }
    const owned = await figure(s.db, { status: "Archived", ownerId: owner.id });
    expect((await getFigureDetail(s.db, null, owned.id)).availability).toBe("claimed");
  });

  it("a claim goes through exactly for the claimable statuses (Draft and Hidden included), never Archived", async () => {
    for (const status of STATUSES) {
      const f = await figure(s.db, { status });
      const finder = await createUser(s, `Finder ${status}`);
      const result = await claimFigure(s.db, { id: finder.id, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id });
      expect(result.success, status).toBe(EXPECTED[status].claimable);
      if (!result.success) expect(result.error).toBe("claim.error.notClaimable");
      const [b] = await s.db.select({ ownerId: boonees.ownerId }).from(boonees).where(eq(boonees.id, f.id));
      expect(b.ownerId, status).toBe(EXPECTED[status].claimable ? finder.id : null);
    }
  });

  it("the dashboard counts by status: available means claimable, so an Archived figure without owner is not available", async () => {
    const before = await getDashboard(s.db, admin);
    for (const status of STATUSES) {
      await figure(s.db, { status });
      await figure(s.db, { status, ownerId: owner.id });
    }
    const after = await getDashboard(s.db, admin);
    for (const status of STATUSES) {
      const delta = (k: "total" | "claimed" | "available") =>
        after.figures.byStatus[status][k] - before.figures.byStatus[status][k];
      expect([delta("total"), delta("claimed"), delta("available")], status).toEqual([
        2,
        1,
        EXPECTED[status].claimable ? 1 : 0,
      ]);
    }
    expect(after.figures.total - before.figures.total).toBe(14);
    expect(after.figures.claimed - before.figures.claimed).toBe(7);
    expect(after.figures.available - before.figures.available).toBe(6);
    expect(after.figures.public - before.figures.public).toBe(10);
    expect(after.tags.available - before.tags.available).toBe(6);
    expect(after.figures.available).toBe(STATUSES.reduce((sum, st) => sum + after.figures.byStatus[st].available, 0));
    // the admin list's "available" filter and total use the same rule
    const list = await listAdminFigures(s.db, admin, { status: "available" });
    expect(list.totals.available).toBe(after.figures.available);
    expect(list.total).toBe(after.figures.available);
  });

  it("the public stats count an Archived figure without owner as neither claimed nor still to find", async () => {
    const before = await getPublicStats(s.db);
    await figure(s.db, { status: "Archived" });
    await figure(s.db, { status: "Placed" });
    await figure(s.db, { status: "Draft" });
    const after = await getPublicStats(s.db);
    expect(after.totalFigures - before.totalFigures).toBe(2);
    expect(after.unclaimed - before.unclaimed).toBe(1);
    expect(after.totalClaims - before.totalClaims).toBe(0);
  });

  it("availabilityOf names the three states", () => {
    expect(availabilityOf({ status: "Archived", claimed: false })).toBe("noLongerClaimable");
    expect(availabilityOf({ status: "Archived", claimed: true })).toBe("claimed");
    expect(availabilityOf({ status: "Draft", claimed: false })).toBe("available");
  });
});
