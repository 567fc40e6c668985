import "./private-umask.ts";
import { sql } from "drizzle-orm";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SAFE_CODE_LENGTH } from "#shared/claim-code-rule.ts";
import { ROLES, type Role } from "#shared/roles.ts";
import { ensureAdmin } from "./auth/ensure-admin.ts";
import { fileSessionSecret } from "./auth/session-secret.ts";
import { controlToken } from "./backup.ts";
import { loadConfig } from "./config.ts";
import { queryRows } from "./db/client.ts";
import { openEmbeddedCopy } from "./db/embedded-copy.ts";
import { moveToPostgres } from "./db/move-to-postgres.ts";
import { backupOfDump, dumpEmbedded, snapshotDatabase } from "./db/snapshot.ts";
import { setRole } from "./domain/change-role.ts";
import { rotateShortCodes, type RotatedCode } from "./domain/rotate-short-codes.ts";
import { backupParts, readDump, restoreEmbedded } from "./restore.ts";
import { closeServices, createServices } from "./services.ts";
import { bucketStorage, localUploads } from "./storage/from-config.ts";
import { moveUploads } from "./storage/move-uploads.ts";

const usage = `Boonees command line (npm run cli -- <command>)

  create-admin <email> <password>   create the account if missing and make it an admin
                                    (an existing account only when the password is its own)
  grant-role <email> <user|moderator|admin>
  backup [file]                     consistent dump of the database (embedded: works while the server
                                    runs; PostgreSQL: one snapshot, in the same format)
  restore <file|folder>             replace the embedded database with a backup, a scheduled one's
                                    uploads included (server must be stopped)
  move-to-postgres <DATABASE_URL> [backup]
                                    copy the embedded database (or a backup) into an empty PostgreSQL
                                    database (works while the server runs; verifies every table)
  move-uploads <s3|local>           copy DATA_DIR/uploads into the S3_BUCKET (s3) or back (local),
                                    each object verified by size and hash; URLs stay the same
  rotate-short-codes                give every unclaimed figure whose code is shorter than 10 characters
                                    (no SUN tag) a new 10-character code, and list the labels to reprint

Reads the same environment as the server (DATA_DIR, DATABASE_URL, PORT …).`;

