import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureAdmin } from "../../server/auth/ensure-admin.ts";
import { queryRows } from "../../server/db/client.ts";
import { userRoles } from "../../server/db/schema.ts";
import { changeRole } from "../../server/domain/accounts/change-role.ts";
import { resetPasswordWithToken } from "../../server/domain/accounts/reset-password.ts";
import { signIn, signUp } from "../../server/domain/accounts/sign-in.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

const headersFrom = (ip: string) => new Headers({ "x-boonees-client-ip": ip });

describe(`accounts on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("gives every new account the role user", async () => {
    const u = await createUser(s);
    const roles = await s.db.select().from(userRoles).where(eq(userRoles.userId, u.id));
    expect(roles.map((r) => r.role)).toEqual(["user"]);
  });

  it("signs in with the right password and refuses a wrong one with loginFailed", async () => {
    const u = await createUser(s);
    const ok = await signIn(s, { email: u.email.toUpperCase(), password: u.password }, headersFrom("10.0.0.1"));
    expect(ok.headers.getSetCookie().join(";")).toContain("boonees.session_token=");
    await expect(
      signIn(s, { email: u.email, password: "wrong-password" }, headersFrom("10.0.0.1")),
    ).rejects.toMatchObject({
      code: "loginFailed",
    });
  });

  it("throttles the 11th sign-in of an account from one address, even with the right password, but not the owner's own address", async () => {
    const u = await createUser(s);
    for (let i = 0; i < 10; i++) {
      await expect(
        signIn(s, { email: u.email, password: "nope-nope" }, headersFrom("10.1.0.1")),
      ).rejects.toBeInstanceOf(DomainError);
    }
    const blocked = await signIn(s, { email: u.email, password: u.password }, headersFrom("10.1.0.1")).catch((e) => e);
    expect(blocked).toMatchObject({ code: "tooMany", status: 429 });
    expect(blocked.params.minutes).toBeGreaterThanOrEqual(1);
    // a stranger elsewhere cannot lock the owner out: the owner's address still signs in
    expect((await signIn(s, { email: u.email, password: u.password }, headersFrom("10.2.0.1"))).userId).toBe(u.id);
  });

  it("never locks the owner's address out, however many addresses a stranger guesses from", async () => {
    const u = await createUser(s);
    for (let i = 0; i < 30; i++) {
      await expect(
        signIn(s, { email: u.email, password: "nope-nope" }, headersFrom(`10.4.${i}.1`)),
      ).rejects.toMatchObject({
        code: "loginFailed",
      });
    }
    expect((await signIn(s, { email: u.email, password: u.password }, headersFrom("10.5.0.1"))).userId).toBe(u.id);
  });

  it("answers a sign-up with a taken e-mail (any case) like one that needs a mail, and mails the owner", async () => {
    const u = await createUser(s);
    const before = s.outbox.length;
    expect(
      await signUp(s, { name: "X", email: u.email.toUpperCase(), password: "secret123" }, headersFrom("10.3.0.1")),
    ).toEqual({
      status: "mailed",
    });
    await expect.poll(() => s.outbox.length).toBe(before + 1);
    expect(s.outbox.at(-1)).toMatchObject({ to: u.email });
    expect(s.outbox.at(-1)!.text).toContain("/auth/forgot");
    const [row] = await queryRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from profiles where lower(email) = ${u.email}`,
    );
    expect(row.n).toBe(1);
  });

  it("stores passwords as scrypt hashes, never in clear", async () => {
    const u = await createUser(s);
    const [row] = await queryRows<{ password: string }>(
      s.db,
      sql`select password from accounts where user_id = ${u.id}`,
    );
    expect(row.password).not.toContain(u.password);
    expect(row.password.length).toBeGreaterThan(40);
  });

  it("bootstraps the admin account idempotently", async () => {
    await ensureAdmin(s, { email: "Boss@Example.test", password: "admin-pass" });
    await ensureAdmin(s, { email: "boss@example.test", password: "admin-pass" });
    const rows = await queryRows<{ role: string }>(
      s.db,
      sql`select r.role from user_roles r join profiles p on p.id = r.user_id where p.email = 'boss@example.test'`,
    );
    expect(rows.map((r) => r.role)).toEqual(["admin"]);
  });

  it("replaces roles on a change and keeps the last admin", async () => {
    const u = await createUser(s);
    const admins = await queryRows<{ user_id: string }>(s.db, sql`select user_id from user_roles where role = 'admin'`);
    const actor = { id: admins[0]?.user_id ?? u.id, role: "admin" as const };
    await changeRole(s.db, actor, { userId: u.id, role: "moderator" });
    const roles = await s.db.select().from(userRoles).where(eq(userRoles.userId, u.id));
    expect(roles.map((r) => r.role)).toEqual(["moderator"]);
    await expect(changeRole(s.db, { id: u.id, role: "user" }, { userId: u.id, role: "admin" })).rejects.toMatchObject({
      status: 403,
    });
    // demoting every admin but one works; the last one cannot be demoted
    for (const a of admins.slice(1)) await changeRole(s.db, actor, { userId: a.user_id, role: "user" });
    await expect(changeRole(s.db, actor, { userId: admins[0].user_id, role: "user" })).rejects.toMatchObject({
      code: "last_admin",
    });
  });

  it("sends a password reset mail whose token resets the password", async () => {
    const u = await createUser(s);
    await s.auth.api.requestPasswordReset({ body: { email: u.email, redirectTo: "/auth/reset" } });
    const mail = s.outbox.at(-1);
    expect(mail?.to).toBe(u.email);
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail!.text)![1]);
    await resetPasswordWithToken(s, { token, password: "brand-new-1" }, "de");
    await expect(signIn(s, { email: u.email, password: u.password }, headersFrom("10.9.0.1"))).rejects.toMatchObject({
      code: "loginFailed",
    });
    await expect(signIn(s, { email: u.email, password: "brand-new-1" }, headersFrom("10.9.0.1"))).resolves.toBeTruthy();
  });
});
