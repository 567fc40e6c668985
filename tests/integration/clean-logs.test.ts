import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  createPgDatabase,
  freePort,
  postForm,
  ROOT,
  signUpCookie,
  startInstance,
  type Instance,
} from "../support/instances.ts";

// A query fails under a claim and a sign-in (a table renamed away through a second connection, as a
// botched migration or a lost privilege would): the user gets an error page, and the server's output
// carries the error's name, PostgreSQL code and request id, but never the secret code, the e-mail,
// the password or the session token that were the query's parameters (issue 12).
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !!process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);

const EMAIL = "leaky.finder@example.test";
const PASSWORD = "very-secret-pass-42";
const CODE = "LEAKYCODE7Q";
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let pool: pg.Pool;
let app: Instance;
let cookie = "";

beforeAll(async () => {
  if (!enabled) return;
  database = await createPgDatabase("boonees_logs");
  app = await startInstance({ port: await freePort(), env: { DATABASE_URL: database.url, LOG_LEVEL: "info" } });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  cookie = await signUpCookie(app.base, "Leaky Finder", EMAIL, PASSWORD);
  const { rows } = await pool.query(`insert into boonees (name, status) values ('Plapper', 'Placed') returning id`);
  await pool.query(`insert into tags (boonee_id, secret_code) values ($1, $2)`, [rows[0].id, CODE]);
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await pool?.end();
  await database?.drop();
});

/** Runs `fn` while `table` is renamed away, then puts it back. */
async function withoutTable<T>(table: string, fn: () => Promise<T>) {
  await pool.query(`alter table ${table} rename to ${table}_away`);
  try {
    return await fn();
  } finally {
    await pool.query(`alter table ${table}_away rename to ${table}`);
  }
}

function expectNoSecretsIn(output: string) {
  const token = decodeURIComponent(cookie.split("=")[1]);
  for (const secret of [CODE, EMAIL, PASSWORD, token, token.split(".")[0], encodeURIComponent(EMAIL)]) {
    expect(output.toLowerCase(), `output contains ${secret.slice(0, 4)}…`).not.toContain(secret.toLowerCase());
  }
}

describe.skipIf(!enabled)("clean logs when a query fails", () => {
  it("claim with the tags table gone: 500 page, the log names 42P01 and no code, e-mail or token", async () => {
    const before = app.output().length;
    const [page, claim] = await withoutTable("tags", async () => [
      await fetch(`${app.base}/c/${CODE}`, { headers: { cookie }, redirect: "manual" }),
      await postForm(app.base, `/claim/${CODE}`, { intent: "claim" }, cookie),
    ]);
    expect([500, 503]).toContain(page.status);
    expect([500, 503]).toContain(claim.status);
    const output = app.output().slice(before);
    expect(output).toMatch(/"pgCode":"42P01"/);
    expect(output).toMatch(/"requestId":"[0-9a-f-]{36}"/);
    expectNoSecretsIn(app.output());
  });

  it("sign-in and a signed-in page with the sessions table gone: error page, nothing secret logged", async () => {
    const before = app.output().length;
    const [signIn, profile] = await withoutTable("sessions", async () => [
      await postForm(app.base, "/auth", { intent: "login", email: EMAIL, password: PASSWORD }),
      await fetch(`${app.base}/profile`, { headers: { cookie }, redirect: "manual" }),
    ]);
    expect([500, 503]).toContain(signIn.status);
    expect([500, 503]).toContain(profile.status);
    expect(app.output().slice(before)).toMatch(/"pgCode":"42P01"/);
    expectNoSecretsIn(app.output());
  });

  it("sign-in with the accounts table gone: error page, nothing secret logged; then it serves again", async () => {
    const signIn = await withoutTable("accounts", () =>
      postForm(app.base, "/auth", { intent: "login", email: EMAIL, password: PASSWORD }),
    );
    expect([500, 503]).toContain(signIn.status);
    expectNoSecretsIn(app.output());
    expect((await postForm(app.base, "/auth", { intent: "login", email: EMAIL, password: PASSWORD })).status).toBe(302);
  });
});
