import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CookieClient } from "../support/cookie-client.ts";
import { createPgDatabase, freePort, ROOT, startInstance, type Instance } from "../support/instances.ts";
import { SIGNED_IN_PAGES, type Who } from "../support/signed-in-pages.ts";
import { SoftAuthenticator } from "../support/soft-authenticator.ts";

// Issue 29: a city grown out of one machine takes its data along. The embedded database is filled
// through the running app, moved to PostgreSQL while that server still runs, and the app on
// PostgreSQL must answer every page of the returning-user table the same for the same sessions.
const run = promisify(execFile);
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !!process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);
const ADMIN = { email: "move-admin@example.test", password: "admin-pass-123" };
const PASSWORD = "secret123";

let port: number;
let embedded: Instance | undefined;
let onPostgres: Instance | undefined;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-move-"));
const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
let s3server: S3rver | undefined;
let s3env: Record<string, string> = {};

const cli = (args: string[], extra: Record<string, string> = {}) =>
  run(process.execPath, ["server/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn", DATABASE_URL: "", ...extra },
  });

beforeAll(async () => {
  if (!enabled) return;
  port = await freePort();
  database = await createPgDatabase("boonees_move");
  s3server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "s3rver-move-")),
    configureBuckets: [{ name: "boonees-move", configs: [] }],
  });
  const { port: s3port } = (await s3server.run()) as unknown as { port: number };
  s3env = {
    S3_BUCKET: "boonees-move",
    S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  embedded = await startInstance({ port, dataDir, env, startTimeoutMs: 600_000 });
}, 700_000);

afterAll(async () => {
  await embedded?.stop();
  await onPostgres?.stop();
  await database?.drop();
  await s3server?.close();
});

/** The "ID" column of the CSV line that contains `needle` (German exports separate with ";", English with ","). */
async function idFromCsv(client: CookieClient, csv: string, needle: string) {
  const [header, ...lines] = (await (await client.get(csv)).text()).replace(/^\uFEFF/, "").split(/\r?\n/);
  const separator = header.includes(";") ? ";" : ",";
  const cells = (line: string) => line.split(separator).map((cell) => cell.replace(/"/g, ""));
  const line = lines.find((l) => l.includes(needle));
  if (!line) throw new Error(`${needle} not in ${csv}`);
  return cells(line)[cells(header).indexOf("ID")];
}

async function post(client: CookieClient, pathname: string, form: Record<string, string>, expected: number) {
  const res = await client.post(pathname, form);
  expect(res.status, `${pathname} ${JSON.stringify(form)}: ${res.status === expected ? "" : await res.text()}`).toBe(
    expected,
  );
  return res;
}

async function signUp(base: string, name: string) {
  const client = new CookieClient(base);
  const email = `${name.toLowerCase()}@example.test`;
  await post(client, "/auth", { intent: "signup", name, email, password: PASSWORD }, 302);
  return { client, email };
}

/** Figures, claims, a story, a broadcast, a drop, a passkey account and a push subscription, all through the app. */
async function fill(base: string) {
  const admin = new CookieClient(base);
  await post(admin, "/auth", { intent: "login", email: ADMIN.email, password: ADMIN.password }, 302);
  const codes = ["MOVEAAAA1", "MOVEBBBB2", "MOVECCCC3"];
  // the first figure with a picture (multipart, as the admin form sends it)
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#e8a33d" } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    intent: "create",
    name: "Umzug 0",
    rarity: "Rare",
    status: "Placed",
    secretCode: codes[0],
  }))
    form.set(k, v);
  form.set("image", new File([new Uint8Array(picture)], "umzug.png", { type: "image/png" }));
  const withPicture = await fetch(`${base}/admin/create-boonee`, {
    method: "POST",
    headers: { origin: base, cookie: admin.cookieHeader },
    body: form,
    redirect: "manual",
  });
  expect(withPicture.status).toBe(200);
  for (const [i, code] of codes.entries())
    if (i > 0)
      await post(
        admin,
        "/admin/create-boonee",
        { intent: "create", name: `Umzug ${i}`, rarity: "Rare", status: "Placed", secretCode: code },
        200,
      );
  const collector = await signUp(base, "Sammlerin");
  const owner = await signUp(base, "Besitzer");
  const moderator = await signUp(base, "Moderatorin");
  const moderatorId = await idFromCsv(admin, "/admin/users.csv", moderator.email);
  await post(admin, "/admin/users", { intent: "role", userId: moderatorId, role: "moderator" }, 200);
  const claimed = await post(owner.client, `/c/${codes[0]}`, { intent: "claim" }, 303);
  const ownedId = claimed.headers.get("location")!.split("/").pop()!;
  await post(collector.client, `/c/${codes[1]}`, { intent: "claim" }, 303);
  await post(
    owner.client,
    `/boonee/${ownedId}`,
    { title: "Am Hafen", story: "Unter einem Poller gefunden.", location: "Kiel", findDate: "" },
    200,
  );
  await post(
    admin,
    "/admin/content",
    { title: "Umzugsnachricht", message: "Wir ziehen um.", contentType: "news", audience: "all" },
    200,
  );
  const dropFigure = await idFromCsv(admin, "/admin/boonees.csv", codes[2]);
  await post(
    admin,
    "/admin/drops",
    {
      intent: "create",
      titleDe: "Umzugsdrop",
      titleEn: "Moving drop",
      releaseAt: "2099-06-01T12:00",
      figureIds: dropFigure,
    },
    302,
  );
  await post(
    collector.client,
    "/profile/notifications",
    {
      intent: "pushOn",
      endpoint: "https://fcm.googleapis.com/fcm/send/move-test",
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
    200,
  );
  const device = new SoftAuthenticator(base);
  const passkeyUser = new CookieClient(base);
  const options = await (
    await passkeyUser.post("/passkeys/options", { intent: "signup", name: "Pia Passkey", email: "pia@example.test" })
  ).json();
  await post(
    passkeyUser,
    "/auth",
    { intent: "passkeySignup", passkey: JSON.stringify(device.register(options.options)) },
    302,
  );
  const clients: Record<Who, CookieClient> = {
    user: collector.client,
    owner: owner.client,
    moderator: moderator.client,
    admin,
  };
  // each client sees its one-time flash message once, so that both page rounds below see none
  for (const client of Object.values(clients)) await client.get("/profile");
  const figurePage = await (await fetch(`${base}/boonee/${ownedId}`)).text();
  const imageUrl = /\/uploads\/images\/[\w.-]+\.webp/.exec(figurePage)?.[0];
  expect(imageUrl).toBeDefined();
  return { clients, ownedId, device, imageUrl: imageUrl! };
}

