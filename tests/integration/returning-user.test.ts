import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mayUse, OPTIONAL_CHANNELS, preferenceKindsFor } from "#shared/notification-kinds.ts";

import de from "../../app/locales/de/profile.json" with { type: "json" };
import en from "../../app/locales/en/profile.json" with { type: "json" };
import routes from "../../app/routes.ts";
import { clearedCookies, CookieClient } from "../support/cookie-client.ts";
import { createPgDatabase, freePort, ROOT, startInstance, type Instance } from "../support/instances.ts";
import { SIGNED_IN_PAGES, type Who } from "../support/signed-in-pages.ts";

// Issue 11 "Day two": collectors come back days later. Sessions are aged in the database the way
// time ages them (created and last refreshed N days ago, expiring 30 days after the refresh), then
// every signed-in page and action is tried over HTTP against the built server on PostgreSQL.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !!process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);
const ADMIN = { email: "return-admin@example.test", password: "admin-pass-123" };
const PASSWORD = "secret123";

let database: Awaited<ReturnType<typeof createPgDatabase>>;
let pool: pg.Pool;
let app: Instance;
let secureApp: Instance;
const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-return-"));
let seq = 0;

beforeAll(async () => {
  if (!enabled) return;
  database = await createPgDatabase("boonees_return");
  const [port, securePort] = [await freePort(), await freePort()];
  // The server runs in New York: dates must still show Berlin time (TIME_ZONE's default).
  const env = {
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TZ: "America/New_York",
  };
  app = await startInstance({ port, env, dataDir });
  // A second instance on the same database, as deployed behind https.
  secureApp = await startInstance({ port: securePort, env, publicUrl: "https://boonees.example" });
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
}, 120_000);

afterAll(async () => {
  await Promise.all([app?.stop(), secureApp?.stop()]);
  await pool?.end();
  await database?.drop();
});

const sql = async <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await pool.query<T>(text, values)).rows;
const unique = () => `${Date.now().toString(36)}${seq++}`;

