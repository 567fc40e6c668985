// How many wrong claim codes an attacker gets checked per minute (decision 039),
// through the claim lookup every entry uses (server/domain/codes/lookup-claim-code.ts), in-process:
//
//   1. one address, solving every proof of work in Node (altcha-lib's solver, one core)
//   2. 64 addresses of one IPv6 /48 (one /64 each), signed out, without solving
//   3. 10 accounts behind one address: made today, then aged two days (the site's budget decides)
//
//   node bench/guessing.ts                                    (embedded database in memory)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/boonees_bench_guess SECONDS=20 node bench/guessing.ts
//
// Prints guesses checked per minute for each attacker and the expected guessed claims per year with
// 1,000 unclaimed codes of 6, 8 and 10 characters (decision 039 has the numbers of a run and the math).
import "../server/production-env.ts";

import { solveChallenge } from "altcha-lib";
import { inArray, sql } from "drizzle-orm";
import pg from "pg";

import { openDatabase } from "../server/db/client.ts";
import { profiles } from "../server/db/schema.ts";
import {
  CHALLENGE_MAX_NUMBER,
  challengeMaxNumber,
  createClaimChallenge,
} from "../server/domain/codes/claim-challenge.ts";
import { GLOBAL_RULE } from "../server/domain/codes/guess-budget.ts";
import { lookupClaimCode, type CodeAsker } from "../server/domain/codes/lookup-claim-code.ts";
import { ATTEMPT_RULE } from "../server/domain/throttle.ts";
import { createMetrics } from "../server/metrics/metrics.ts";
import { GENERATED_ALPHABET } from "../shared/claim-code-rule.ts";

const SECONDS = Number(process.env.SECONDS ?? 20);
const url = process.env.BENCH_DATABASE_URL;
const UNCLAIMED = 1_000;
const CORES = 64;
const WINDOW_SECONDS = ATTEMPT_RULE.windowSeconds;

if (url) {
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
}
const database = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: "memory://" });
const services = {
  db: database.db,
  sessionSecret: "bench-secret-bench-secret-bench-secret",
  metrics: createMetrics(database),
};
let n = 0;
const wrong = () => `BENCH${String(n++).padStart(5, "0")}`;
const resetBudgets = () => database.db.execute(sql`delete from rate_limits`);

/** Guesses for SECONDS; `asker(i)` says who sends the i-th guess. Returns checked per minute and the proof-of-work time spent. */
async function attack(asker: (i: number) => CodeAsker, solve: boolean) {
  await resetBudgets();
  let checked = 0;
  let refused = 0;
  let solveMs = 0;
  let solution: string | null = null;
  const end = Date.now() + SECONDS * 1000;
  for (let i = 0; Date.now() < end; i++) {
    const who = asker(i);
    const r = await lookupClaimCode(services, wrong(), { ...who, solution });
    solution = null;
    if (r.status === "invalid" && r.httpStatus === 404) checked++;
    else if (r.status === "invalid" && r.challenge && solve) {
      const t = performance.now();
      const c = r.challenge;
      const found = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
      solveMs += performance.now() - t;
      solution = Buffer.from(JSON.stringify({ ...c, number: found!.number })).toString("base64");
    } else refused++;
  }
  // refused attempts mean a window's budget ran out: what it lets through comes once per window (10 minutes)
  const perMinute = refused > 0 ? checked / (WINDOW_SECONDS / 60) : (checked * 60) / SECONDS;
  return { checked, perMinute, refused, solveSeconds: solveMs / 1000 };
}

async function accounts(count: number, agedDays: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `bench-guess-${agedDays}-${i}-${Date.now()}`;
    await database.db.insert(profiles).values({ id, email: `${id}@example.test`, name: "Bench" });
    ids.push(id);
  }
  if (agedDays > 0)
    await database.db
      .update(profiles)
      .set({ createdAt: sql`now() - make_interval(days => ${agedDays})` })
      .where(inArray(profiles.id, ids));
  return ids;
}

const results: Record<string, { checked: number; perMinute: number; refused: number; solveSeconds: number }> = {};
results["one address, solving every challenge (1 core)"] = await attack(() => ({ ip: "198.18.0.1" }), true);
results["64 addresses of one /48, no solver"] = await attack(
  (i) => ({ ip: `2001:db8:48:${(i % 64).toString(16)}::1` }),
  false,
);
const young = await accounts(10, 0);
results["10 accounts made today, one address, no solver"] = await attack(
  (i) => ({ ip: "198.18.1.1", userId: young[i % 10] }),
  false,
);
const aged = await accounts(10, 2);
results["10 accounts two days old, one address, no solver"] = await attack(
  (i) => ({ ip: "198.18.2.1", userId: aged[i % 10] }),
  false,
);

console.log(
  `guesses checked in ${SECONDS} s each (${url ? "PostgreSQL" : "PGlite"}); a budget that refuses gives its checks once per ${WINDOW_SECONDS / 60}-minute window:`,
);
for (const [name, r] of Object.entries(results))
  console.log(
    `  ${name.padEnd(52)} ${String(r.checked).padStart(5)} checked, ${r.refused} refused, proof of work ${r.solveSeconds.toFixed(1)} s: ${r.perMinute.toFixed(1)} /min sustained`,
  );

// After 30 wrong codes behind a lock every challenge has the capped work. Our JavaScript solver is timed on
// the base work and scaled (the work is linear in the numbers to try).
const capped = await createClaimChallenge(services.sessionSecret, challengeMaxNumber(Number.MAX_SAFE_INTEGER));
const BASE_RUNS = Number(process.env.BASE_RUNS ?? 10);
const started = performance.now();
for (let i = 0; i < BASE_RUNS; i++) {
  const c = await createClaimChallenge(services.sessionSecret, CHALLENGE_MAX_NUMBER);
  await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
}
const baseSeconds = (performance.now() - started) / 1000 / BASE_RUNS;
const cappedSeconds = baseSeconds * (capped.maxnumber / CHALLENGE_MAX_NUMBER);
console.log(
  `  base challenge (${CHALLENGE_MAX_NUMBER} numbers): ${baseSeconds.toFixed(2)} s on one core with our solver; at the cap (${capped.maxnumber}): ~${cappedSeconds.toFixed(1)} s, ${(60 / cappedSeconds).toFixed(1)} /min per core`,
);

// Our solver is JavaScript; an attacker's native one does ~2e7 SHA-256 a second per core (decision 039
// takes the faster of the two).
const NATIVE_HASHES_PER_SECOND = Number(process.env.NATIVE_HASHES_PER_SECOND ?? 2e7);
const nativeSeconds = capped.maxnumber / 2 / NATIVE_HASHES_PER_SECOND;
const solverPerMinute = (60 / Math.min(cappedSeconds, nativeSeconds)) * CORES;
const freePerMinute =
  results["64 addresses of one /48, no solver"].perMinute * 2 + // the /48 and the /24
  GLOBAL_RULE.limit; // aged accounts, one guess each, while the site's budget lasts
const perYear = (solverPerMinute + freePerMinute) * 60 * 24 * 365;
console.log(
  `\nattacker with ${CORES} cores, a /48, a /24 and aged accounts: ${(perYear / 525_600).toFixed(0)} guesses/min, ${perYear.toExponential(2)} a year`,
);
for (const length of [6, 8, 10]) {
  const space = GENERATED_ALPHABET.length ** length;
  console.log(
    `  ${UNCLAIMED} unclaimed codes of ${length} characters: ${((perYear * UNCLAIMED) / space).toExponential(2)} guessed claims a year`,
  );
}
await database.close();
