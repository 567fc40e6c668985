import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { freePort } from "../support/instances.ts";

// `npm run dev` as a developer starts it: the embedded database in a temporary DATA_DIR, the app
// through Vite. An edited translation must show on the next page without a restart. The test edits
// one German value in app/locales/de/footer.json in place (the footer is on every page) and puts the
// file's original bytes back in `finally`, whatever happens.
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-dev-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const localeFile = path.join(root, "app/locales/de/footer.json");
let child: ChildProcess | undefined;
let output = "";

async function page(pathname: string) {
  const res = await fetch(base + pathname);
  return { status: res.status, html: await res.text() };
}

/** Waits for what the dev server shows; it failing to run ends the wait at once. The bounds are generous (a
 * busy 2-core machine took over 30 s to start Vite): they only keep a hung process from holding the suite. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child?.exitCode !== null && child?.exitCode !== undefined)
      throw new Error(`npm run dev exited (${child.exitCode})\n${output.slice(-3000)}`);
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}\n${output.slice(-3000)}`);
}

afterAll(() => {
  // npm → sh → node: end the whole process group we started
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
  }
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)("npm run dev", () => {
  it("serves the app on the embedded database and shows an edited translation without a restart", async () => {
    child = spawn("npm", ["run", "-s", "dev"], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        SEED_DEMO: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));

    await waitFor("/healthz", async () => ((await fetch(`${base}/healthz`)).ok ? true : undefined), 120_000);
    const before = await page("/");
    expect(before.status).toBe(200);
    expect(before.html).toContain("Kleine Monster, versteckt in deiner Stadt.");
    // the page is Vite's: modules come from the dev server with its hot-reload runtime
    expect(before.html).toContain("inject-hmr-runtime");

    const original = readFileSync(localeFile, "utf8");
    const marker = `Kleine Monster, frisch bearbeitet ${Date.now()}.`;
    const pid = child.pid;
    try {
      const messages = JSON.parse(original) as Record<string, string>;
      writeFileSync(localeFile, JSON.stringify({ ...messages, tagline: marker }));
      const edited = await waitFor(
        "the edited translation",
        async () => {
          const { html } = await page("/");
          return html.includes(marker) ? html : undefined;
        },
        60_000,
      );
      expect(edited).not.toContain("Kleine Monster, versteckt in deiner Stadt.");
    } finally {
      writeFileSync(localeFile, original);
    }
    // the same process all along, and the restored text shows again
    expect(child.exitCode).toBeNull();
    expect(child.pid).toBe(pid);
    await waitFor(
      "the restored translation",
      async () => ((await page("/")).html.includes("Kleine Monster, versteckt in deiner Stadt.") ? true : undefined),
      60_000,
    );
  }, 300_000);
});
