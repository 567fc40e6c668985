import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Actor } from "../../server/domain/errors.ts";
import { listReports } from "../../server/domain/reports/list-reports.ts";
import { reportFigure } from "../../server/domain/reports/report-figure.ts";
import { resolveFigureReports } from "../../server/domain/reports/resolve-reports.ts";
import { reportFiltersSchema } from "../../shared/schemas/report.ts";
import { untaggedFigure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let admin: Actor;
let moderator: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin", "Resolving Rita");
  moderator = await createStaff(s, "moderator", "Mo Moderator");
});
afterAll(async () => s.close());

const tag = () => Math.random().toString(36).slice(2, 8);
async function reporter(name: string) {
  const u = await createUser(s, name);
  return { actor: { id: u.id, role: "user" } as Actor, email: u.email };
}
const list = (actor: Actor, raw: Record<string, string>) => listReports(s.db, actor, reportFiltersSchema.parse(raw));
const names = async (actor: Actor, raw: Record<string, string>) => (await list(actor, raw)).figures.map((f) => f.name);

describe(`reports view: resolved kept and searchable, on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("keeps resolved reports: gone from 'open', shown under 'resolved' and 'all' with how, when and by whom", async () => {
    const t = tag();
    const fig = await untaggedFigure(s.db, { name: `Laterne ${t}` });
    const { actor } = await reporter(`Paula ${t}`);
    await reportFigure(s.db, actor, { figureId: fig.id, fields: { kind: "damaged", note: `Arm ab ${t}` } });
    expect(await names(admin, { q: t })).toEqual([fig.name]);
    await resolveFigureReports(s.db, admin, { figureId: fig.id, fields: { outcome: "fixed" } });

    expect(await names(admin, { q: t })).toEqual([]);
    expect(await names(admin, { q: t, state: "open" })).toEqual([]);
    const resolved = await list(admin, { q: t, state: "resolved" });
    expect(resolved.figures.map((f) => f.name)).toEqual([fig.name]);
    expect(resolved.figures[0].openReports).toBe(0);
    expect(resolved.figures[0].reports).toEqual([
      expect.objectContaining({
        note: `Arm ab ${t}`,
        resolution: "fixed",
        resolvedBy: "Resolving Rita",
        resolvedAt: expect.any(Date),
      }),
    ]);
    expect(await names(admin, { q: t, state: "all" })).toEqual([fig.name]);

    // the same person reports it again: 'all' shows the open and the resolved report, 'open' only the new one
    await reportFigure(s.db, actor, { figureId: fig.id, fields: { kind: "missing", note: "" } });
    const all = await list(admin, { q: t, state: "all" });
    expect(all.figures[0].openReports).toBe(1);
    expect(all.figures[0].reports.map((r) => r.resolution)).toEqual(["fixed", null]);
    expect((await list(admin, { q: t })).figures[0].reports.map((r) => r.kind)).toEqual(["missing"]);
  });

  it("finds reports by figure name, figure number, reporter name, reporter e-mail (admins only) and text", async () => {
    const t = tag();
    const type = await untaggedFigure(s.db, { name: `Hafenwicht ${t}` });
    const second = await untaggedFigure(s.db, { name: `Hafenwicht ${t}`, typeId: type.id });
    const other = await untaggedFigure(s.db, { name: `Moosbart ${t}` });
    const paula = await reporter(`Paula ${t}`);
    const quentin = await reporter(`Quentin ${t}`);
    await reportFigure(s.db, paula.actor, {
      figureId: second.id,
      fields: { kind: "missing", note: `hinter der Bank ${t}` },
    });
    await reportFigure(s.db, quentin.actor, { figureId: other.id, fields: { kind: "damaged", note: "" } });
    await resolveFigureReports(s.db, admin, {
      figureId: other.id,
      fields: { outcome: "gone", reason: "Vom Regen weggespült" },
    });

    const found = async (q: string, actor = admin) => (await list(actor, { q, state: "all" })).figures.map((f) => f.id);
    expect(await found(`Moosbart ${t}`)).toEqual([other.id]);
    expect(await found(`Hafenwicht ${t} Nr. 2`)).toEqual([second.id]);
    expect(await found(`Hafenwicht ${t} Nr. 3`)).toEqual([]);
    expect(await found(`Quentin ${t}`)).toEqual([other.id]);
    expect(await found(`hinter der bank ${t}`)).toEqual([second.id]);
    expect(await found(paula.email)).toEqual([second.id]);
    // moderators never see addresses, so an address finds nothing for them; a name does
    expect(await found(paula.email, moderator)).toEqual([]);
    expect(await found(`Paula ${t}`, moderator)).toEqual([second.id]);
    // only the matching reports of a figure are shown; LIKE's wildcards are taken literally
    expect(await found(`%${t}`)).toEqual([]);
    // the filter applies to the search: Quentin's report is resolved
    expect((await list(admin, { q: `Quentin ${t}`, state: "open" })).figures).toEqual([]);
    expect((await list(admin, { q: `Quentin ${t}`, state: "resolved" })).figures[0].reports[0]).toMatchObject({
      resolution: "gone",
      resolvedBy: "Resolving Rita",
    });
  });

  it("answers a bounded page of figures, the pages together holding each once", async () => {
    const t = tag();
    const { actor } = await reporter(`Seitenleserin ${t}`);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const f = await untaggedFigure(s.db, { name: `Seitenfigur ${t} ${i}` });
      ids.push(f.id);
      await reportFigure(s.db, actor, { figureId: f.id, fields: { kind: "missing", note: "" } });
    }
    const filters = reportFiltersSchema.parse({ q: `Seitenfigur ${t}`, state: "all" });
    const pages = [1, 2, 3].map((page) => listReports(s.db, admin, { ...filters, page }, 2));
    const [p1, p2, p3] = await Promise.all(pages);
    expect([p1.figures.length, p2.figures.length, p3.figures.length]).toEqual([2, 2, 1]);
    expect(p1).toMatchObject({ total: 5, pageCount: 3, page: 1 });
    expect(new Set([...p1.figures, ...p2.figures, ...p3.figures].map((f) => f.id))).toEqual(new Set(ids));
    // a page past the end answers the last one
    expect((await listReports(s.db, admin, { ...filters, page: 99 }, 2)).figures.map((f) => f.id)).toEqual(
      p3.figures.map((f) => f.id),
    );
  });

  it("reads hostile query strings as the defaults and keeps the view to staff", async () => {
    expect(reportFiltersSchema.parse({ state: "deleted", q: "x".repeat(500), page: "-3" })).toEqual({
      state: "open",
      q: "x".repeat(100),
      page: 1,
    });
    expect(reportFiltersSchema.parse({})).toEqual({ state: "open", q: "", page: 1 });
    const { actor } = await reporter("Neugierig");
    await expect(list(actor, {})).rejects.toMatchObject({ code: "forbidden" });
    await expect(listReports(s.db, null, reportFiltersSchema.parse({}))).rejects.toMatchObject({
      code: "unauthorized",
    });
  });
});
