import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";

import type { Database } from "../db/client.ts";
import { appSecrets } from "../db/schema.ts";

const newSecret = () => randomBytes(32).toString("hex");

/** The embedded database's secret: one file in DATA_DIR, readable by the CLI while the server runs. */
export function fileSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = newSecret();
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim(); // the CLI and the server at once
    throw e;
  }
  return secret;
}

/** One secret for every instance on this database: the first to start creates it, the rest read it. */
async function sharedSessionSecret(database: Database): Promise<string> {
  await database.db.insert(appSecrets).values({ name: "session", value: newSecret() }).onConflictDoNothing();
  const [row] = await database.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, "session"));
  return row.value;
}

/** The operator's SESSION_SECRET wins; else PostgreSQL keeps one for all instances; PGlite a file. */
export async function resolveSessionSecret(opts: {
  configured?: string;
  dataDir: string;
  database: Database;
}): Promise<string> {
  if (opts.configured) return opts.configured;
  if (opts.database.kind === "postgres") return sharedSessionSecret(opts.database);
  return fileSessionSecret(opts.dataDir);
}
