import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loader as findsLoader } from "../../app/routes/api/me-finds.ts";
import { loader as notificationsLoader } from "../../app/routes/api/me-notifications.ts";
import { loadViewer } from "../../server/auth/viewer.ts";
import { queryRows } from "../../server/db/client.ts";
import { personalTokens, profiles } from "../../server/db/schema.ts";
import {
  createPersonalToken,
  listPersonalTokens,
  MAX_PERSONAL_TOKENS,
  revokePersonalToken,
} from "../../server/domain/accounts/personal-tokens.ts";
import { createNotifications } from "../../server/domain/notifications/notify.ts";
import { servicesContext, viewerContext } from "../../server/router-context.ts";
import { ownedFigure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Personal read tokens (docs/decisions/051): shown once, stored as a hash, revocable, and they read
// only their owner's finds and notifications. The API routes' loaders are called as React Router
// calls them. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s?.close());

const actor = (id: string) => ({ id, role: "user" as const });

async function get(path: "/api/v1/me/finds" | "/api/v1/me/notifications", headers: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, s);
  context.set(viewerContext, null);
  const request = new Request(`${s.config.PUBLIC_URL}${path}`, { headers });
  const loader = path === "/api/v1/me/finds" ? findsLoader : notificationsLoader;
  try {
    return (await loader({ request, context, params: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe(`personal tokens (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("a token is returned once and stored only as its SHA-256; the list never shows it", async () => {
    const me = await createUser(s);
    const { token, id } = await createPersonalToken(s.db, actor(me.id), { name: "Mein Dashboard" });
    expect(token).toMatch(/^bnt_[A-Za-z0-9_-]{43}$/);
    const rows = await s.db.select().from(personalTokens).where(eq(personalTokens.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    // no column of any table holds the plain token
    const [held] = await queryRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from (
            select to_jsonb(t)::text as row from personal_tokens t
            union all select to_jsonb(a)::text from activity_log a
            union all select to_jsonb(v)::text from verifications v) all_rows
          where row like ${`%${token.slice(4)}%`}`,
    );
    expect(held.n).toBe(0);
    const listed = await listPersonalTokens(s.db, actor(me.id));
    expect(listed).toMatchObject([{ id, name: "Mein Dashboard", lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(token.slice(4));
    await expect(createPersonalToken(s.db, actor(me.id), { name: "  " })).rejects.toMatchObject({
      code: "invalid",
      params: { name: "profile.tokens.error.name" },
    });
    await expect(createPersonalToken(s.db, null, { name: "x" })).rejects.toMatchObject({ status: 401 });
  });

  it("a token reads its owner's finds and notifications as JSON, never another person's, and notes its use", async () => {
    const me = await createUser(s);
    const other = await createUser(s);
    const mine = await ownedFigure(s.db, me.id, { name: "Meins" });
    const theirs = await ownedFigure(s.db, other.id, { name: "Fremd" });
    await s.db.transaction((tx) =>
      createNotifications(tx, [
        { userId: me.id, type: "achievement", title: "@achievement:first_find", message: "für mich" },
        { userId: other.id, type: "other", title: "Nur für die andere", message: "geheim" },
      ]),
    );
    const { token } = await createPersonalToken(s.db, actor(me.id), { name: "Skript" });
    const finds = await get("/api/v1/me/finds", bearer(token));
    expect(finds.status).toBe(200);
    expect(finds.headers.get("content-type")).toMatch(/^application\/json/);
    expect(finds.headers.get("cache-control")).toBe("no-store");
    const body = (await finds.json()) as { finds: { id: string; name: string }[] };
    expect(body.finds.map((f) => f.id)).toEqual([mine.id]);
    expect(JSON.stringify(body)).not.toContain(theirs.id);
    const inbox = await get("/api/v1/me/notifications", bearer(token));
    const notes = ((await inbox.json()) as { notifications: { title: string; message: string }[] }).notifications;
    expect(notes.map((n) => n.message)).toContain("für mich");
    expect(JSON.stringify(notes)).not.toContain("geheim");
    expect(notes.find((n) => n.message === "für mich")!.title).not.toMatch(/^@/); // rendered, not the stored key
    const [row] = await s.db.select().from(personalTokens).where(eq(personalTokens.userId, me.id));
    expect(row.lastUsedAt).not.toBeNull();
    expect((await listPersonalTokens(s.db, actor(me.id)))[0].lastUsedAt).not.toBeNull();
  });

  it("without a token, with a wrong one, a revoked one or one of a blocked account: 401 problem+json", async () => {
    const me = await createUser(s);
    const { token, id } = await createPersonalToken(s.db, actor(me.id), { name: "Kurzlebig" });
    const refused = async (headers: Record<string, string>) => {
      for (const path of ["/api/v1/me/finds", "/api/v1/me/notifications"] as const) {
        const answer = await get(path, headers);
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(answer.headers.get("content-type")).toBe("application/problem+json");
        expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await answer.json()).toMatchObject({ status: 401, title: expect.any(String) });
      }
    };
    await refused({});
    await refused({ authorization: token }); // not a bearer header
    await refused(bearer(`${token}x`));
    await refused(bearer("bnt_" + "A".repeat(43)));
    // a session cookie does not stand in for a token
    await refused({ cookie: me.cookie });
    // another person cannot revoke it
    const other = await createUser(s);
    await expect(revokePersonalToken(s.db, actor(other.id), id)).rejects.toMatchObject({ status: 404 });
    expect((await get("/api/v1/me/finds", bearer(token))).status).toBe(200);
    // blocked: refused while blocked
    await s.db
      .update(profiles)
      .set({ blockedAt: sql`now()` })
      .where(eq(profiles.id, me.id));
    await refused(bearer(token));
    await s.db.update(profiles).set({ blockedAt: null }).where(eq(profiles.id, me.id));
    expect((await get("/api/v1/me/finds", bearer(token))).status).toBe(200);
    // revoked: gone
    await revokePersonalToken(s.db, actor(me.id), id);
    await refused(bearer(token));
    expect(await listPersonalTokens(s.db, actor(me.id))).toEqual([]);
  });

  it("an admin's token is no session: it signs nobody in and reads only the admin's own data", async () => {
    const admin = await createStaff(s, "admin");
    const { token } = await createPersonalToken(s.db, admin, { name: "Admin-Skript" });
    const asBearer = new Request(`${s.config.PUBLIC_URL}/admin/users`, { headers: bearer(token) });
    expect((await loadViewer(s, asBearer)).viewer).toBeNull();
    const someone = await createUser(s);
    await ownedFigure(s.db, someone.id);
    const finds = (await (await get("/api/v1/me/finds", bearer(token))).json()) as { finds: unknown[] };
    expect(finds.finds).toEqual([]);
  });

  it(`at most ${MAX_PERSONAL_TOKENS} tokens per person`, async () => {
    const me = await createUser(s);
    for (let i = 0; i < MAX_PERSONAL_TOKENS; i++) await createPersonalToken(s.db, actor(me.id), { name: `T${i}` });
    await expect(createPersonalToken(s.db, actor(me.id), { name: "one too many" })).rejects.toMatchObject({
      code: "tooManyTokens",
      status: 409,
    });
  });
});
