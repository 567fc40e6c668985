import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { freePort } from "../support/instances.ts";

// The real server process on the embedded database: killed with SIGKILL and started again on the
// same DATA_DIR, with a second process on that directory refused. Needs a build (npm run build).
const root = path.resolve(import.meta.dirname, "../..");
const buildDir = process.env.BUILD_DIR ?? "build";
const hasBuild = existsSync(path.join(root, buildDir, "server/index.js"));
const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-proc-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const children: ChildProcess[] = [];

function start(extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  children.push(child);
  return { child, output: () => output };
}

/** Waits for the server's own answer; a process that exits fails at once with what it printed. Importing the
 * build takes 30 s and more on a busy 2-core machine (CI saw 30 s run out with a build beside it), so the
 * bound is generous and only there so a hung process cannot hold the suite. */
async function waitHealthy(server: ReturnType<typeof start>, timeoutMs = 240_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}): ${server.output()}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs / 1000} s: ${server.output()}`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code)),
  );

async function signUp(email: string) {
  const res = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signup", name: "Kiel Finder", email, password: "secret123" }),
    redirect: "manual",
  });
  return res.status;
}

async function signIn(email: string) {
  const res = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password: "secret123" }),
    redirect: "manual",
  });
  return res.status;
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

describe.skipIf((!hasBuild && !process.env.CI) || !!process.env.TEST_DATABASE_URL)(
  "server process on the embedded database",
  () => {
    it("survives SIGKILL with committed data and refuses a second process on the same DATA_DIR", async () => {
      const first = start();
      await waitHealthy(first);
      expect(await signUp("before-kill@example.test")).toBe(302);

      // a second server on the same directory fails fast with a clear message
      const second = start({ PORT: String(port + 1) });
      const code = await exited(second.child);
      expect(code).not.toBe(0);
      expect(second.output()).toMatch(/in use by another Boonees process/);

      first.child.kill("SIGKILL");
      await exited(first.child);

      const again = start();
      await waitHealthy(again);
      expect(await signIn("before-kill@example.test")).toBe(302); // the account committed before the kill is there
      expect(await signUp("after-restart@example.test")).toBe(302);

      again.child.kill("SIGTERM"); // graceful: checkpoint, close, release the lock
      expect(await exited(again.child)).toBe(0);
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);

      const last = start();
      await waitHealthy(last);
      expect(await signIn("after-restart@example.test")).toBe(302);

      // backup while the server runs (through the server), restore after it stopped
      const backupFile = path.join(path.dirname(dataDir), `backup-${path.basename(dataDir)}`); // a backup folder
      const cli = (...args: string[]) =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const p = spawn(process.execPath, ["server/cli.ts", ...args], {
            cwd: root,
            env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "" },
          });
          let out = "";
          p.stdout.on("data", (d) => (out += d));
          p.stderr.on("data", (d) => (out += d));
          p.on("exit", (code) => resolve({ code, out }));
        });
      const backup = await cli("backup", backupFile);
      expect(backup.out).toMatch(/through the running server/);
      expect(await signUp("after-backup@example.test")).toBe(302);
      expect((await cli("restore", backupFile)).out).toMatch(/in use by another Boonees process/);
      last.child.kill("SIGTERM");
      await exited(last.child);
      const restore = await cli("restore", backupFile);
      expect(restore.code, restore.out).toBe(0);

      const restored = start();
      await waitHealthy(restored);
      expect(await signIn("after-restart@example.test")).toBe(302);
      expect(await signIn("after-backup@example.test")).toBe(401); // made after the backup: gone
      restored.child.kill("SIGTERM");
      await exited(restored.child);
    }, 1_200_000); // five starts of the server, each bounded by waitHealthy
  },
);
