import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface Instance {
  port: number;
  base: string;
  child: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** A fresh empty database on the PostgreSQL server; returns its URL and a drop function. */
export async function createPgDatabase(prefix = "boonees_inst") {
  const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_SERVER });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A port nobody listens on (the system's choice), for a server a test starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the built server (BUILD_DIR or build/ of `cwd`) as a child process and waits for /healthz. */
export async function startInstance(opts: {
  port: number;
  env?: Record<string, string>;
  dataDir?: string;
  publicUrl?: string;
  startTimeoutMs?: number;
  /** The checkout whose server/main.ts and build run (another release's worktree in the mixed-version test). */
  cwd?: string;
  /** What runs: server/main.ts (the built server), or server/start.ts (what `npm start` runs). */
  script?: "server/main.ts" | "server/start.ts";
}): Promise<Instance> {
  const base = `http://127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, [opts.script ?? "server/main.ts"], {
    cwd: opts.cwd ?? ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir ?? mkdtempSync(path.join(tmpdir(), "boonees-inst-")),
      PUBLIC_URL: opts.publicUrl ?? base,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const instance: Instance = {
    port: opts.port,
    base,
    child,
    output: () => out,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const end = Date.now() + (opts.startTimeoutMs ?? 300_000); // importing the build takes 30 s on a busy shared machine
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`instance on ${opts.port} exited: ${out}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return instance;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  await instance.stop("SIGKILL");
  throw new Error(`instance on ${opts.port} did not become healthy: ${out}`);
}

/** Posts a form like a browser on `base` would (Origin set), without following redirects. */
export function postForm(
  base: string,
  pathname: string,
  form: Record<string, string>,
  cookie?: string,
  extraHeaders: Record<string, string> = {},
) {
  return fetch(base + pathname, {
    method: "POST",
    headers: {
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
      ...extraHeaders,
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

/** Signs up through /auth and returns the session cookie ("name=value"). */
export async function signUpCookie(
  base: string,
  name: string,
  email: string,
  password = "secret123",
  headers: Record<string, string> = {},
) {
  const res = await postForm(base, "/auth", { intent: "signup", name, email, password }, undefined, headers);
  if (res.status !== 302) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token"));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0];
}
