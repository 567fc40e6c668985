import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validate } from "#shared/forms.ts";
import { changePasswordSchema } from "#shared/schemas/account.ts";

import { sessions } from "../../server/db/schema.ts";
import { changeOwnPassword } from "../../server/domain/accounts/own-password.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

const actor = (id: string) => ({ id, role: "user" as const });
const signIn = (email: string, password: string) =>
  s.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
const cookieOf = (headers: Headers) => (headers.getSetCookie()[0] ?? "").split(";")[0];
const sessionOf = (cookie: string) => s.auth.api.getSession({ headers: new Headers({ cookie }) });

describe(`change password on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("ends every other session, rotates this one, and only the new password signs in", async () => {
    const u = await createUser(s);
    const phone = cookieOf((await signIn(u.email, u.password)).headers);
    expect(await sessionOf(phone)).not.toBeNull();

    const headers = await changeOwnPassword(
      s,
      actor(u.id),
      { currentPassword: u.password, newPassword: "brand-new-pass" },
      new Headers({ cookie: u.cookie }),
    );
    const rotated = cookieOf(headers);
    expect(rotated).toMatch(/session_token=.+/);
    expect(rotated).not.toBe(u.cookie);
    expect((await sessionOf(rotated))?.user.id).toBe(u.id);
    expect(await sessionOf(u.cookie)).toBeNull();
    expect(await sessionOf(phone)).toBeNull();
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(1);

    await expect(signIn(u.email, u.password)).rejects.toThrow();
    expect((await signIn(u.email, "brand-new-pass")).response.user.id).toBe(u.id);
  });

  it("refuses a wrong current password without changing anything, and throttles the 11th try", async () => {
    const u = await createUser(s);
    const headers = new Headers({ cookie: u.cookie });
    const attempt = (currentPassword: string) =>
      changeOwnPassword(s, actor(u.id), { currentPassword, newPassword: "another-pass" }, headers);
    await expect(attempt("not-my-password")).rejects.toMatchObject({ code: "wrongPassword", status: 400 });
    expect(await sessionOf(u.cookie)).not.toBeNull();
    for (let i = 0; i < 9; i++) await attempt("not-my-password").catch(() => {});
    await expect(attempt(u.password)).rejects.toMatchObject({ code: "tooMany", status: 429 });
    expect((await signIn(u.email, u.password)).response.user.id).toBe(u.id);
  });

  it("refuses the current password as the new one, in the form's schema and in the domain, changing nothing", async () => {
    const u = await createUser(s);
    const same = { currentPassword: u.password, newPassword: u.password };
    expect(validate(changePasswordSchema, same)).toEqual({
      ok: false,
      errors: { newPassword: "profile.password.samePassword" },
    });
    await expect(changeOwnPassword(s, actor(u.id), same, new Headers({ cookie: u.cookie }))).rejects.toMatchObject({
      code: "samePassword",
      status: 400,
    });
    expect(await sessionOf(u.cookie)).not.toBeNull();
    expect((await signIn(u.email, u.password)).response.user.id).toBe(u.id);
  });

  it("refuses a signed-out caller", async () => {
    await expect(
      changeOwnPassword(s, null, { currentPassword: "x", newPassword: "yyyyyy" }, new Headers()),
    ).rejects.toMatchObject({
      status: 401,
    });
  });
});
