import { eq } from "drizzle-orm";
import { redirect, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { roleChangeSchema } from "#shared/schemas/admin.ts";

import { intent, intentAction, type IntentOptions } from "../../app/intents.server.ts";
import type { Viewer } from "../../server/auth/viewer.ts";
import { userRoles } from "../../server/db/schema.ts";
import { changeRole } from "../../server/domain/accounts/change-role.ts";
import { langContext, servicesContext, viewerContext } from "../../server/router-context.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// The intent dispatcher (decision 054) on a real database: a table with a real schema and domain
// function, posted as a browser would post the form.
let s: TestServices;
let admin: Viewer;
let plain: Viewer;
let target: string;

beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "Ada Admin");
  const u = await createUser(s, "Uli User");
  target = (await createUser(s, "Tia Target")).id;
  await s.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, a.id));
  admin = { id: a.id, name: a.name, email: a.email, role: "admin", sessionId: "s1", cities: null };
  plain = { id: u.id, name: u.name, email: u.email, role: "user", sessionId: "s2", cities: null };
});
afterAll(async () => s.close());

const options: IntentOptions = { keys: { not_found: "admin.users.error.update" }, access: "public" };
const action = intentAction(
  {
    role: intent({
      schema: roleChangeSchema,
      invalid: "admin.users.error.update",
      errors: { forbidden: "admin.users.error.forbiddenHere" },
      run: async ({ userId, role }, ctx) => {
        await changeRole(ctx.services.db, ctx.actor(), { userId, role });
        return { message: "users.success.updated", userId };
      },
    }),
    boom: intent({
      run: () => {
        throw new Error("disk on fire");
      },
    }),
    away: intent({ run: () => redirect("/elsewhere") }),
  },
  options,
);

async function post(viewer: Viewer | null, fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, s);
  context.set(viewerContext, viewer);
  context.set(langContext, "en");
  const request = new Request("http://localhost/admin/users", { method: "POST", body: new URLSearchParams(fields) });
  const answer = await action({ request, context, params: {} });
  if (answer instanceof Response) return { status: answer.status, body: null, response: answer };
  return { status: answer.init?.status ?? 200, body: answer.data as Record<string, unknown>, response: null };
}

const roleOf = async (id: string) =>
  (await s.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id)))[0]?.role;

describe(`intentAction (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("answers an unknown or missing intent with 400 and runs nothing", async () => {
    for (const intentName of ["nope", "__proto__", "toString"]) {
      const r = await post(admin, { intent: intentName, userId: target, role: "moderator" });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, intent: intentName, error: "errors.badRequest" });
    }
    const r = await post(admin, { userId: target, role: "moderator" });
    expect(r.status).toBe(400);
    expect(await roleOf(target)).toBe("user");
  });

  it("answers bad input with 400, the schema's key per field, and changes nothing", async () => {
    const r = await post(admin, { intent: "role", userId: target, role: "emperor" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      ok: false,
      intent: "role",
      error: "admin.users.error.update",
      fieldErrors: { role: "admin.users.error.update" },
    });
    expect(await roleOf(target)).toBe("user");
  });

  it("runs a valid intent and answers ok with its message and extras", async () => {
    const r = await post(admin, { intent: "role", userId: target, role: "moderator" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, intent: "role", message: "users.success.updated", userId: target });
    expect(await roleOf(target)).toBe("moderator");
  });

  it("turns a DomainError into the row's key, then the table's, then the default, with its status", async () => {
    const forbidden = await post(plain, { intent: "role", userId: target, role: "admin" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ ok: false, intent: "role", error: "admin.users.error.forbiddenHere" });
    const gone = await post(admin, { intent: "role", userId: "no-such-user", role: "admin" });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ ok: false, error: "admin.users.error.update" });
    const signedOut = await post(null, { intent: "role", userId: target, role: "admin" });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ ok: false, error: "errors.unauthorized" });
    expect(await roleOf(target)).toBe("moderator");
  });

  it("logs an unexpected error and answers 500 with the generic key (never its message)", async () => {
    const logged = vi.spyOn(s.log, "error");
    const r = await post(admin, { intent: "boom" });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ ok: false, intent: "boom", error: "errors.generic", fieldErrors: {} });
    expect(JSON.stringify(r.body)).not.toContain("disk on fire");
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it("passes a row's redirect through", async () => {
    const r = await post(admin, { intent: "away" });
    expect(r.response?.status).toBe(302);
    expect(r.response?.headers.get("location")).toBe("/elsewhere");
  });

  it("lets the route's policy refuse before the form is read", async () => {
    const guarded = intentAction({ away: intent({ run: () => redirect("/elsewhere") }) });
    const context = new RouterContextProvider();
    context.set(servicesContext, s);
    context.set(viewerContext, plain);
    const request = new Request("http://localhost/admin/users", {
      method: "POST",
      body: new URLSearchParams({ intent: "away" }),
    });
    await expect(guarded({ request, context, params: {} })).rejects.toMatchObject({ init: { status: 403 } });
  });
});