/** What a user sees of every signed-in page: the status, and the page without its per-response parts. */
async function pages(clients: Record<Who, CookieClient>, ownedId: string) {
  const seen: string[] = [];
  for (const page of SIGNED_IN_PAGES) {
    const p = page.path
      .replace("{figure}", ownedId)
      .replace(/:id|:figureId/, ownedId)
      .replace(":cityId", "1"); // the first city (migration 0034)
    const res = await clients[page.who].get(p);
    const body = (await res.text())
      .replace(/nonce="[^"]*"/g, "")
      .replace(/"(nonce|csrf[A-Za-z]*|exportedAt)": ?"[^"]*"/g, "")
      // the clock a page renders relative times against (the dashboard's "in 2 days")
      .replace(/(now\\*",)\d{13}/g, "$1");
    seen.push(`${p} as ${page.who}: ${res.status} ${body}`);
  }
  return seen;
}

describe.skipIf(!enabled)("move-to-postgres", () => {
  it("moves an embedded database filled through the app while it runs, and its uploads to S3; the app on PostgreSQL shows every signed-in page the same, sessions and passkeys still work", async () => {
    const world = await fill(embedded!.base);
    const before = await pages(world.clients, world.ownedId);
    expect(before.filter((p) => !/: 200 /.test(p)).map((p) => p.slice(0, 80))).toEqual([]);

    const moved = await cli(["move-to-postgres", database.url]);
    expect(moved.stdout).toContain("through the running server");
    expect(moved.stdout).toMatch(/claims\s+2 rows/);
    expect(moved.stdout).toMatch(/passkeys\s+1 rows/);
    expect(moved.stdout).toMatch(/push_subscriptions\s+1 rows/);
    expect(moved.stdout).toContain("counts and checksums match");

    const again = await cli(["move-to-postgres", database.url]).then(
      () => "accepted",
      (e: { stderr: string }) => e.stderr,
    );
    expect(again).toContain("not empty");

    const picture = new Uint8Array(await (await fetch(embedded!.base + world.imageUrl)).arrayBuffer());
    const uploaded = await cli(["move-uploads", "s3"], s3env);
    expect(uploaded.stdout).toMatch(/^[1-9]\d* copied .* 0 already there/m);
    const twice = await cli(["move-uploads", "s3"], s3env);
    expect(twice.stdout).toMatch(/^0 copied .* [1-9]\d* already there/m);

    await embedded!.stop();
    embedded = undefined;
    // Another DATA_DIR: nothing of the embedded instance's directory is needed, the session secret and uploads moved along.
    onPostgres = await startInstance({
      port,
      env: { ...env, ...s3env, DATABASE_URL: database.url },
      startTimeoutMs: 600_000,
    });
    const served = await fetch(onPostgres.base + world.imageUrl);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(picture);
    const after = await pages(world.clients, world.ownedId);
    const differing = after.flatMap((page, i) => {
      if (page === before[i]) return [];
      const at = [...page].findIndex((ch, k) => ch !== before[i][k]);
      return [
        `${page.slice(0, page.indexOf(":"))} … ${before[i].slice(at - 40, at + 40)} ≠ ${page.slice(at - 40, at + 40)}`,
      ];
    });
    expect(differing).toEqual([]);

    const passkeyUser = new CookieClient(onPostgres.base);
    const options = await (await passkeyUser.post("/passkeys/options", { intent: "login" })).json();
    await post(
      passkeyUser,
      "/auth",
      { intent: "passkeyLogin", passkey: JSON.stringify(world.device.authenticate(options.options)) },
      302,
    );
    expect((await passkeyUser.get("/profile")).status).toBe(200);
  }, 1_500_000);
});
