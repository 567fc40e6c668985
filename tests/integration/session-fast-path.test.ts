import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readSessionFast } from "../../server/auth/session-fast-path.ts";
import { loadViewer } from "../../server/auth/viewer.ts";
import { sessions, userRoles } from "../../server/db/schema.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// The one-statement session read must give the same viewer as Better Auth's getSession where it
// answers (sliding a session due for it as Better Auth does, decision 061), and hand every other case
// (expired, forged, deleted, not remembered) to Better Auth.
let s: TestServices;
let counting = false;
let statements = 0;
beforeAll(async () => {
  s = await createTestServices({ onQuery: () => void (counting && statements++) });
});
afterAll(async () => s?.close());

const request = (cookie: string) => new Request("http://localhost/profile", { headers: { cookie } });
const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0];

describe(`the session in one statement (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("reads a fresh session with the viewer's role, as Better Auth does, in one statement", async () => {
    const u = await createUser(s, "Flotte Fenja");
    await s.db.insert(userRoles).values({ userId: u.id, role: "moderator" }).onConflictDoNothing();
    counting = true;
    const fast = await readSessionFast(s.auth, s.db, request(u.cookie));
    counting = false;
    expect(statements).toBe(1);
    expect(fast).toMatchObject({ viewer: { id: u.id, name: "Flotte Fenja", email: u.email, role: "moderator" } });
    const slow = await s.auth.api.getSession({ headers: request(u.cookie).headers });
    expect(fast !== "ask-better-auth" && fast !== "signed-out" && fast.viewer.sessionId).toBe(slow?.session.id);
  });

  it("is signed out without a cookie and asks Better Auth about a forged one", async () => {
    expect(await readSessionFast(s.auth, s.db, new Request("http://localhost/"))).toBe("signed-out");
    const u = await createUser(s);
    const forged = u.cookie.replace(/\.[^.]*$/, `.${encodeURIComponent("A".repeat(43) + "=")}`);
    expect(await readSessionFast(s.auth, s.db, request(forged))).toBe("ask-better-auth");
    expect((await loadViewer(s, request(forged))).viewer).toBeNull();
  });

  it("hands an expired session to Better Auth, which clears the cookie", async () => {
    const u = await createUser(s);
    await s.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, tokenOf(u.cookie)));
    expect(await readSessionFast(s.auth, s.db, request(u.cookie))).toBe("ask-better-auth");
    const { viewer, headers } = await loadViewer(s, request(u.cookie));
    expect(viewer).toBeNull();
    expect(headers.getSetCookie().join()).toMatch(/session_token=;/);
  });

  it("slides a session due for its daily slide itself, with the cookie Better Auth sets, in two statements", async () => {
    const [mine, theirs] = [await createUser(s), await createUser(s)];
    // as if signed in two days ago: 28 days left of 30
    for (const u of [mine, theirs])
      await s.db
        .update(sessions)
        .set({ expiresAt: sql`now() + interval '28 days'`, updatedAt: sql`now() - interval '2 days'` })
        .where(eq(sessions.token, tokenOf(u.cookie)));
    counting = true;
    statements = 0;
    const fast = await readSessionFast(s.auth, s.db, request(mine.cookie));
    counting = false;
    expect(statements).toBe(2);
    if (typeof fast === "string") throw new Error(`expected a viewer, got ${fast}`);
    expect(fast.viewer.id).toBe(mine.id);
    // Better Auth's own slide of the other session: the same attributes, in the same order
    const theirsSlid = await s.auth.api.getSession({ headers: request(theirs.cookie).headers, returnHeaders: true });
    const [betterAuths] = theirsSlid.headers.getSetCookie();
    const attributes = (cookie: string) => cookie.slice(cookie.indexOf(";"));
    expect(attributes(fast.setCookie!)).toBe(attributes(betterAuths));
    expect(fast.setCookie!.split(";")[0]).toBe(mine.cookie);
    const moved = await s.db
      .select({ expiresAt: sessions.expiresAt, updatedAt: sessions.updatedAt })
      .from(sessions)
      .where(eq(sessions.token, tokenOf(mine.cookie)));
    expect(moved[0].expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(moved[0].updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // slid once: the next request only reads, and sets no cookie
    const again = await readSessionFast(s.auth, s.db, request(mine.cookie));
    expect(typeof again !== "string" && again.setCookie).toBeUndefined();
    // through loadViewer, as every page reads it, the cookie reaches the answer's headers
    await s.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '28 days'` })
      .where(eq(sessions.token, tokenOf(mine.cookie)));
    const { viewer, headers } = await loadViewer(s, request(mine.cookie));
    expect(viewer?.id).toBe(mine.id);
    expect(headers.getSetCookie()).toEqual([fast.setCookie]);
  });

  it("leaves a due session of someone not remembered to Better Auth, which does not slide it", async () => {
    const u = await createUser(s);
    await s.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '28 days'` })
      .where(eq(sessions.token, tokenOf(u.cookie)));
    const notRemembered = `${u.cookie}; boonees.dont_remember=x`;
    expect(await readSessionFast(s.auth, s.db, request(notRemembered))).toBe("ask-better-auth");
  });

  it("finds no viewer once the session is deleted (signed out elsewhere)", async () => {
    const u = await createUser(s);
    await s.db.delete(sessions).where(eq(sessions.token, tokenOf(u.cookie)));
    expect(await readSessionFast(s.auth, s.db, request(u.cookie))).toBe("ask-better-auth");
    expect((await loadViewer(s, request(u.cookie))).viewer).toBeNull();
  });
});
