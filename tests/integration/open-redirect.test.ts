import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, postForm, ROOT, signUpCookie, startInstance, type Instance } from "../support/instances.ts";

// Every route that takes a redirect target, asked with hostile targets, signed in and while signing
// in, as HTML and as React Router's `.data`: the answer is always a path of this site.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);

const HOSTILE = [
  "//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E//evil.example",
  "/profile/../..//evil.example",
  "/profile/%2e%2e/%2e%2e//evil.example",
  "/./..//evil.example/x?y=1",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/%5C/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r//evil.example",
  "/ //evil.example",
  "https://evil.example/profile",
  "http:evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "/javascript:alert(1)//evil.example",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "///evil.example",
  "/%09/evil.example",
  "/..%2f..%2f/evil.example",
  "/\u3002/evil.example",
  "/\u0000//evil.example",
];

let app: Instance;
let cookie = "";
const EMAIL = "redirect-victim@example.test";
const PASSWORD = "secret123";

beforeAll(async () => {
  if (!enabled) return;
  app = await startInstance({ port: await freePort() });
  cookie = await signUpCookie(app.base, "Victim", EMAIL, PASSWORD);
}, 120_000);
afterAll(async () => app?.stop());

/** Where an answer sends the browser: the Location header, or the redirect inside a `.data` answer. */
async function targetOf(res: Response): Promise<string | null> {
  const location = res.headers.get("location");
  if (location !== null) return location;
  const body = await res.text();
  const match = /"redirect","((?:[^"\\]|\\.)*)"/.exec(body);
  return match ? JSON.parse(`"${match[1]}"`) : null;
}

/** A target is safe when a browser resolving it against this site stays on this site. */
function expectLocal(target: string | null, value: string) {
  expect(target, `no redirect for ${JSON.stringify(value)}`).not.toBeNull();
  const where = target!;
  expect(
    where.startsWith("/") && !where.startsWith("//") && !where.startsWith("/\\"),
    `${JSON.stringify(value)} -> ${where}`,
  ).toBe(true);
  // oxlint-disable-next-line no-control-regex -- a browser strips these before resolving
  expect(/[\u0000-\u001f\\]/.test(where), `${JSON.stringify(value)} -> ${JSON.stringify(where)}`).toBe(false);
  expect(new URL(where, app.base).origin).toBe(new URL(app.base).origin);
}

const query = (value: string) => `redirect=${encodeURIComponent(value)}`;

describe.skipIf(!enabled)("open redirects", () => {
  it("keeps a local ?redirect= as it is (the safe case still works)", async () => {
    const res = await fetch(`${app.base}/auth?${query("/notifications?x=1")}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(await targetOf(res)).toBe("/notifications?x=1");
    const dotted = await fetch(`${app.base}/auth?${query("/profile/../exclusive")}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(await targetOf(dotted)).toBe("/exclusive");
  });

  it.each(HOSTILE)("GET /auth?redirect=%j while signed in, HTML and .data", async (value) => {
    for (const route of ["/auth", "/auth.data"]) {
      const res = await fetch(`${app.base}${route}?${query(value)}`, { headers: { cookie }, redirect: "manual" });
      expectLocal(await targetOf(res), value);
    }
  });

  it.each(HOSTILE)("signing in with ?redirect=%j, HTML and .data", async (value) => {
    for (const route of ["/auth", "/auth.data"]) {
      const res = await postForm(app.base, `${route}?${query(value)}`, {
        intent: "login",
        email: EMAIL,
        password: PASSWORD,
      });
      expectLocal(await targetOf(res), value);
    }
  });

  it.each(HOSTILE)("a stored claim redirect cookie %j", async (value) => {
    const res = await fetch(`${app.base}/auth`, {
      headers: { cookie: `${cookie}; claim_redirect=${encodeURIComponent(value)}` },
      redirect: "manual",
    });
    expectLocal(await targetOf(res), value);
  });

  it.each(HOSTILE)("the language toggle's way back %j, HTML and .data", async (value) => {
    for (const route of ["/language", "/language.data"]) {
      const res = await postForm(app.base, route, { lang: "en", redirectTo: value });
      expectLocal(await targetOf(res), value);
    }
  });
});