async function signUp(name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, "")}-${unique()}@example.test`;
  const client = new CookieClient(app.base);
  const res = await client.post("/auth", { intent: "signup", name, email, password: PASSWORD });
  expect(res.status, `sign-up of ${email}`).toBe(302);
  const [{ id }] = await sql<{ id: string }>("select id from profiles where email = $1", [email]);
  return { client, email, id };
}

async function signIn(email: string, password: string, base = app.base) {
  const client = new CookieClient(base);
  const res = await client.post("/auth", { intent: "login", email, password });
  expect(res.status, `sign-in of ${email}`).toBe(302);
  return client;
}

/** Moves every session of the users back in time: created and last refreshed `days` ago, as sliding expiry leaves them. */
async function age(userIds: string[], days: number) {
  await sql(
    `update sessions set created_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $2),
       expires_at = now() - make_interval(days => $2) + interval '30 days' where user_id = any($1)`,
    [userIds, days],
  );
}

/** The session behind a client's cookie runs out: created 31 days ago, last refreshed then, expired a day ago. */
async function expire(client: CookieClient) {
  const token = decodeURIComponent(client.sessionCookie.split("=")[1] ?? "").split(".")[0];
  const rows = await sql(
    "update sessions set created_at = now() - interval '31 days', updated_at = now() - interval '31 days', expires_at = now() - interval '1 day' where token = $1 returning id",
    [token],
  );
  expect(rows).toHaveLength(1);
}

/** A figure with a claim code; owned (with a pending claim) when `ownerId` is given. */
// raw SQL on the started instance's own PostgreSQL database (no Drizzle handle here), so not the factory
async function figure(opts: { ownerId?: string; name?: string } = {}) {
  const code = `RET${unique().toUpperCase()}`.slice(0, 20);
  const [{ id }] = await sql<{ id: string }>(
    `insert into boonees (name, rarity, status, owner_id, claimed_at) values ($1, 'Common', $2, $3, $4) returning id`,
    [
      opts.name ?? `Figur ${code}`,
      opts.ownerId ? "Found" : "Placed",
      opts.ownerId ?? null,
      opts.ownerId ? new Date() : null,
    ],
  );
  await sql("insert into tags (boonee_id, secret_code, is_claimed) values ($1, $2, $3)", [id, code, !!opts.ownerId]);
  const claimId = opts.ownerId
    ? (
        await sql<{ id: string }>("insert into claims (boonee_id, user_id) values ($1, $2) returning id", [
          id,
          opts.ownerId,
        ])
      )[0].id
    : null;
  return { id, code, claimId };
}

async function story(figureId: string, userId: string) {
  const [{ id }] = await sql<{ id: string }>(
    "insert into boonee_stories (boonee_id, user_id, title, story) values ($1, $2, 'Am Hafen', 'Unter einem Poller gefunden, ganz nass.') returning id",
    [figureId, userId],
  );
  return id;
}

/** The people of one test: a collector on two devices, an owner, a moderator, an admin and someone about to leave. */
async function world() {
  const collector = await signUp("Rückkehrer");
  const secondDevice = await signIn(collector.email, PASSWORD);
  const owner = await signUp("Besitzerin");
  const moderator = await signUp("Moderatorin");
  await sql("update user_roles set role = 'moderator' where user_id = $1", [moderator.id]);
  // a moderator works for the cities of his rows (decision 058); this one for every city, as cli grant-role makes one
  await sql("insert into city_staff (user_id, city_id) select $1, id from cities", [moderator.id]);
  const leaver = await signUp("Abschied");
  const admin = await signIn(ADMIN.email, ADMIN.password);
  const [{ id: adminId }] = await sql<{ id: string }>("select id from profiles where email = $1", [ADMIN.email]);
  const owned = await figure({ ownerId: owner.id });
  const second = await figure({ ownerId: owner.id });
  const stories = [await story(owned.id, owner.id), await story(owned.id, owner.id)];
  const clients: Record<Who, CookieClient> = {
    user: collector.client,
    owner: owner.client,
    moderator: moderator.client,
    admin,
  };
  const userIds = [collector.id, owner.id, moderator.id, leaver.id, adminId];
  return {
    collector,
    secondDevice,
    owner,
    moderator,
    leaver,
    admin,
    adminId,
    owned,
    second,
    stories,
    clients,
    userIds,
  };
}
type World = Awaited<ReturnType<typeof world>>;

const pagePath = (p: string, w: { owned: { id: string } }) =>
  p
    .replace("{figure}", w.owned.id)
    .replace(/:id|:figureId/, w.owned.id)
    .replace(":cityId", "1");

describe.skipIf(!enabled)("the page table", () => {
  it("lists every collector and admin route", () => {
    type R = { path?: string; index?: boolean; file: string; children?: R[] };
    const listed = new Set(SIGNED_IN_PAGES.map((p) => p.path));
    const missing: string[] = [];
    const walk = (list: R[], prefix: string, inArea: boolean) => {
      for (const r of list) {
        const full = r.index ? prefix || "/" : r.path ? `${prefix}/${r.path}` : prefix;
        const area = inArea || r.file.includes("/collector/") || r.file.includes("/admin/");
        if (area && !r.children && !listed.has(full)) missing.push(full);
        if (r.children) walk(r.children, full, area);
      }
    };
    walk(routes as R[], "", false);
    expect(missing).toEqual([]);
  });
});

for (const days of [2, 29]) {
  describe.skipIf(!enabled)(`a session ${days} days old`, () => {
    let w: World;
    beforeAll(async () => {
      w = await world();
      await age(w.userIds, days);
    }, 60_000);

    it("opens every signed-in page, never kept by a cache", async () => {
      const failures: string[] = [];
      for (const page of SIGNED_IN_PAGES) {
        await age(w.userIds, days);
        const res = await w.clients[page.who].get(pagePath(page.path, w));
        const body = await res.text();
        if (res.status !== 200) failures.push(`${page.path} as ${page.who}: ${res.status}`);
        else if (res.headers.get("cache-control") !== "private, no-store")
          failures.push(`${page.path} as ${page.who}: cache-control ${res.headers.get("cache-control")}`);
        else if (page.path === "/profile" && !body.includes("Dieses Gerät")) failures.push("/profile: no device list");
      }
      expect(failures).toEqual([]);
    });

    it("slides the session forward and keeps its age", async () => {
      await age([w.collector.id], days);
      const res = await w.collector.client.get("/profile");
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.includes("session_token") && /max-age=2592000/i.test(c))).toBe(
        true,
      );
      const [row] = await sql<{ lifeDays: number; ageDays: number }>(
        'select extract(epoch from expires_at - now()) / 86400 as "lifeDays", extract(epoch from now() - created_at) / 86400 as "ageDays" from sessions where user_id = $1 order by updated_at desc limit 1',
        [w.collector.id],
      );
      expect(Number(row.lifeDays)).toBeGreaterThan(29.9);
      expect(Math.round(Number(row.ageDays))).toBe(days);
    });

    it("claims by link (/c/CODE and /claim/CODE) and by typed code", async () => {
      const [a, b, c] = [await figure(), await figure(), await figure()];
      await age(w.userIds, days);
      const byLink = await w.collector.client.post(`/c/${a.code}`, { intent: "claim" });
      expect(byLink.status).toBe(303);
      expect(byLink.headers.get("location")).toBe(`/claimed/${a.id}`);
      await age(w.userIds, days);
      expect((await w.collector.client.post(`/claim/${b.code}`, { intent: "claim" })).status).toBe(303);
      await age(w.userIds, days);
      const typed = await w.collector.client.post("/claim", { code: c.code });
      expect(typed.status).toBe(303);
      expect(typed.headers.get("location")).toBe(`/claim/${c.code}`);
      const owners = await sql<{ owner_id: string }>("select owner_id from boonees where id = any($1)", [[a.id, b.id]]);
      expect(owners.map((o) => o.owner_id)).toEqual([w.collector.id, w.collector.id]);
    });

    it("adds a story to an own figure", async () => {
      await age(w.userIds, days);
      const res = await w.owner.client.post(`/boonee/${w.second.id}`, {
        title: "Zweiter Fund",
        story: "Lag hinter der Bank am Anleger.",
        location: "Kiel",
        findDate: "",
      });
      expect(res.status).toBe(200);
      expect(
        await sql("select 1 from boonee_stories where boonee_id = $1 and title = 'Zweiter Fund'", [w.second.id]),
      ).toHaveLength(1);
    });

    it("marks one notification read, then all", async () => {
      await sql(
        "insert into notifications (user_id, title, message, type) select $1, 'Hallo ' || n, 'Nachricht', 'other' from generate_series(1, 3) n",
        [w.owner.id],
      );
      const [first] = await sql<{ id: string }>(
        "select id from notifications where user_id = $1 and not read order by created_at limit 1",
        [w.owner.id],
      );
      await age(w.userIds, days);
      expect([200, 302]).toContain((await w.owner.client.post("/notifications", { id: first.id })).status);
      expect(await sql("select 1 from notifications where id = $1 and read", [first.id])).toHaveLength(1);
      await age(w.userIds, days);
      expect((await w.owner.client.post("/notifications", { intent: "all" })).status).toBe(200);
      expect(await sql("select 1 from notifications where user_id = $1 and not read", [w.owner.id])).toHaveLength(0);
    });

    it("downloads the own data", async () => {
      await age(w.userIds, days);
      const res = await w.owner.client.get("/profile/data");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename="boonees-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect((await res.json()).figures).toHaveLength(2);
    });

    it("does every admin action (create, batch, edit, delete, broadcast and its edit and retraction, replace a code, verify, reject, hide and show a story, change a role, block, unblock and delete an account)", async () => {
      const admin = w.admin;
      const step = async (who: CookieClient, pathname: string, form: Record<string, string>, expected = 200) => {
        await age(w.userIds, days);
        const res = await who.post(pathname, form);
        expect(res.status, `${pathname} ${JSON.stringify(form)}`).toBe(expected);
        return res;
      };
      const code = `NEW${unique().toUpperCase()}`.slice(0, 20);
      await step(admin, "/admin/create-boonee", {
        intent: "create",
        name: `Neuling ${code}`,
        rarity: "Rare",
        status: "Placed",
        secretCode: code,
      });
      const [created] = await sql<{ id: string }>("select boonee_id as id from tags where secret_code = $1", [code]);
      expect(created).toBeDefined();
      const batch = await step(
        admin,
        "/admin/create-boonee",
        { intent: "batch", typeId: created.id, count: "2", status: "Draft" },
        302,
      );
      expect(batch.headers.get("location")).toMatch(/^\/admin\/labels\?ids=/);
      await step(admin, "/admin/boonees", {
        intent: "update",
        id: created.id,
        name: `Umbenannt ${code}`,
        rarity: "Rare",
        status: "Placed",
      });
      expect(await sql("select 1 from boonees where id = $1 and name like 'Umbenannt%'", [created.id])).toHaveLength(1);
      const doomed = await figure();
      await step(admin, "/admin/boonees", { intent: "delete", id: doomed.id });
      expect(await sql("select 1 from boonees where id = $1", [doomed.id])).toHaveLength(0);
      await step(admin, "/admin/content", {
        title: `Drop ${code}`,
        message: "Ein neuer Boonee ist unterwegs.",
        contentType: "news",
        audience: "all",
      });
      const [sent] = await sql<{ id: string }>("select id from exclusive_content where title = $1", [`Drop ${code}`]);
      expect(sent).toBeDefined();
      await step(admin, "/admin/content", {
        intent: "edit",
        id: sent.id,
        title: `Drop ${code}!`,
        message: "Ein neuer Boonee ist unterwegs, bald!",
      });
      await step(admin, "/admin/content", { intent: "retract", id: sent.id });
      // retracted: kept for "Sent" (marked retracted), read by nobody
      expect(
        await sql("select 1 from exclusive_content where id = $1 and retracted_at is null", [sent.id]),
      ).toHaveLength(0);
      const dropped = await figure();
      await step(
        admin,
        "/admin/drops",
        {
          intent: "create",
          titleDe: `Drop ${code}`,
          titleEn: `Drop ${code}`,
          releaseAt: "2099-06-01T12:00",
          figureIds: dropped.id,
        },
        302,
      );
      const [drop] = await sql<{ id: string }>("select id from drops where title_de = $1", [`Drop ${code}`]);
      expect(drop).toBeDefined();
      await step(
        admin,
        "/admin/drops",
        {
          intent: "addHint",
          dropId: drop.id,
          textDe: "Am Wasser",
          textEn: "By the water",
          releaseAt: "2099-06-01T13:00",
        },
        302,
      );
      await step(admin, "/admin/drops", { intent: "cancel", dropId: drop.id }, 302);
      expect(await sql("select 1 from drops where id = $1 and cancelled_at is not null", [drop.id])).toHaveLength(1);
      const recoded = await figure();
      await step(admin, "/admin/boonees", { intent: "replaceCode", id: recoded.id });
      expect(await sql("select 1 from tags where secret_code = $1", [recoded.code])).toHaveLength(0);
      const target = await signUp("Sperrkandidat");
      await step(admin, "/admin/users", { intent: "block", userId: target.id, reason: "Test der Sperre" });
      await step(admin, "/admin/users", { intent: "unblock", userId: target.id });
      expect(await sql("select 1 from profiles where id = $1 and blocked_at is null", [target.id])).toHaveLength(1);
      const pending = await figure({ ownerId: target.id });
      await step(w.moderator.client, "/admin/claims", {
        intent: "reject",
        claimId: pending.claimId!,
        reason: "Code war geleakt",
      });
      expect(await sql("select 1 from claims where id = $1 and status = 'rejected'", [pending.claimId])).toHaveLength(
        1,
      );
      await step(admin, "/admin/users", { intent: "delete", userId: target.id, reason: "Testkonto" });
      expect(await sql("select 1 from profiles where id = $1 and deleted_at is not null", [target.id])).toHaveLength(1);
      await step(admin, "/admin/claims", { intent: "verify", claimId: w.owned.claimId! });
      await step(w.moderator.client, "/admin/claims", { intent: "verify", claimId: w.second.claimId! });
      expect(
        await sql("select 1 from claims where id = any($1) and verified", [[w.owned.claimId, w.second.claimId]]),
      ).toHaveLength(2);
      await step(admin, "/admin/stories", {
        intent: "story",
        storyId: w.stories[0],
        hidden: "true",
        reason: "Enthält eine Adresse",
      });
      await step(w.moderator.client, "/admin/stories", {
        intent: "story",
        storyId: w.stories[1],
        hidden: "true",
        reason: "Enthält eine Adresse",
      });
      await step(w.moderator.client, "/admin/stories", { intent: "story", storyId: w.stories[1], hidden: "false" });
      expect(
        (
          await sql<{ hidden: boolean }>("select hidden from boonee_stories where id = any($1) order by id = $2 desc", [
            w.stories,
            w.stories[0],
          ])
        ).map((s) => s.hidden),
      ).toEqual([true, false]);
      await step(admin, "/admin/users", { intent: "role", userId: w.leaver.id, role: "moderator" });
      await step(admin, "/admin/users", { intent: "role", userId: w.leaver.id, role: "user" });
      expect(await sql("select role from user_roles where user_id = $1", [w.leaver.id])).toEqual([{ role: "user" }]);
    });

    it("signs out the other device, changes the password, signs out everywhere", async () => {
      const { collector, secondDevice } = w;
      await age(w.userIds, days);
      expect((await collector.client.post("/profile", { intent: "signOutOthers" })).status).toBe(200);
      await age(w.userIds, days);
      const prefs = await collector.client.post("/profile/notifications", {
        intent: "preferences",
        language: "en",
        "push.content": "on",
        "email.content": "on",
      });
      expect(prefs.status).toBe(302);
      // every kind and channel of a collector's form switched off but the two left on (team-only rows are not theirs)
      const collectorRows = preferenceKindsFor("user").flatMap((kind) =>
        OPTIONAL_CHANNELS.filter((c) => mayUse(kind, c)),
      );
      expect(
        await sql("select count(*)::int as n from notification_opt_outs where user_id = $1", [collector.id]),
      ).toEqual([{ n: collectorRows.length - 2 }]);
      await age(w.userIds, days);
      expect((await collector.client.post("/profile/notifications", { intent: "emailOn" })).status).toBe(302);
      expect(await sql("select email, language from notification_settings where user_id = $1", [collector.id])).toEqual(
        [{ email: "pending", language: "en" }],
      );
      const other = await secondDevice.get("/profile");
      expect(other.status).toBe(302);
      expect(other.headers.get("location")).toMatch(/^\/auth\?redirect=/);

      await age(w.userIds, days);
      const changed = await collector.client.post("/profile", {
        intent: "changePassword",
        currentPassword: PASSWORD,
        newPassword: "new-secret-456",
      });
      expect(changed.status).toBe(200);
      expect((await collector.client.get("/profile")).status).toBe(200); // this device got a new session

      await age(w.userIds, days);
      collector.client.jar.set("claim_redirect", encodeURIComponent("/claim/SOMEONESCODE")); // left by the previous visitor
      const out = await collector.client.post("/profile", { intent: "signOutAll" });
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toBe("/");
      expect(clearedCookies(out, "session_token")).not.toHaveLength(0);
      expect(clearedCookies(out, "claim_redirect")).toHaveLength(1);
      expect(collector.client.sessionCookie).toBe(""); // the refresh of the old session did not put it back
      expect((await collector.client.get("/profile")).status).toBe(302);
      expect(await sql("select 1 from sessions where user_id = $1", [collector.id])).toHaveLength(0);
    });

    it("deletes the account", async () => {
      await age(w.userIds, days);
      const res = await w.leaver.client.post("/profile", { intent: "delete", password: PASSWORD });
      expect(res.status).toBe(302);
      expect(w.leaver.client.sessionCookie).toBe("");
      expect(await sql("select 1 from profiles where id = $1 and deleted_at is not null", [w.leaver.id])).toHaveLength(
        1,
      );
    });

    it("signs out", async () => {
      await age(w.userIds, days);
      const res = await w.owner.client.post("/logout", {});
      expect(res.status).toBe(302);
      expect(w.owner.client.sessionCookie).toBe("");
      expect(await sql("select 1 from sessions where user_id = $1", [w.owner.id])).toHaveLength(0);
    });
  });
}

describe.skipIf(!enabled)("a session past its expiry", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    for (const client of Object.values(w.clients)) await expire(client);
  }, 60_000);

  it("is sent to /auth from every signed-in page (public pages stay public), and its cookie is cleared", async () => {
    const failures: string[] = [];
    for (const page of SIGNED_IN_PAGES) {
      const url = pagePath(page.path, w);
      const cookie = w.clients[page.who].sessionCookie;
      const res = await fetch(app.base + url, { headers: { cookie }, redirect: "manual" });
      const expected = page.signedOut === "auth" ? 302 : 200;
      if (res.status !== expected) failures.push(`${url}: ${res.status}`);
      if (
        page.signedOut === "auth" &&
        !res.headers.get("location")?.startsWith(`/auth?redirect=${encodeURIComponent(url)}`)
      )
        failures.push(`${url}: to ${res.headers.get("location")}`);
      if (clearedCookies(res, "session_token").length === 0) failures.push(`${url}: cookie not cleared`);
    }
    expect(failures).toEqual([]);
  });

  it("gets 401 for every action, and its cookie is cleared", async () => {
    const open = await figure();
    const actions: [Who, string, Record<string, string>][] = [
      ["user", `/claim/${open.code}`, { intent: "claim" }],
      ["user", `/c/${open.code}`, { intent: "claim" }],
      ["owner", `/boonee/${w.owned.id}`, { title: "Zu spät", story: "Die Sitzung ist schon abgelaufen." }],
      ["user", "/notifications", { intent: "all" }],
      ["user", "/profile", { intent: "signOutOthers" }],
      ["user", "/profile", { intent: "changePassword", currentPassword: PASSWORD, newPassword: "whatever-123" }],
      ["admin", "/admin/content", { title: "Zu spät", message: "Die Sitzung ist abgelaufen.", audience: "all" }],
      ["moderator", "/admin/claims", { intent: "verify", claimId: w.owned.claimId! }],
    ];
    for (const [who, pathname, form] of actions) {
      const res = await fetch(app.base + pathname, {
        method: "POST",
        headers: {
          origin: app.base,
          "content-type": "application/x-www-form-urlencoded",
          cookie: w.clients[who].sessionCookie,
        },
        body: new URLSearchParams(form),
        redirect: "manual",
      });
      expect(res.status, pathname).toBe(401);
      expect(clearedCookies(res, "session_token"), pathname).not.toHaveLength(0);
    }
    expect(await sql("select owner_id from boonees where id = $1", [open.id])).toEqual([{ owner_id: null }]);
    expect(await sql("select 1 from claims where id = $1 and verified", [w.owned.claimId])).toHaveLength(0);
  });
});

describe.skipIf(!enabled)("things that change with time", () => {
  it("clears the stored claim redirect at sign-out, and marks it Secure on https", async () => {
    const { client } = await signUp("Geteiltes Handy");
    client.jar.set("claim_redirect", encodeURIComponent("/claim/SOMEONESCODE"));
    const res = await client.post("/logout", {});
    expect(res.status).toBe(302);
    expect(clearedCookies(res, "claim_redirect")).toHaveLength(1);
    expect(clearedCookies(res, "claim_redirect")[0]).not.toMatch(/secure/i); // http: a Secure cookie would be dropped

    const open = await figure();
    const visitor = new CookieClient(secureApp.base);
    // stored when the finder chooses "log in and claim" (decision 013)
    const page = await visitor.get(`/auth?redirect=${encodeURIComponent(`/claim/${open.code}`)}`);
    expect(page.status).toBe(200);
    const stored = page.headers.getSetCookie().find((c) => c.startsWith("claim_redirect="));
    expect(stored).toMatch(/; Secure/);
    expect(clearedCookies(await visitor.post("/logout", {}), "claim_redirect")[0]).toMatch(/; Secure/);
  });

  it("shows an exclusive item made at 23:30 UTC in winter as 00:30 the next day, Berlin time", async () => {
    const reader = await signUp("Nachteule");
    await figure({ ownerId: reader.id });
    const title = `Mitternachtsdrop ${unique()}`;
    await sql(
      "insert into exclusive_content (title, description, audience, created_at) values ($1, 'Pünktlich um halb eins.', 'all', '2026-01-15T23:30:00Z')",
      [title],
    );
    const german = await (await reader.client.get("/exclusive")).text();
    const at = german.indexOf(title);
    expect(at).toBeGreaterThan(0);
    expect(german.slice(at, at + 400)).toContain("16. Jan. 2026 · 00:30 Uhr");
    reader.client.jar.set("lang", "en");
    const english = await (await reader.client.get("/exclusive")).text();
    expect(english.slice(english.indexOf(title), english.indexOf(title) + 400)).toContain("16 Jan 2026 · 00:30");
  });

  it("refuses a mailed reset link once the account is deleted; the account stays deleted", async () => {
    const leaver = await signUp("Vergesslich");
    expect((await new CookieClient(app.base).post("/auth/forgot", { email: leaver.email })).status).toBe(200);
    // the reset mail goes out in the background (issue 12): wait for it to arrive
    const mailTo = () =>
      (existsSync(path.join(dataDir, "outbox")) ? readdirSync(path.join(dataDir, "outbox")) : [])
        .map((f) => readFileSync(path.join(dataDir, "outbox", f), "utf8"))
        .find((m) => m.includes(`To: ${leaver.email}`));
    await expect.poll(mailTo, { timeout: 10_000 }).toBeDefined();
    const mail = mailTo();
    const token = decodeURIComponent(/\/auth\/reset\?token=([^\s]+)/.exec(mail ?? "")?.[1] ?? "");
    expect(token).not.toBe("");
    expect((await leaver.client.post("/profile", { intent: "delete", password: PASSWORD })).status).toBe(302);

    const reset = await new CookieClient(app.base).post("/auth/reset", { token, password: "revived-123" });
    expect(reset.status).toBe(400);
    expect(await reset.text()).toContain("ungültig");
    expect(await sql("select 1 from accounts where user_id = $1", [leaver.id])).toHaveLength(0);
    expect(await sql("select 1 from profiles where id = $1 and deleted_at is not null", [leaver.id])).toHaveLength(1);
    expect(
      (
        await new CookieClient(app.base).post("/auth", {
          intent: "login",
          email: leaver.email,
          password: "revived-123",
        })
      ).status,
    ).toBe(401);
  });

  it("keeps the last admin from deleting their own account (a clear message in both languages)", async () => {
    expect(await sql("select 1 from user_roles where role = 'admin'")).toHaveLength(1);
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const res = await admin.post("/profile", { intent: "delete", password: ADMIN.password });
    expect(res.status).toBe(409);
    // the dialog shows the message after hydration; the answer names it, both languages have it
    expect(await res.text()).toContain("profile.delete.lastAdmin");
    expect(de.delete.lastAdmin).toMatch(/einzige Admin/);
    expect(en.delete.lastAdmin).toMatch(/only admin/);
    expect((await admin.get("/admin")).status).toBe(200);
    expect(await sql("select 1 from profiles where email = $1 and deleted_at is null", [ADMIN.email])).toHaveLength(1);
  });
});
