// Load on the claim page, gallery and figure page with autocannon: one instance, then two instances
// on one PostgreSQL (connections split evenly, as a round-robin proxy would). Needs a build.
//   node bench/load.ts                      # 30 s, 200 connections per page
//   LOAD_SECONDS=10 LOAD_CONNECTIONS=100 node bench/load.ts
import autocannon from "autocannon";
import pg from "pg";

import { createPgDatabase, startInstance, type Instance } from "../tests/support/instances.ts";
import { seedSmallCatalogue } from "./small-catalogue.ts";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);

const database = await createPgDatabase("boonees_load");
const basePort = 4100 + Math.floor(Math.random() * 50);
const env = { DATABASE_URL: database.url, LOG_LEVEL: "error" };
const one = await startInstance({ port: basePort, env });

const client = new pg.Client({ connectionString: database.url });
await client.connect();
const figure = await seedSmallCatalogue((text) => client.query(text));
await client.end();

const pages = [
  { name: "claim page /c/{code}", path: `/c/${figure.secret_code}` },
  { name: "gallery /boonees", path: "/boonees" },
  { name: "figure /boonee/{id}", path: `/boonee/${figure.id}` },
];

async function run(instances: Instance[], path: string) {
  const per = Math.floor(CONNECTIONS / instances.length);
  // Each autocannon client comes from 127.0.0.1; the claim page is throttled only on wrong codes, so a right one is fine.
  // Phones ask for compressed pages; without it the load generator, on the same two cores, spends its
  // time parsing 100 KB pages and its own lag shows up as server timeouts.
  const headers = { "accept-encoding": "gzip, deflate, br", "accept-language": "de-DE,de;q=0.9" };
  const results = await Promise.all(
    instances.map((i) => autocannon({ url: i.base + path, connections: per, duration: SECONDS, headers })),
  );
  const requests = results.reduce((n, r) => n + r.requests.total, 0);
  const errors = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
  return {
    rps: requests / SECONDS,
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors,
  };
}

const table: string[] = [`| page | instances | requests/s | p50 ms | p99 ms | errors |`, `|---|---|---|---|---|---|`];
const single: Record<string, number> = {};
for (const page of pages) {
  const r = await run([one], page.path);
  single[page.name] = r.rps;
  table.push(`| ${page.name} | 1 | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
}
const two = await startInstance({ port: basePort + 1, env });
for (const page of pages) {
  const r = await run([one, two], page.path);
  table.push(
    `| ${page.name} | 2 | ${r.rps.toFixed(0)} (×${(r.rps / single[page.name]).toFixed(2)}) | ${r.p50} | ${r.p99} | ${r.errors} |`,
  );
}
console.log(
  `\n${SECONDS} s per run, ${CONNECTIONS} connections, PostgreSQL, this machine (2 cores shared by app, database and load generator)\n`,
);
console.log(table.join("\n"));
await Promise.all([one.stop(), two.stop()]);
await database.drop();
