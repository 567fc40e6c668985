import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";

import { freePort, postForm, ROOT, signUpCookie, startInstance, type Instance } from "../support/instances.ts";

// 20 clients claim figures and write finder stories on the embedded database while the server is
// killed with SIGKILL three times and restarted. Every request that got a success answer must be in
// the database afterwards, no figure may have two owners, and the server must start every time.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);
const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-fault-"));
const port = await freePort();
const ADMIN = { email: "fault-admin@example.test", password: "admin-pass-123" };
let app: Instance | undefined;

const start = () =>
  startInstance({
    port,
    dataDir,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, CLIENT_IP_HEADER: "x-real-ip" },
  });

afterAll(async () => {
  await app?.stop("SIGKILL");
});

describe.skipIf(!enabled)("SIGKILL under load on the embedded database", () => {
  it("keeps every acknowledged claim and story, one owner per figure, and restarts every time", async () => {
    app = await start();
    const base = app.base;
    const admin = await (async () => {
      const res = await postForm(base, "/auth", { intent: "login", email: ADMIN.email, password: ADMIN.password });
      return res.headers
        .getSetCookie()
        .find((c) => c.includes("session_token"))!
        .split(";")[0];
    })();
    // 60 figures, created through the admin form
    const codes: string[] = [];
    const type = await postForm(
      base,
      "/admin/create-boonee",
      {
        intent: "create",
        name: "Fault Type",
        rarity: "Common",
        status: "Placed",
        secretCode: "FAULTTYPE1",
        typeId: "",
      },
      admin,
    );
    expect(type.status).toBeLessThan(400);
    codes.push("FAULTTYPE1");
    for (let i = 1; i < 60; i++) {
      const code = `FAULT${String(i).padStart(4, "0")}X`;
      const res = await postForm(
        base,
        "/admin/create-boonee",
        { intent: "create", name: `Fault ${i}`, rarity: "Common", status: "Placed", secretCode: code, typeId: "" },
        admin,
      );
      expect(res.status, await res.text()).toBeLessThan(400);
      codes.push(code);
    }
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signUpCookie(base, `Fault ${i}`, `fault-${i}-${Date.now()}@example.test`, "secret123", {
          "x-real-ip": `10.7.${i}.1`,
        }),
      ),
    );

    const acknowledgedClaims: string[] = [];
    const acknowledgedStories: string[] = [];
    const storyFailures: number[] = [];
    let running = true;
    const work = clients.map(async (cookie, c) => {
      const owned: string[] = [];
      for (let round = 0; running; round++) {
        const ip = { "x-real-ip": `10.7.${c}.1` };
        try {
          const code = codes[(c + round * 20) % codes.length];
          const res = await postForm(app!.base, `/claim/${code}`, { intent: "claim" }, cookie, ip);
          // a won claim redirects to its success page (a figure already one's own: to its claim page, "yours")
          const won =
            res.status === 303
              ? /^\/claimed\/([0-9a-f-]{36})$/.exec(res.headers.get("location") ?? "")?.[1]
              : undefined;
          if (won) {
            acknowledgedClaims.push(code);
            owned.push(won);
          }
          if (owned.length) {
            // the owner writes a story about one of their figures
            const title = `Story ${c}-${round}`;
            const story = await postForm(
              app!.base,
              `/boonee/${owned[round % owned.length]}`,
              { title, story: "Unter der Brücke am Hafen gefunden, ganz nass.", location: "Kiel" },
              cookie,
              ip,
            );
            if (story.status === 200) acknowledgedStories.push(title);
            else storyFailures.push(story.status);
          }
        } catch {
          await new Promise((r) => setTimeout(r, 100)); // server down: try again
        }
      }
    });

    for (let kill = 0; kill < 3; kill++) {
      await new Promise((r) => setTimeout(r, 1_500));
      await app.stop("SIGKILL");
      app = await start(); // must come up on the same DATA_DIR every time
    }
    await new Promise((r) => setTimeout(r, 1_000));
    running = false;
    await Promise.all(work);
    await app.stop("SIGTERM");
    app = undefined;

    // read the database directly, with the server stopped
    const pglite = await PGlite.create(path.join(dataDir, "db"));
    const owners = await pglite.query<{ secret_code: string; owner_id: string | null; claims: number }>(
      `select t.secret_code, b.owner_id, (select count(*)::int from claims c where c.boonee_id = b.id) as claims
       from tags t join boonees b on b.id = t.boonee_id`,
    );
    const byCode = new Map(owners.rows.map((r) => [r.secret_code, r]));
    for (const code of acknowledgedClaims) expect(byCode.get(code)?.owner_id, code).toBeTruthy();
    for (const row of owners.rows) expect(row.claims).toBeLessThanOrEqual(1);
    expect(new Set(acknowledgedClaims).size).toBe(acknowledgedClaims.length); // nobody was told they won a figure twice
    const stories = await pglite.query<{ title: string }>("select title from boonee_stories");
    const stored = new Set(stories.rows.map((r) => r.title));
    for (const title of acknowledgedStories) expect(stored.has(title), title).toBe(true);
    await pglite.close();
    console.log(
      `acknowledged: ${acknowledgedClaims.length} claims, ${acknowledgedStories.length} stories; story failures: ${storyFailures.join(",")}`,
    );
    expect(acknowledgedClaims.length).toBeGreaterThan(0);
    expect(acknowledgedStories.length).toBeGreaterThan(0);
  }, 600_000); // three restarts of the build: minutes on a busy machine; it passes as soon as it is done
});
