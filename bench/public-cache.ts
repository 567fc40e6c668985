// Anonymous landing, gallery and figure pages (served from the public page cache, server/page-cache)
// against a minimal Node http server that sends the very same gzipped bytes: requests/s of each and
// their ratio, measured in one run, on the embedded database and on PostgreSQL. Needs a build.
//   node bench/public-cache.ts                         # 10 s per run, 50 connections, both databases
//   LOAD_SECONDS=20 LOAD_CONNECTIONS=50 BENCH_DATABASES=pglite node bench/public-cache.ts
// Targets (decision 011): gallery >= 0.25x the bytes-only server, zero errors, p99 < 100 ms at 50 connections.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

import { openDatabase } from "../server/db/client.ts";
import { createPgDatabase, startInstance, type Instance } from "../tests/support/instances.ts";
import { seedSmallCatalogue } from "./small-catalogue.ts";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const HEADERS = { "accept-encoding": "gzip" };
const basePort = 4660 + Math.floor(Math.random() * 10) * 3;

/** The page's bytes as the app sends them to a phone asking for gzip. */
function gzippedPage(url: string) {
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    request(url, { headers: HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        if (res.statusCode !== 200 || res.headers["content-encoding"] !== "gzip")
          reject(new Error(`${url}: ${res.statusCode} ${res.headers["content-encoding"]}`));
        resolve({ body: Buffer.concat(chunks), headers: res.headers as Record<string, string> });
      });
    })
      .on("error", reject)
      .end();
  });
}

// The reference: one Node process answering every request with the same gzipped bytes.
const BYTES_SERVER = `
const { readFileSync } = require("node:fs");
const body = readFileSync(process.argv[1]);
require("node:http").createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": body.length });
  res.end(body);
}).listen(Number(process.argv[2]), "127.0.0.1", () => console.log("ready"));`;

async function bytesServer(body: Buffer, port: number) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "boonees-bytes-")), "page.gz");
  writeFileSync(file, body);
  const child = spawn(process.execPath, ["-e", BYTES_SERVER, file, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.kill())),
  };
}

async function drive(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS });
  return {
    rps: r.requests.total / SECONDS,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/** A database with the small catalogue and an app instance on it. */
async function setUp(
  kind: string,
  port: number,
): Promise<{ app: Instance; figureId: string; drop: () => Promise<void> }> {
  if (kind === "postgres") {
    const database = await createPgDatabase("boonees_pagecache");
    const app = await startInstance({
      port,
      env: { DATABASE_URL: database.url, LOG_LEVEL: "error" },
      startTimeoutMs: 180_000,
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const figure = await seedSmallCatalogue((text) => client.query(text));
    await client.end();
    return { app, figureId: figure.id, drop: database.drop };
  }
  // the embedded database allows one process: fill it first, then start the app on it
  const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-pagecache-"));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  const figure = await seedSmallCatalogue((text) => database.pglite!.query(text));
  await database.close();
  const app = await startInstance({ port, dataDir, env: { LOG_LEVEL: "error" }, startTimeoutMs: 180_000 });
  return { app, figureId: figure.id, drop: async () => {} };
}

const rows: string[] = [
  "| database | page | app requests/s | p50 ms | p99 ms | errors | bytes-only requests/s | bytes-only p99 ms | gzipped KB | app / bytes-only |",
  "|---|---|---|---|---|---|---|---|---|---|",
];
const verdicts: string[] = [];
for (const [i, kind] of DATABASES.entries()) {
  const { app, figureId, drop } = await setUp(kind, basePort + i);
  const pages = [
    { name: "gallery /boonees", path: "/boonees" },
    { name: "figure /boonee/{id}", path: `/boonee/${figureId}` },
    { name: "landing /", path: "/" },
  ];
  for (const page of pages) {
    const { body, headers } = await gzippedPage(app.base + page.path);
    if (!headers["x-boonees-cache"]) throw new Error(`${page.path} is not served from the page cache`);
    const ours = await drive(app.base + page.path);
    const reference = await bytesServer(body, basePort + 5);
    const bytes = await drive(reference.url);
    await reference.stop();
    const ratio = ours.rps / bytes.rps;
    rows.push(
      `| ${kind} | ${page.name} | ${ours.rps.toFixed(0)} | ${ours.p50} | ${ours.p99} | ${ours.errors} | ${bytes.rps.toFixed(0)} | ${bytes.p99} | ${(body.length / 1024).toFixed(1)} | ${ratio.toFixed(2)}× |`,
    );
    if (page.path === "/boonees") {
      const ok = ratio >= 0.25 && ours.errors === 0 && ours.p99 < 100;
      verdicts.push(
        `${kind}: gallery ${ratio.toFixed(2)}× the bytes-only server, ${ours.errors} errors, p99 ${ours.p99} ms: ${ok ? "meets" : "MISSES"} the target (≥ 0.25×, 0 errors, p99 < 100 ms)`,
      );
    }
  }
  await app.stop();
  await drop();
}
console.log(
  `\n${SECONDS} s per run, ${CONNECTIONS} connections, Accept-Encoding: gzip; app, database, bytes-only server and autocannon share this machine\n`,
);
console.log(rows.join("\n"));
console.log(`\n${verdicts.join("\n")}`);
