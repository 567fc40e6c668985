import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROLES, type Role } from "#shared/roles.ts";
import { ensureAdmin } from "./auth/ensure-admin.ts";
import { fileSessionSecret } from "./auth/session-secret.ts";
import { controlToken, dumpEmbedded } from "./backup.ts";
import { loadConfig } from "./config.ts";
import { acquireDirLock } from "./db/lock.ts";
import { queryRows } from "./db/client.ts";
import { setRole } from "./domain/change-role.ts";
import { closeServices, createServices } from "./services.ts";

const usage = `Boonees command line (npm run cli -- <command>)

  create-admin <email> <password>   create the account if missing and make it an admin
                                    (an existing account only when the password is its own)
  grant-role <email> <user|moderator|admin>
  backup [file]                     consistent dump of the embedded database (works while the server runs)
  restore <file>                    replace the embedded database with a dump (server must be stopped)

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
      if (config.DATABASE_URL) return fail("DATABASE_URL is set: back up PostgreSQL with pg_dump.");
      const file = path.resolve(args[0] ?? `boonees-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
      const bytes = await backupThroughServer(config).catch(() => null);
      if (bytes) {
        writeFileSync(file, bytes);
        return console.log(`Backup written through the running server: ${file}`);
      }
      await withServices(config, async (s) => writeFileSync(file, Buffer.from(await (await dumpEmbedded(s.database)).arrayBuffer())));
      return console.log(`Backup written: ${file}`);
    }
    case "restore": {
      const file = args[0];
      if (!file || !existsSync(file)) return fail("restore needs an existing backup file.");
      if (config.DATABASE_URL) return fail("DATABASE_URL is set: restore PostgreSQL with pg_restore / psql.");
      const dir = path.join(config.dataDir, "db");
      const release = acquireDirLock(`${dir}.lock`); // refuses while a server runs
      try {
        const restoredDir = `${dir}.restoring`;
        const db = await PGlite.create(restoredDir, { loadDataDir: new Blob([readFileSync(file)]) });
        await db.query("select 1");
        await db.close();
        if (existsSync(dir)) renameSync(dir, `${dir}.before-restore-${Date.now()}`);
        renameSync(restoredDir, dir);
      } finally {
        release();
      }
      return console.log(`Restored ${file} into ${dir}.`);
    }
    default:
      return fail(usage);
  }
}

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
