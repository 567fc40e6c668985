import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, ROOT, signUpCookie, startInstance, type Instance } from "../support/instances.ts";

// PostgreSQL restarted under a running app: requests during the restart get a clear 503 page, and
// the app recovers by itself. The test makes its own throwaway cluster (pg_createcluster, trust auth,
// port 5499), so restarting it disturbs nothing else. Needs Debian's postgresql-common and root.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled =
  !process.env.TEST_DATABASE_URL &&
  existsSync("/etc/postgresql") &&
  process.getuid?.() === 0 &&
  (hasBuild || !!process.env.CI);
const version = enabled ? readdirSync("/etc/postgresql")[0] : "";
const CLUSTER = "boonees_restart";
const PORT = 5499;
const ctl = (...args: string[]) =>
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, CLUSTER, ...args], { stdio: "pipe" });
let app: Instance;

beforeAll(async () => {
  if (!enabled) return;
  if (existsSync(`/etc/postgresql/${version}/${CLUSTER}`))
    execFileSync("pg_dropcluster", ["--stop", version, CLUSTER], { stdio: "pipe" });
  execFileSync("pg_createcluster", [version, CLUSTER, "-p", String(PORT), "--", "--auth=trust"], { stdio: "pipe" });
  ctl("start");
  app = await startInstance({
    port: await freePort(),
    env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${PORT}/postgres` },
  });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  if (enabled) execFileSync("pg_dropcluster", ["--stop", version, CLUSTER], { stdio: "pipe" });
});

describe.skipIf(!enabled)("PostgreSQL restart under the app", () => {
  it("answers 503 while the database is down and recovers by itself", async () => {
    const cookie = await signUpCookie(app.base, "Restart Tester", `restart-${Date.now()}@example.test`);
    expect((await fetch(`${app.base}/profile`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);

    ctl("stop", "-m", "fast");
    try {
      const during = await fetch(`${app.base}/profile`, { headers: { cookie }, redirect: "manual" });
      expect(during.status).toBe(503);
      expect(await during.text()).toContain("Kurz nicht erreichbar");
      expect((await fetch(`${app.base}/healthz`)).status).toBe(503);
    } finally {
      ctl("start");
    }

    // recovers without a restart of the app
    const end = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < end) {
      status = (
        await fetch(`${app.base}/profile`, { headers: { cookie }, redirect: "manual" }).catch(() => ({ status: 0 }))
      ).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  }, 90_000);
});
