import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { tokenHash } from "../../server/domain/accounts/personal-tokens.ts";
import { createPgDatabase, freePort, ROOT, startInstance, type Instance } from "../support/instances.ts";

// Decision 050 (follow-up): the read API's budgets hold across instances. Two app instances on one
// PostgreSQL database, as behind a load balancer: one address gets API_RATE_LIMIT requests a minute in
// all, not per instance, and a personal token gets API_TOKEN_RATE_LIMIT on /api/v1/me/* in all, whichever
// instance each request reaches. The budgets live in rate_limits (decision 007's table).
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);
const PER_ADDRESS = 40;
const PER_TOKEN = 10;

let database: Awaited<ReturnType<typeof createPgDatabase>>;
let a: Instance;
let b: Instance;
const tokens = ["bnt_instances-test-token-one", "bnt_instances-test-token-two"];
let seq = 0;
const freshIp = () => `198.51.100.${1 + (seq++ % 250)}`;

beforeAll(async () => {
  if (!enabled) return;
  database = await createPgDatabase("boonees_apibudget");
  const env = {
    DATABASE_URL: database.url,
    CLIENT_IP_HEADER: "x-real-ip",
    API_RATE_LIMIT: String(PER_ADDRESS),
    API_TOKEN_RATE_LIMIT: String(PER_TOKEN),
  };
  [a, b] = await Promise.all([
    startInstance({ port: await freePort(), env }),
    startInstance({ port: await freePort(), env }),
  ]);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`insert into profiles (id, name, email) values ('tok', 'Toki', 'tok@example.test')`);
  for (const [i, token] of tokens.entries())
    await client.query(`insert into personal_tokens (user_id, name, token_hash) values ('tok', $1, $2)`, [
      `Skript ${i}`,
      tokenHash(token),
    ]);
  await client.end();
}, 200_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

const get = (instance: Instance, pathname: string, headers: Record<string, string>) =>
  fetch(instance.base + pathname, { headers });

describe.skipIf(!enabled)("the read API's budgets across two instances on one PostgreSQL database", () => {
  it("one address gets API_RATE_LIMIT requests a minute in all, alternating between the instances; then 429 from both", async () => {
    const ip = "203.0.113.9";
    let allowed = 0;
    const remaining: number[] = [];
    const refused: Response[] = [];
    for (let i = 0; refused.length < 4; i++) {
      const res = await get(i % 2 ? b : a, "/api/v1/stats", { "x-real-ip": ip });
      expect(res.headers.get("ratelimit-limit")).toBe(String(PER_ADDRESS));
      if (res.status === 200) {
        allowed++;
        remaining.push(Number(res.headers.get("ratelimit-remaining")));
        await res.body?.cancel();
      } else refused.push(res);
      expect(i, "requests sent").toBeLessThan(PER_ADDRESS * 3);
    }
    expect(allowed).toBe(PER_ADDRESS);
    // what the headers say only ever goes down, to 0 at the last allowed request
    expect(remaining.at(-1)).toBe(0);
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("ratelimit-remaining")).toBe("0");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      await res.body?.cancel();
    }
    // another address is not affected, on either instance
    for (const instance of [a, b])
      expect((await get(instance, "/api/v1/stats", { "x-real-ip": "203.0.113.10" })).status).toBe(200);
  });

  it("many requests of one address at once, to both instances, are allowed no more than API_RATE_LIMIT times", async () => {
    const ip = "203.0.113.11";
    const answers = await Promise.all(
      Array.from({ length: PER_ADDRESS * 3 }, (_, i) =>
        get(i % 2 ? b : a, "/api/v1/leaderboards", { "x-real-ip": ip }).then(async (res) => {
          await res.body?.cancel();
          return res.status;
        }),
      ),
    );
    expect(answers.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const allowed = answers.filter((s) => s === 200).length;
    expect(allowed).toBeLessThanOrEqual(PER_ADDRESS);
    // each instance may end the burst holding a lease it did not use up (at most API_RATE_LIMIT / 20 each)
    expect(allowed).toBeGreaterThanOrEqual(PER_ADDRESS - 2 * Math.max(1, Math.floor(PER_ADDRESS / 20)));
  });

  it("a personal token has its own budget on /api/v1/me/*, whatever the address and instance; another token has its own", async () => {
    const [token, other] = tokens;
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 0; !refused; i++) {
      // a fresh address each time: only the token's budget can refuse
      const res = await get(i % 2 ? b : a, "/api/v1/me/finds", {
        "x-real-ip": freshIp(),
        authorization: `Bearer ${token}`,
      });
      expect(res.headers.get("ratelimit-limit")).toBe(String(PER_TOKEN));
      expect(res.headers.get("ratelimit-policy")).toBe(`${PER_TOKEN};w=60`);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
      else await res.body?.cancel();
      expect(i, "requests sent").toBeLessThan(PER_TOKEN * 3);
    }
    expect(statuses).toEqual([...Array.from({ length: PER_TOKEN }, () => 200), 429]);
    expect(refused!.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused!.json()).toMatchObject({ status: 429, detail: expect.stringMatching(/per token/) });
    const second = await get(a, "/api/v1/me/finds", { "x-real-ip": freshIp(), authorization: `Bearer ${other}` });
    expect(second.status).toBe(200);
    expect(second.headers.get("ratelimit-remaining")).toBe(String(PER_TOKEN - 1));
    // the public API from those addresses is untouched by the token's budget
    expect((await get(b, "/api/v1/stats", { "x-real-ip": "198.51.100.1" })).status).toBe(200);
  });
});
