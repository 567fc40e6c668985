import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { inLanguage } from "#shared/content-language.ts";
import { parseGallerySearch } from "#shared/schemas/gallery.ts";

import { createAuth } from "../../server/auth/auth.ts";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { listActivity } from "../../server/domain/activity/list-activity.ts";
import { getExclusiveFeed } from "../../server/domain/broadcasts/exclusive-feed.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { listGallery } from "../../server/domain/figures/public-gallery.ts";
import { listNotifications } from "../../server/domain/notifications/notification-inbox.ts";
import { createLogger } from "../../server/log.ts";
import { SNAPSHOT_CODES, SNAPSHOT_FIGURES, SNAPSHOT_USERS } from "../fixtures/db-snapshot/seed.ts";

// Live databases exist: today's migrations must upgrade a database of the previous main, with data in
// it, without losing a value. The snapshot (tests/fixtures/db-snapshot, made by
// scripts/make-db-snapshot.ts from that main) is loaded as it was, every column of every table is
// fingerprinted, the app opens it (which migrates), and every column that still exists must hold the
// same values. A migration that drops or reshapes a column names it in MOVED with a check that its data
// arrived where it went.

const fixtures = path.resolve(import.meta.dirname, "../fixtures/db-snapshot");
const serverUrl = process.env.TEST_DATABASE_URL;

/** Tables whose rows are derived (counters kept by triggers, definitions synced from code): recomputed, not kept. */
const DERIVED = new Set(["gallery_type_counts", "figure_counts", "owner_counts", "achievements"]);

/** "table.column" that a migration removed or reshaped on purpose -> a check that its data survived elsewhere. */
const MOVED: Record<string, (run: Run) => Promise<void>> = {};

type Run = <T = Record<string, unknown>>(text: string) => Promise<T[]>;
type Fingerprints = Map<string, { rows: number; digest: string }>;