async function main(argv: string[]) {
  const [command, ...args] = argv;
  const config = loadConfig();
  switch (command) {
    case "create-admin": {
      const [email, password] = args;
      if (!email || !password) return fail(usage);
      await withServices(config, (s) => ensureAdmin(s, { email, password }));
      return console.log(`${email} is an admin.`);
    }
    case "grant-role": {
      const [email, role] = args;
      if (!email || !ROLES.includes(role as Role)) return fail(usage);
      await withServices(config, async (s) => {
        const [user] = await queryRows<{ id: string }>(s.db, sql`select id from profiles where lower(email) = ${email.toLowerCase()}`);
        if (!user) throw new Error(`No account with the e-mail ${email}.`);
        await setRole(s.db, user.id, role as Role);
      });
      return console.log(`${email} now has the role ${role}.`);
    }
    case "backup": {
      const file = path.resolve(args[0] ?? `boonees-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
      const dump = config.DATABASE_URL ? await postgresDump(config) : await embeddedDump(config);
      // without sessions and generated secrets (decision 043); PostgreSQL's snapshot leaves them out itself
      const blob = config.DATABASE_URL ? dump.blob : await backupOfDump(dump.blob);
      writeFileSync(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      return console.log(dump.throughServer ? `Backup written through the running server: ${file}` : `Backup written: ${file}`);
    }
    case "move-to-postgres": {
      const [url, backup] = args;
      if (!url || !/^postgres(ql)?:\/\//.test(url)) return fail(usage);
      if (backup) {
        if (!existsSync(backup)) return fail(`No backup at ${backup}.`);
        return copyToPostgres(config, url, readDump(backupParts(backup).dump), "Read the backup.");
      }
      if (config.DATABASE_URL)
        return fail("DATABASE_URL is set: this instance is on PostgreSQL already; unset it to move the embedded database.");
      const dump = await embeddedDump(config);
      const from = dump.throughServer ? "Read the embedded database through the running server." : "Read the embedded database.";
      return copyToPostgres(config, url, dump.blob, from);
    }
    case "move-uploads": {
      const [direction] = args;
      const bucket = bucketStorage(config);
      if (direction !== "s3" && direction !== "local") return fail(usage);
      if (!bucket) return fail("move-uploads needs S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID … as the server uses them).");
      const [from, to] = direction === "s3" ? [localUploads(config), bucket] : [bucket, localUploads(config)];
      const result = await moveUploads(from, to, (key, copied) => console.log(`  ${copied ? "copied   " : "unchanged"} ${key}`));
      return console.log(
        `${result.copied} copied (${result.bytes} bytes), ${result.unchanged} already there; every object verified by size and sha-256.`,
      );
    }
    case "rotate-short-codes": {
      let rotated: RotatedCode[] = [];
      await withServices(config, async (s) => (rotated = await rotateShortCodes(s.db)));
      if (rotated.length === 0) return console.log(`No unclaimed code is shorter than ${SAFE_CODE_LENGTH} characters.`);
      console.log(`Replaced ${rotated.length} short codes. Reprint these labels (the old codes no longer claim):`);
      console.log(["figure id", "series", "name", "new code"].join("\t"));
      for (const r of rotated) console.log([r.id, r.series ?? "", r.name, r.code].join("\t"));
      return;
    }
    case "restore": {
      const backup = args[0];
      if (!backup || !existsSync(backup)) return fail("restore needs an existing backup file or folder.");
      if (config.DATABASE_URL)
        return fail("DATABASE_URL is set: restore into an empty PostgreSQL database with move-to-postgres <url> <backup>.");
      const dir = await restoreEmbedded(backup, config.dataDir);
      return console.log(`Restored ${backup} into ${dir}.`);
    }
    default:
      return fail(usage);
  }
}

/** A consistent dump of the embedded database: from the running server if there is one, else opened here. */
async function embeddedDump(config: ReturnType<typeof loadConfig>) {
  const bytes = await backupThroughServer(config).catch(() => null);
  if (bytes) return { blob: new Blob([bytes]), throughServer: true };
  let blob: Blob | undefined;
  await withServices(config, async (s) => (blob = await dumpEmbedded(s.database)));
  return { blob: blob!, throughServer: false };
}

/** PostgreSQL read in one snapshot into the embedded format (server/db/snapshot.ts). */
async function postgresDump(config: ReturnType<typeof loadConfig>) {
  let blob: Blob | undefined;
  await withServices(config, async (s) => (blob = (await snapshotDatabase(s.database)).dump));
  return { blob: blob!, throughServer: false };
}

async function copyToPostgres(config: ReturnType<typeof loadConfig>, url: string, dump: Blob, readFrom: string) {
  console.log(readFrom);
  const source = await openEmbeddedCopy(dump);
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    const result = await moveToPostgres({
      source,
      target,
      sessionSecret: config.SESSION_SECRET ? undefined : fileSessionSecret(config.dataDir),
      onTable: (t) =>
        console.log(`  ${t.table.padEnd(32)} ${String(t.rows).padStart(8)} rows  checksum ${t.checksum.slice(0, 12) || "-"} ok`),
    });
    const rows = result.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Moved ${rows} rows in ${result.tables.length} tables; counts and checksums match.`);
    if (result.sessionSecretStored) console.log("The session secret is stored in PostgreSQL: sessions stay valid on every instance.");
    if (config.SESSION_SECRET) console.log("Keep SESSION_SECRET set to the same value on every instance: sessions stay valid.");
    console.log(`Next: start the app with DATABASE_URL=${redactPassword(url)} (uploads: npm run cli -- move-uploads s3).`);
  } finally {
    await target.end();
    await source.close();
  }
}

const redactPassword = (url: string) => url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");

async function backupThroughServer(config: ReturnType<typeof loadConfig>) {
  const res = await fetch(`http://127.0.0.1:${config.PORT}/internal/backup`, {
    method: "POST",
    // backups are for the embedded database, whose server uses SESSION_SECRET or the DATA_DIR file
    headers: { "x-boonees-control": controlToken(config.SESSION_SECRET ?? fileSessionSecret(config.dataDir)) },
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok) throw new Error(`server answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

async function withServices(
  config: ReturnType<typeof loadConfig>,
  fn: (s: Awaited<ReturnType<typeof createServices>>) => Promise<unknown>,
) {
  const services = await createServices({ ...config, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, LOG_LEVEL: "warn" });
  try {
    await fn(services);
  } finally {
    await closeServices(services);
  }
}

function fail(message: string) {
  console.error(message);
  process.exitCode = 1;
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
