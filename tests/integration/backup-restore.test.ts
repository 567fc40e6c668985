import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { backupParts, readDump } from "../../server/backup-folder.ts";
import { listBackups, startBackupSchedule, takeBackup } from "../../server/backup-schedule.ts";
import { loadConfig } from "../../server/config.ts";
import { openEmbeddedCopy } from "../../server/db/embedded-copy.ts";
import { moveToPostgres } from "../../server/db/move-to-postgres.ts";
import { BACKUP_LEAVES_OUT } from "../../server/db/snapshot.ts";
import { summarizeTables, type RowSource, type TableSummary } from "../../server/db/table-checksums.ts";
import { restoreEmbedded } from "../../server/restore.ts";
import { createLocalStorage, type Storage } from "../../server/storage/storage.ts";
import { createPgDatabase } from "../support/instances.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 29: backups a city can rely on. A backup (database and uploads) is restored into a fresh
// directory, and into a fresh PostgreSQL database, and every table is compared by count and checksum.
let s: TestServices;
const tmp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

beforeAll(async () => {
  s = await createTestServices();
  const [finder, owner] = [await createUser(s, "Finderin"), await createUser(s, "Besitzer")];
  await s.db.execute(sql`insert into boonees (name, rarity, status, owner_id, claimed_at) values
    ('Sicherung 1', 'Rare', 'Found', ${owner.id}, now()), ('Sicherung 2', 'Common', 'Placed', null, null)`);
  await s.db.execute(
    sql`insert into tags (boonee_id, secret_code, is_claimed) select id, 'BACKUP' || name, owner_id is not null from boonees where name like 'Sicherung%'`,
  );
  await s.db.execute(
    sql`insert into claims (boonee_id, user_id) select id, owner_id from boonees where owner_id is not null`,
  );
  await s.db.execute(
    sql`insert into notifications (user_id, title, message, type) values (${finder.id}, 'Hallo', 'Eine Nachricht mit Ümlaut', 'other')`,
  );
  await s.storage.put("images/backup-one.webp", new TextEncoder().encode("bild eins"), "image/webp");
  await s.storage.put("exclusive/backup-two.mp4", new Uint8Array(4096).fill(7), "video/mp4");
}, 600_000);
afterAll(async () => s?.close());

const source = (): RowSource => (s.database.pglite ?? s.database.pool)!;
/** What a restored backup holds: every table as it was, but those a backup leaves out empty (decision 043). */
const asBackedUp = (list: TableSummary[]) =>
  list.map((t) =>
    (BACKUP_LEAVES_OUT as readonly string[]).includes(t.table) ? { table: t.table, rows: 0, checksum: "" } : t,
  );

async function contents(storage: Storage) {
  const out: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    const obj = await storage.get(key);
    out[key] = createHash("sha256")
      .update(new Uint8Array(await new Response(obj!.body).arrayBuffer()))
      .digest("hex");
  }
  return out;
}

describe(`backups on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("restores into a fresh directory: every table and every upload the same", async () => {
    const expected = asBackedUp(await summarizeTables(source()));
    expect(expected.find((t) => t.table === "claims")?.rows).toBe(1);
    const backup = await takeBackup(s, tmp("boonees-backups-"), 3);

    const dataDir = tmp("boonees-restored-");
    const { dir } = await restoreEmbedded(backup, dataDir);
    const restored = await PGlite.create(dir);
    try {
      expect(await summarizeTables(restored)).toEqual(expected);
    } finally {
      await restored.close();
    }
    const uploads = await contents(createLocalStorage(path.join(dataDir, "uploads")));
    expect(Object.keys(uploads)).toHaveLength(2);
    expect(uploads).toEqual(await contents(s.storage));
  }, 600_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "restores into a fresh PostgreSQL database: every table the same",
    async () => {
      const expected = asBackedUp(await summarizeTables(source()));
      const backup = await takeBackup(s, tmp("boonees-backups-"), 3);
      const fresh = await createPgDatabase("boonees_restore");
      const target = new pg.Client({ connectionString: fresh.url });
      await target.connect();
      const copy = await openEmbeddedCopy(readDump(backupParts(backup).dump));
      try {
        await moveToPostgres({ source: copy, target });
        expect(await summarizeTables(target)).toEqual(expected);
      } finally {
        await copy.close();
        await target.end();
        await fresh.drop();
      }
    },
    300_000,
  );

  it("keeps the newest BACKUP_KEEP backups", async () => {
    const dir = tmp("boonees-backups-");
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push(await takeBackup(s, dir, 2));
    expect(listBackups(dir)).toEqual([taken[2], taken[1]]);
  }, 600_000);

  it("takes one on schedule when BACKUP_DIR is set, and none when a recent one is there", async () => {
    const dir = tmp("boonees-backups-");
    const config = loadConfig({
      DATA_DIR: s.config.dataDir,
      BACKUP_DIR: dir,
      BACKUP_EVERY_HOURS: "1",
      BACKUP_KEEP: "3",
    } as NodeJS.ProcessEnv);
    const first = startBackupSchedule({ ...s, config });
    await first();
    expect(listBackups(dir)).toHaveLength(1);
    const second = startBackupSchedule({ ...s, config });
    await second();
    expect(listBackups(dir)).toHaveLength(1);
  }, 600_000);
});