async function fingerprint(run: Run): Promise<Fingerprints> {
  const columns = await run<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
     order by table_name, ordinal_position`,
  );
  const result: Fingerprints = new Map();
  for (const { table_name: table, column_name: column } of columns) {
    if (DERIVED.has(table)) continue;
    const value = `coalesce("${column}"::text, '∅')`;
    const [row] = await run<{ rows: string; digest: string }>(
      `select count(*) as rows, md5(coalesce(string_agg(${value}, '|' order by ${value}), '')) as digest from "${table}"`,
    );
    result.set(`${table}.${column}`, { rows: Number(row.rows), digest: row.digest });
  }
  return result;
}

function expectNothingLost(before: Fingerprints, after: Fingerprints) {
  for (const [key, old] of before) {
    if (MOVED[key]) continue;
    expect(after.get(key), `${key} is gone after the upgrade: name it in MOVED with a check`).toBeDefined();
    expect(after.get(key), `${key} changed in the upgrade`).toEqual(old);
  }
}

/** Loads the snapshot as the previous main left it; returns how to reach it and how to open it as the app does. */
async function loadSnapshot(): Promise<{
  before: Fingerprints;
  open: () => Promise<Database>;
  cleanup: () => Promise<void>;
}> {
  if (!serverUrl) {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "boonees-snapshot-")), "db");
    const old = await PGlite.create(dir, {
      loadDataDir: new Blob([readFileSync(path.join(fixtures, "pglite.tar.gz"))]),
    });
    const before = await fingerprint(async (text) => (await old.query(text)).rows as never);
    await old.close();
    return {
      before,
      open: () => openDatabase({ pgliteDir: dir }),
      cleanup: async () => rmSync(path.dirname(dir), { recursive: true, force: true }),
    };
  }
  const name = `boonees_snapshot_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(readFileSync(path.join(fixtures, "postgres.sql"), "utf8"));
  // pg_dump clears search_path for its session; the fingerprints need the default one
  await client.query("set search_path = public");
  const before = await fingerprint(async (text) => (await client.query(text)).rows);
  await client.end();
  return {
    before,
    open: () => openDatabase({ databaseUrl: url.toString() }),
    cleanup: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe("upgrading a database of the previous main", () => {
  let snapshot: Awaited<ReturnType<typeof loadSnapshot>>;
  let database: Database;
  const run: Run = async (text) => ((await database.db.execute(text as never)) as unknown as { rows: never[] }).rows;

  beforeAll(async () => {
    snapshot = await loadSnapshot();
    database = await snapshot.open(); // runs today's migrations
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await snapshot?.cleanup();
  });

  it("keeps every value of every table", async () => {
    expect(snapshot.before.get("boonees.name")?.rows).toBe(Object.keys(SNAPSHOT_FIGURES).length);
    expectNothingLost(snapshot.before, await fingerprint(run));
    for (const check of Object.values(MOVED)) await check(run);
  });

  it("moves every figure, tag, drop, report and broadcast into the first city; every account follows a city (decision 053)", async () => {
    expect(await run("select id, slug from cities")).toEqual([{ id: 1, slug: "kiel" }]);
    for (const table of ["boonees", "drops", "exclusive_content"]) {
      const [row] = await run<{ all: string; first: string }>(
        `select count(*) as all, count(*) filter (where city_id = 1) as first from ${table}`,
      );
      expect(Number(row.first), table).toBe(Number(row.all));
    }
    expect(Number(snapshot.before.get("boonees.name")?.rows)).toBeGreaterThan(0);
    // tags and reports belong to their figure's city
    const [orphans] = await run<{ tags: string; reports: string }>(
      `select (select count(*) from tags t join boonees b on b.id = t.boonee_id where b.city_id <> 1) as tags,
              (select count(*) from figure_reports r join boonees b on b.id = r.boonee_id where b.city_id <> 1) as reports`,
    );
    expect([Number(orphans.tags), Number(orphans.reports)]).toEqual([0, 0]);
    const [follows] = await run<{ profiles: string; following: string }>(
      `select (select count(*) from profiles) as profiles, (select count(distinct user_id) from city_follows) as following`,
    );
    expect(Number(follows.following)).toBe(Number(follows.profiles));
  });

  it("has applied every migration of today", async () => {
    const journal = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../../server/db/migrations/meta/_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const [row] = await run<{ n: string }>("select count(*) as n from drizzle.__drizzle_migrations");
    expect(Number(row.n)).toBe(journal.entries.length);
  });

  it("keeps the texts in both languages: English where it was written, German marked as German where not", async () => {
    const [finder] = await run<{ id: string }>(
      `select id from profiles where email = '${SNAPSHOT_USERS.finder.email}'`,
    );
    const viewer = { id: finder.id, role: "user" as const };
    const hafen = await getFigureDetail(database.db, viewer, SNAPSHOT_FIGURES.typeHafen);
    expect(hafen.figure).toMatchObject({
      descriptionEn: "Lives under the harbour bridge and collects bottle caps.",
      originEn: "Kiel",
    });
    expect(inLanguage(hafen.figure.description, hafen.figure.descriptionEn, "en")).toEqual({
      text: "Lives under the harbour bridge and collects bottle caps.",
      lang: "en",
    });
    const glut = await getFigureDetail(database.db, viewer, SNAPSHOT_FIGURES.typeGlut);
    expect(glut.figure).toMatchObject({
      description: "Ein Funke, der nie ausgeht – „heiß“ & 'stur'.",
      descriptionEn: null,
    });
    expect(inLanguage(glut.figure.description, glut.figure.descriptionEn, "en")).toEqual({
      text: glut.figure.description,
      lang: "de",
    });

    const feed = await getExclusiveFeed(database.db, viewer);
    expect(feed.items.find((i) => i.title === "Willkommen im Club")).toMatchObject({ titleEn: "Welcome to the club" });
    expect(feed.items.map((i) => i.title)).not.toContain("Zurückgezogen"); // retracted stays retracted

    const inbox = await listNotifications(database.db, viewer);
    expect(inbox.find((n) => n.message === "Willkommen im Club")).toMatchObject({
      titleEn: "New content",
      messageEn: "Welcome to the club",
    });
  });

  it("reads the activity log with its details and the reasons' language", async () => {
    const [row] = await run<{ all: string; detailed: string }>(
      "select count(*) as all, count(details) as detailed from activity_log",
    );
    expect(Number(row.detailed)).toBe(1);
    const [admin] = await run<{ id: string }>("select user_id as id from user_roles where role = 'admin' limit 1");
    const listed = await listActivity(database.db, { id: admin?.id ?? "x", role: "admin" }, {});
    expect(listed.total).toBe(Number(row.all));
    expect(listed.items.find((i) => i.action === "claim.rejected")?.details).toMatchObject({ number: 2 });
  });

  it("still signs in the old accounts, claims with an old code and shows the old figures", async () => {
    const auth = createAuth({
      db: database.db,
      publicUrl: "http://localhost:3000",
      secret: "snapshot-test-secret-0123456789abcdef",
      sendMail: async () => {},
      log: createLogger("silent"),
    });
    const finder = SNAPSHOT_USERS.finder;
    const signedIn = await auth.api.signInEmail({ body: { email: finder.email, password: finder.password } });
    expect(signedIn.user.name).toBe(finder.name);

    const newcomer = await auth.api.signUpEmail({
      body: { name: "Neu", email: "neu@snapshot.test", password: "newcomer-1" },
    });
    const [tag] = await run<{ id: string }>(`select id from tags where secret_code = '${SNAPSHOT_CODES.available}'`);
    const claimed = await claimFigure(
      database.db,
      { id: newcomer.user.id, role: "user" },
      { p_tag_id: tag.id, p_boonee_id: SNAPSHOT_FIGURES.available },
    );
    expect(claimed.success).toBe(true);

    const [taken] = await run<{ id: string }>(`select id from tags where secret_code = '${SNAPSHOT_CODES.claimed}'`);
    const again = await claimFigure(
      database.db,
      { id: newcomer.user.id, role: "user" },
      { p_tag_id: taken.id, p_boonee_id: SNAPSHOT_FIGURES.claimedByFinder },
    );
    expect(again).toMatchObject({ success: false, error: "claim.error.already" });

    const gallery = await listGallery(database.db, parseGallerySearch(new URLSearchParams()));
    const names = gallery.cards.map((c) => c.name);
    expect(names).toContain("Blubbo");
    expect(names).not.toContain("Sturmi 🌪"); // a Draft type stays out of the public gallery
  });
});
