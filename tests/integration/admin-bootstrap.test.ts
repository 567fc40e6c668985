import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loadConfig } from "../../server/config.ts";
import { profiles, userRoles } from "../../server/db/schema.ts";
import type { Logger } from "../../server/log.ts";
import { closeServices, createServices, type Services } from "../../server/services.ts";
import { createPgDatabase, ROOT } from "../support/instances.ts";

// Someone signs up with the address the operator later sets as ADMIN_EMAIL: the next start-up must
// not make that account admin (issue 12). The server's start-up (createServices, as server/main.ts
// runs it) and the real CLI, on the embedded database or, with TEST_DATABASE_URL, on PostgreSQL.
const onPostgres = !!process.env.TEST_DATABASE_URL;
const SQUATTER = { name: "Squatter", email: "Operator@Example.test", password: "squatter-pass-1" };

let env: Record<string, string>;
let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
let running: Services | undefined;
let logged: string[] = [];

beforeAll(async () => {
  database = onPostgres ? await createPgDatabase("boonees_bootstrap") : undefined;
  env = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "boonees-bootstrap-")),
    DATABASE_URL: database?.url ?? "",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
  };
}, 30_000);

afterAll(async () => {
  if (running) await closeServices(running);
  await database?.drop();
});

/** A start-up with these settings; its log lines are kept in `logged`. */
async function startUp(extra: Record<string, string> = {}) {
  if (running) await closeServices(running);
  running = undefined;
  logged = [];
  const keep = (level: string) => (obj: object, msg?: string) =>
    void logged.push(JSON.stringify({ level, ...obj, msg }));
  const log: Logger = {
    debug: keep("debug"),
    info: keep("info"),
    warn: keep("warn"),
    error: keep("error"),
  } as unknown as Logger;
  running = await createServices(loadConfig({ ...env, ...extra } as NodeJS.ProcessEnv), { log });
  return running;
}

async function roleOf(s: Services, email: string) {
  const rows = await s.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(sql`lower(${profiles.email}) = ${email.toLowerCase()}`);
  return rows.map((r) => r.role).join(",");
}

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["server/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });

describe(`bootstrap admin (${onPostgres ? "postgres" : "pglite"})`, () => {
  it("never promotes an account that signed up with ADMIN_EMAIL first; promotes it with its own password", async () => {
    let s = await startUp();
    await s.auth.api.signUpEmail({ body: SQUATTER });

    // the operator sets ADMIN_EMAIL (other case) with their own password and restarts
    s = await startUp({ ADMIN_EMAIL: SQUATTER.email.toLowerCase(), ADMIN_PASSWORD: "operator-pass-1" });
    expect(await roleOf(s, SQUATTER.email)).toBe("user");
    const errors = logged.filter((l) => l.includes('"level":"error"'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /ADMIN_EMAIL belongs to an existing account whose password differs from ADMIN_PASSWORD: it was NOT made an admin/,
    );
    expect(errors[0]).toMatch(/npm run cli -- grant-role/);
    expect(logged.join("\n").toLowerCase()).not.toContain(SQUATTER.email.toLowerCase());

    // with the account's own password it becomes admin, and nothing is logged as an error
    s = await startUp({ ADMIN_EMAIL: SQUATTER.email, ADMIN_PASSWORD: SQUATTER.password });
    expect(await roleOf(s, SQUATTER.email)).toBe("admin");
    expect(logged.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    await closeServices(s);
    running = undefined;
  }, 120_000);

  it("cli create-admin refuses an existing account with another password (exit code 1) and creates a new one", async () => {
    const s = await startUp();
    await s.auth.api.signUpEmail({ body: { name: "Early", email: "early@example.test", password: "early-pass-1" } });
    await closeServices(s); // the embedded database is held by one process
    running = undefined;

    const refused = cli("create-admin", "early@example.test", "not-their-pass");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already exists and its password differs: nothing changed/);
    const created = cli("create-admin", "fresh-admin@example.test", "fresh-admin-pass");
    expect(created.status).toBe(0);

    const check = await startUp();
    expect(await roleOf(check, "early@example.test")).toBe("user");
    expect(await roleOf(check, "fresh-admin@example.test")).toBe("admin");
  }, 120_000);
});
