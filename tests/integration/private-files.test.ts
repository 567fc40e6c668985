import { execFile } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { readDump } from "../../server/backup-folder.ts";
import { takeBackup } from "../../server/backup-schedule.ts";
import { queryRows } from "../../server/db/client.ts";
import { openEmbeddedCopy } from "../../server/db/embedded-copy.ts";
import { looseEntries } from "../../server/private-files.ts";
import { freePort, postForm, ROOT, signUpCookie, startInstance, type Instance } from "../support/instances.ts";
import { createTestServices, createUser } from "./harness.ts";

// Issue 34 item 3: what the app writes is its owner's alone (DATA_DIR and its folders 0700, files
// 0600: the embedded database, the session secret, the mail outbox, uploads, CLI and scheduled
// backups), a start-up warning names (and DATA_DIR makes private) what an older version left looser,
// and a backup holds no session, no session token and no generated secret (decision 043).
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const processLevel = !process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);
const run = promisify(execFile);

/** Every entry under `root` with group or other bits, as "path mode". */
const loose = (root: string) =>
  looseEntries(root).map((e) => `${path.relative(root, e.path) || "."} ${e.mode.toString(8)}`);

/** The tokens of the sessions behind `cookies` ("name=token.signature"), as stored. */
const tokensOf = (cookies: string[]) => cookies.map((c) => decodeURIComponent(c.split("=")[1]).split(".")[0]);

/** The rows a backup's database holds in the tables a backup leaves out, and whether its bytes contain any of `needles`. */
async function inspectBackup(file: string, needles: string[]) {
  const raw = gunzipSync(readFileSync(file)).toString("latin1");
  const copy = await openEmbeddedCopy(readDump(file));
  try {
    const count = async (table: string) =>
      Number((await copy.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n);
    return {
      sessions: await count("sessions"),
      verifications: await count("verifications"),
      secrets: await count("app_secrets"),
      profiles: await count("profiles"),
      found: needles.filter((n) => raw.includes(n)),
    };
  } finally {
    await copy.close();
  }
}

describe.skipIf(!processLevel)("private files of a running server (embedded database)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "boonees-private-"));
  const dataDir = path.join(root, "data"); // created by the server
  let app: Instance | undefined;
  afterAll(async () => {
    await app?.stop();
  });

  it("creates DATA_DIR 0700 and every file in it 0600, CLI backups too, and a backup holds no session or secret", async () => {
    const port = await freePort();
    app = await startInstance({
      port,
      dataDir,
      env: { ADMIN_EMAIL: "private-admin@example.test", ADMIN_PASSWORD: "admin-pass-123" },
    });
    const cookies = [await signUpCookie(app.base, "Privat", `private-${Date.now()}@example.test`)];
    // a mail to the outbox (a reset link: its token is a pending verification)
    expect((await postForm(app.base, "/auth/forgot", { email: "private-admin@example.test" })).status).toBeLessThan(
      400,
    );
    const admin = await postForm(app.base, "/auth", {
      intent: "login",
      email: "private-admin@example.test",
      password: "admin-pass-123",
    });
    cookies.push(
      admin.headers
        .getSetCookie()
        .find((c) => c.includes("session_token"))!
        .split(";")[0],
    );
    await expect
      .poll(() => existsSync(path.join(dataDir, "outbox")) && readdirSync(path.join(dataDir, "outbox")).length)
      .toBeGreaterThan(0);
    const backup = path.join(root, "cli-backup"); // a backup folder (decision 046)
    const cli = await run(process.execPath, ["server/cli.ts", "backup", backup], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" },
    });
    expect(cli.stdout).toContain("through the running server");

    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(dataDir, "db")).length).toBeGreaterThan(10);
    expect(loose(dataDir)).toEqual([]);
    expect(statSync(backup).mode & 0o777).toBe(0o700);
    expect(loose(backup)).toEqual([]);

    const secret = readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
    const got = await inspectBackup(path.join(backup, "database.tar.gz"), [secret, ...tokensOf(cookies)]);
    expect(got).toEqual({ sessions: 0, verifications: 0, secrets: 0, profiles: 2, found: [] });
    // the live sessions are untouched
    expect((await fetch(`${app.base}/profile`, { headers: { cookie: cookies[0] } })).status).toBe(200);
  }, 600_000); // a start of the built server and a CLI run on a busy machine

  it("warns at start-up when files in DATA_DIR are looser, and makes them private", async () => {
    await app?.stop();
    chmodSync(path.join(dataDir, "session-secret"), 0o644);
    chmodSync(path.join(dataDir, "db"), 0o755);
    const dbFile = path.join(dataDir, "db", "PG_VERSION");
    chmodSync(dbFile, 0o666);
    writeFileSync(path.join(dataDir, "left-by-hand.txt"), "x", { mode: 0o666 });
    chmodSync(path.join(dataDir, "left-by-hand.txt"), 0o666);
    expect(loose(dataDir).length).toBe(4);
    app = await startInstance({ port: await freePort(), dataDir });
    expect(app.output()).toContain("DATA_DIR held 4 files or folders other users could read or write");
    expect(loose(dataDir)).toEqual([]);
    expect(lstatSync(dbFile).mode & 0o777).toBe(0o600);
  }, 600_000);
});

describe(`scheduled backups on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("writes folders 0700 and files 0600, and leaves sessions, tokens and generated secrets out", async () => {
    const s = await createTestServices();
    try {
      const users = [await createUser(s, "Gesichert"), await createUser(s, "Auch Gesichert")];
      await s.storage.put("images/private-test.png", new Uint8Array([1, 2, 3]), "image/png");
      const dir = path.join(mkdtempSync(path.join(tmpdir(), "boonees-backups-")), "backups"); // created by takeBackup
      const taken = await takeBackup(s, dir, 3);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(loose(dir)).toEqual([]);
      expect(readdirSync(path.join(taken, "uploads", "images"))).toEqual(["private-test.png"]);
      expect(loose(path.join(s.config.dataDir, "uploads"))).toEqual([]);
      const [vapid] = await queryRows<{ value: string }>(s.db, sql`select value from app_secrets where name = 'vapid'`);
      const privateKey = (JSON.parse(vapid.value) as { privateKey: string }).privateKey;
      const got = await inspectBackup(path.join(taken, "database.tar.gz"), [
        privateKey,
        ...tokensOf(users.map((u) => u.cookie)),
      ]);
      expect(got.sessions).toBe(0);
      expect(got.verifications).toBe(0);
      expect(got.secrets).toBe(0);
      expect(got.profiles).toBeGreaterThanOrEqual(2);
      expect(got.found).toEqual([]);
    } finally {
      await s.close();
    }
  }, 600_000); // the backup copies every table into a new embedded database
});
