import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { ServerBuild } from "react-router";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listBackups, startBackupSchedule } from "../../server/backup-schedule.ts";
import { backupCommand, moveToPostgresCommand, restoreCommand } from "../../server/cli-backup.ts";
import { loadConfig } from "../../server/config.ts";
import { queryRows } from "../../server/db/client.ts";
import { createHttpApp } from "../../server/http.ts";
import { checkReadiness } from "../../server/readiness.ts";
import { closeServices, createServices, type Services } from "../../server/services.ts";
import { storeImage } from "../../server/uploads/process-upload.ts";
import { createPgDatabase, PG_SERVER } from "../support/instances.ts";
import { createUser } from "./harness.ts";

// Issue 35 item 6: a backup holds the uploads (decision 048). An instance with a figure's picture and a
// finder photo is backed up by `cli backup` (the CLI's own code, on this test's database), restored into
// a fresh DATA_DIR and moved into a fresh PostgreSQL database: the files come back with the same bytes
// and the app serves them. /readyz notices referenced files missing from the storage.
const onPostgres = !!process.env.TEST_DATABASE_URL;
const tmp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const quiet = () => {};

/** A PostgreSQL server to move into (the move runs from an embedded database too). */
const pgReachable = await (async () => {
  const c = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
})();

const configFor = (dataDir: string, databaseUrl?: string, s3?: Record<string, string>) =>
  loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: "backup-test-secret-backup-test-secret",
    LOG_LEVEL: "silent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...s3,
  } as NodeJS.ProcessEnv);

async function withInstance<T>(config: ReturnType<typeof configFor>, fn: (s: Services) => Promise<T>): Promise<T> {
  const services = await createServices(config);
  try {
    return await fn(services);
  } finally {
    await closeServices(services);
  }
}

/** The app answering in-process; only its own routes are asked (/uploads/…, /readyz), so no page build is needed. */
const noPages = { routes: {}, entry: { module: {} } } as unknown as ServerBuild;
const appOf = (services: Services) => {
  const { app } = createHttpApp(services, noPages, {});
  // the peer the Node server would give (the app reads the client address from it)
  const peer = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 40_000, remoteFamily: "IPv4" } } };
  return { request: (url: string) => app.request(url, {}, peer) };
};

async function served(services: Services, url: string) {
  const res = await appOf(services).request(url);
  return { status: res.status, sha: res.ok ? sha(new Uint8Array(await res.arrayBuffer())) : "" };
}

const source = { dataDir: "", config: undefined as unknown as ReturnType<typeof configFor>, drop: async () => {} };
/** The uploads the source instance's rows point to: URL → sha-256 of the stored bytes. */
const files: Record<string, string> = {};
const picture = () => Object.keys(files).find((u) => u.startsWith("/uploads/images/"))!;
const photo = () => Object.keys(files).find((u) => u.startsWith("/uploads/stories/"))!;
let backup = "";

beforeAll(async () => {
  source.dataDir = tmp("boonees-backup-source-");
  if (onPostgres) {
    const db = await createPgDatabase("boonees_backup_src");
    source.config = configFor(source.dataDir, db.url);
    source.drop = db.drop;
  } else source.config = configFor(source.dataDir);

  await withInstance(source.config, async (s) => {
    const finder = await createUser(s, "Sicherungsfinderin");
    const png = (color: string) =>
      sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
        .png()
        .toBuffer();
    const pictureUrl = await storeImage(s.storage, new Blob([new Uint8Array(await png("#c03"))]), "images");
    const photoUrl = await storeImage(s.storage, new Blob([new Uint8Array(await png("#3a6"))]), "stories");
    const [figure] = await queryRows<{ id: string }>(
      s.db,
      sql`insert into boonees (name, rarity, status, owner_id, claimed_at, image_url)
          values ('Sicherungsboonee', 'Rare', 'Found', ${finder.id}, now(), ${pictureUrl}) returning id`,
    );
    const [story] = await queryRows<{ id: string }>(
      s.db,
      sql`insert into boonee_stories (boonee_id, user_id, title, story)
          values (${figure.id}, ${finder.id}, 'Am Hafen', 'Unter der Brücke gefunden.') returning id`,
    );
    await s.db.execute(sql`insert into story_photos (story_id, url) values (${story.id}, ${photoUrl})`);
    for (const url of [pictureUrl, photoUrl]) {
      const { status, sha: hash } = await served(s, url);
      expect(status).toBe(200);
      files[url] = hash;
    }
    expect(await checkReadiness(s)).toMatchObject({ ok: true, storage: true, missingUploads: 0 });
  });

  // `cli backup` while no server runs: the CLI opens the database itself (PostgreSQL: one snapshot)
  const printed: string[] = [];
  backup = (await backupCommand(source.config, path.join(tmp("boonees-backups-"), "by-hand"), (l) => printed.push(l)))
    .folder;
  expect(printed.join("\n")).toMatch(/4 uploads/); // two images, each with its card size
}, 600_000);

