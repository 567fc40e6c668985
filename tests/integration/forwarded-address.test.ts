import { existsSync } from "node:fs";
import path from "node:path";
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

// Behind a proxy that appends to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for, most load
// balancers), the left-most entries are whatever the client sent. An attacker who writes a new
// left-most address on every guess must still be counted as one address by every throttle.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = hasBuild || !!process.env.CI;
const onPostgres = !!process.env.TEST_DATABASE_URL;

let app: Instance;
let dropDatabase: (() => Promise<void>) | undefined;
const EMAIL = "xff-victim@example.test";

beforeAll(async () => {
  if (!enabled) return;
  const env: Record<string, string> = { CLIENT_IP_HEADER: "x-forwarded-for", TRUSTED_PROXIES: "127.0.0.0/8,::1" };
  if (onPostgres) {
    const database = await createPgDatabase("boonees_xff");
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  app = await startInstance({ port: await freePort(), env });
  await signUpCookie(app.base, "Victim", EMAIL, "secret123", { "x-forwarded-for": "198.51.100.99" });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await dropDatabase?.();
});

/** What the proxy sends on: the client's own header with the address it saw appended. */
const forwarded = (spoofed: string, client: string) => ({ "x-forwarded-for": `${spoofed}, ${client}` });

const wrongPassword = (headers: Record<string, string>) =>
  postForm(app.base, "/auth", { intent: "login", email: EMAIL, password: "not-the-password" }, undefined, headers);

describe.skipIf(!enabled)(`X-Forwarded-For walked from the right (${onPostgres ? "postgres" : "pglite"})`, () => {
  it("a new spoofed left-most address on every guess does not reset the sign-in throttle", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await wrongPassword(forwarded(`6.6.${i}.${i}`, "198.51.100.50"))).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("a spoofed entry naming a trusted proxy or the victim's address changes nothing either", async () => {
    for (const spoof of ["127.0.0.1", "::1", "198.51.100.51, 127.0.0.1"]) {
      expect((await wrongPassword(forwarded(spoof, "198.51.100.50"))).status).toBe(429);
    }
  });

  it("another client behind the same proxy is not locked out by it", async () => {
    expect((await wrongPassword(forwarded("198.51.100.50", "198.51.100.52"))).status).toBe(401);
    const ok = await postForm(
      app.base,
      "/auth",
      { intent: "login", email: EMAIL, password: "secret123" },
      undefined,
      forwarded("198.51.100.50", "198.51.100.53"),
    );
    expect(ok.status).toBe(302);
  });

  it("the backup door opens for nobody without the control token, whatever the forwarded address says", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { "x-boonees-control": "forged.token" },
      { "x-forwarded-for": "127.0.0.1", "x-boonees-control": "" },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${app.base}/internal/backup`, { method: "POST", headers });
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).not.toContain("gzip");
    }
  });
});
