import "./private-umask.ts";

import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";

import { SAFE_CODE_LENGTH } from "#shared/claim-code-rule.ts";
import { ROLES, type Role } from "#shared/roles.ts";

import { ensureAdmin } from "./auth/ensure-admin.ts";
import { backupCommand, moveToPostgresCommand, restoreCommand } from "./cli-backup.ts";
import { withServices } from "./cli-services.ts";
import { loadConfig } from "./config.ts";
import { queryRows } from "./db/client.ts";
import { setRole } from "./domain/accounts/change-role.ts";
import { rotateShortCodes, type RotatedCode } from "./domain/codes/rotate-short-codes.ts";
import { bucketStorage, localUploads } from "./storage/from-config.ts";
import { moveUploads } from "./storage/move-uploads.ts";

const usage = `Boonees command line (npm run cli -- <command>)

  create-admin <email> <password>   create the account if missing and make it an admin
                                    (an existing account only when the password is its own)
  grant-role <email> <user|moderator|admin>
  backup [folder]                   a backup folder: the database (embedded: works while the server
                                    runs; PostgreSQL: one snapshot) and every upload (DATA_DIR/uploads
                                    or the S3 bucket); the same format as the scheduled backups
  restore <folder|file>             replace the embedded database with a backup and copy its uploads
                                    into the configured storage (server must be stopped)
  move-to-postgres <DATABASE_URL> [backup]
                                    copy the embedded database (or a backup, with its uploads) into an
                                    empty PostgreSQL database (works while the server runs; verifies
                                    every table)
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
        const [user] = await queryRows<{ id: string }>(
          s.db,
          sql`select id from profiles where lower(email) = ${email.toLowerCase()}`,
        );
        if (!user) throw new Error(`No account with the e-mail ${email}.`);
        await setRole(s.db, user.id, role as Role);
      });
      return console.log(`${email} now has the role ${role}.`);
    }
    case "backup":
      return void (await backupCommand(config, args[0], console.log));
    case "move-to-postgres": {
      const [url, backup] = args;
      if (!url || !/^postgres(ql)?:\/\//.test(url)) return fail(usage);
      return moveToPostgresCommand(config, url, backup, console.log);
    }
    case "move-uploads": {
      const [direction] = args;
      const bucket = bucketStorage(config);
      if (direction !== "s3" && direction !== "local") return fail(usage);
      if (!bucket)
        return fail("move-uploads needs S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID … as the server uses them).");
      const [from, to] = direction === "s3" ? [localUploads(config), bucket] : [bucket, localUploads(config)];
      const result = await moveUploads(from, to, (key, copied) =>
        console.log(`  ${copied ? "copied   " : "unchanged"} ${key}`),
      );
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
      if (!backup || !existsSync(backup)) return fail("restore needs an existing backup folder or file.");
      if (config.DATABASE_URL)
        return fail(
          "DATABASE_URL is set: restore into an empty PostgreSQL database with move-to-postgres <url> <backup>.",
        );
      return restoreCommand(config, backup, console.log);
    }
    default:
      return fail(usage);
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