afterAll(async () => source.drop());

describe(`a backup holds the uploads (${onPostgres ? "postgres" : "pglite"})`, () => {
  it("cli backup writes one folder: the database, every upload with the same bytes, backup.json; private", () => {
    expect(readdirSync(backup).sort()).toEqual(["backup.json", "database.tar.gz", "uploads"]);
    for (const [url, hash] of Object.entries(files)) {
      const file = path.join(backup, "uploads", url.slice("/uploads/".length));
      expect(sha(readFileSync(file))).toBe(hash);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(statSync(backup).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path.join(backup, "backup.json"), "utf8"))).toMatchObject({
      format: 2,
      uploadsFrom: "local",
      uploads: { objects: 4 },
    });
  });

  it("restore into a fresh DATA_DIR brings the picture and the finder photo back, served with the same bytes", async () => {
    const config = configFor(tmp("boonees-restored-"));
    const printed: string[] = [];
    await restoreCommand(config, backup, (l) => printed.push(l));
    expect(printed.join("\n")).toMatch(/Uploads: 4 copied/);
    await withInstance(config, async (s) => {
      const [row] = await queryRows<{ image_url: string }>(
        s.db,
        sql`select image_url from boonees where name = 'Sicherungsboonee'`,
      );
      expect(row.image_url).toBe(picture());
      for (const url of [picture(), photo()]) expect(await served(s, url)).toEqual({ status: 200, sha: files[url] });
      expect(await checkReadiness(s)).toMatchObject({ ok: true, storage: true, missingUploads: 0 });
    });
  }, 300_000);

  it.skipIf(!pgReachable)(
    "move-to-postgres from the backup brings them back too (into a fresh PostgreSQL database and DATA_DIR)",
    async () => {
      const target = await createPgDatabase("boonees_backup_move");
      try {
        const dataDir = tmp("boonees-moved-");
        const printed: string[] = [];
        await moveToPostgresCommand(configFor(dataDir), target.url, backup, (l) => printed.push(l));
        expect(printed.join("\n")).toMatch(/Uploads: 4 copied/);
        await withInstance(configFor(dataDir, target.url), async (s) => {
          for (const url of [picture(), photo()])
            expect(await served(s, url)).toEqual({ status: 200, sha: files[url] });
          expect(await checkReadiness(s)).toMatchObject({ ok: true, storage: true, missingUploads: 0 });
        });
      } finally {
        await target.drop();
      }
    },
    300_000,
  );

  it("/readyz answers 503 naming the storage when a referenced file is gone, 200 when every one is there", async () => {
    const config = configFor(tmp("boonees-readyz-"));
    await restoreCommand(config, backup, quiet);
    const photoFile = path.join(config.dataDir, "uploads", photo().slice("/uploads/".length));
    const bytes = readFileSync(photoFile);
    await withInstance(config, async (s) => {
      const app = appOf(s);
      const ready = await app.request("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        ok: true,
        database: true,
        migrations: true,
        storage: true,
        missingUploads: 0,
      });

      rmSync(photoFile);
      const missing = await app.request("/readyz");
      expect(missing.status).toBe(503);
      expect(await missing.json()).toEqual({
        ok: false,
        database: true,
        migrations: true,
        storage: false,
        missingUploads: 1,
      });

      await s.storage.put(photo().slice("/uploads/".length), new Uint8Array(bytes), "image/webp");
      expect((await app.request("/readyz")).status).toBe(200);
    });
  }, 300_000);

  it("with the uploads in S3: a restore puts them into the bucket, and a backup holds the bucket's files", async () => {
    const bucket = "boonees-backup";
    const s3server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: tmp("s3rver-backup-"),
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port } = (await s3server.run()) as unknown as { port: number };
    try {
      const s3 = {
        S3_BUCKET: bucket,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      };
      const config = configFor(tmp("boonees-s3-restored-"), undefined, s3);
      const printed: string[] = [];
      await restoreCommand(config, backup, (l) => printed.push(l));
      expect(printed.join("\n")).toMatch(/Uploads: 4 copied/);
      expect(existsSync(path.join(config.dataDir, "uploads", picture().slice("/uploads/".length)))).toBe(false); // in the bucket
      await withInstance(config, async (s) => {
        expect(s.storage.kind).toBe("s3");
        for (const url of [picture(), photo()]) expect(await served(s, url)).toEqual({ status: 200, sha: files[url] });
        expect(await checkReadiness(s)).toMatchObject({ ok: true, storage: true, missingUploads: 0 });
      });

      const again = (await backupCommand(config, path.join(tmp("boonees-backups-"), "from-s3"), quiet)).folder;
      expect(JSON.parse(readFileSync(path.join(again, "backup.json"), "utf8"))).toMatchObject({
        uploadsFrom: "s3",
        uploads: { objects: 4 },
      });
      for (const [url, hash] of Object.entries(files))
        expect(sha(readFileSync(path.join(again, "uploads", url.slice("/uploads/".length))))).toBe(hash);

      await withInstance(config, async (s) => {
        await s.storage.delete(photo().slice("/uploads/".length)); // gone from the bucket: HEAD answers 404
        expect(await checkReadiness(s)).toMatchObject({ ok: false, storage: false, missingUploads: 1 });
      });
    } finally {
      await s3server.close();
    }
  }, 300_000);

  it("the scheduled backup has the same format, the uploads inside", async () => {
    const dir = tmp("boonees-scheduled-");
    await withInstance({ ...source.config, BACKUP_DIR: dir, BACKUP_EVERY_HOURS: 1, BACKUP_KEEP: 2 }, async (s) => {
      await startBackupSchedule(s)(); // takes the first one at once; stopping waits for it
    });
    const [scheduled] = listBackups(dir);
    expect(readdirSync(scheduled).sort()).toEqual(["backup.json", "database.tar.gz", "uploads"]);
    for (const [url, hash] of Object.entries(files))
      expect(sha(readFileSync(path.join(scheduled, "uploads", url.slice("/uploads/".length))))).toBe(hash);
    expect(JSON.parse(readFileSync(path.join(scheduled, "backup.json"), "utf8"))).toMatchObject({
      format: 2,
      uploads: { objects: 4 },
    });
  }, 300_000);

  it("an old cli backup (a database dump file, no uploads) still restores its database, and says it holds no uploads", async () => {
    const config = configFor(tmp("boonees-old-format-"));
    const printed: string[] = [];
    await restoreCommand(config, path.join(backup, "database.tar.gz"), (l) => printed.push(l));
    expect(printed.join("\n")).toMatch(/holds no uploads/);
    expect(existsSync(path.join(config.dataDir, "uploads", picture().slice("/uploads/".length)))).toBe(false);
    await withInstance(config, async (s) => {
      const [row] = await queryRows<{ n: number }>(s.db, sql`select count(*)::int as n from story_photos`);
      expect(row.n).toBe(1);
      // the database is back, its files are not: /readyz says so rather than "ready"
      expect(await checkReadiness(s)).toMatchObject({ ok: false, storage: false, missingUploads: 2 });
    });
  }, 300_000);
});
