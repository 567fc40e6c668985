import { eq, inArray, like, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { action as passkeyOptionsAction } from "../../app/routes/passkey-options.ts";
import type { Db } from "../../server/db/client.ts";
import { passkeys, profiles, userRoles, verifications } from "../../server/db/schema.ts";
import {
  addPasskey,
  addPasskeyOptions,
  listOwnPasskeys,
  removePasskey,
  renamePasskey,
  signInPasskeyOptions,
  signInWithPasskey,
  signUpPasskeyOptions,
  signUpWithPasskey,
} from "../../server/domain/accounts/passkeys.ts";
import { deleteExpiredVerifications } from "../../server/domain/rate-limit-cleanup.ts";
import { servicesContext, viewerContext } from "../../server/router-context.ts";
import { SoftAuthenticator } from "../support/soft-authenticator.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Passkeys (issue 16, docs/decisions/020) against a software authenticator: the server side of the
// ceremonies on both databases. The browser's side runs in tests/e2e/passkeys.spec.ts.
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s?.close());

const headers = (ip = "10.20.0.1") => new Headers({ "x-boonees-client-ip": ip, "user-agent": "Vitest" });
let n = 0;
const email = () => `pk${Date.now()}${n++}@example.test`;

async function passkeyAccount(name = "Pia") {
  const device = new SoftAuthenticator(s.config.PUBLIC_URL);
  const address = email();
  const options = await signUpPasskeyOptions(s, { name, email: address });
  const result = await signUpWithPasskey(s, device.register(options), headers());
  if (result.status !== "created") throw new Error("not created");
  return { device, userId: result.userId, email: address, cookie: result.headers.getSetCookie()[0] };
}

describe(`passkeys on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("signs up with a passkey only: an account with the role user, its passkey, a session; then signs in with it", async () => {
    const { device, userId, cookie } = await passkeyAccount("Pia Passkey");
    expect(cookie).toMatch(/^boonees\.session_token=[^;]+\.[^;]+; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly/);
    const session = await s.auth.api.getSession({ headers: new Headers({ cookie: cookie.split(";")[0] }) });
    expect(session?.user.id).toBe(userId);
    expect((await s.db.select().from(userRoles).where(eq(userRoles.userId, userId)))[0].role).toBe("user");
    const [stored] = await s.db.select().from(passkeys).where(eq(passkeys.userId, userId));
    expect(stored).toMatchObject({ credentialId: device.id, name: "Passkey 1", counter: 0 });

    const signedIn = await signInWithPasskey(s, device.authenticate(await signInPasskeyOptions(s)), headers());
    expect(signedIn.userId).toBe(userId);
    expect((await s.db.select().from(passkeys).where(eq(passkeys.userId, userId)))[0].counter).toBe(1);
  });

  it("refuses a wrong origin or a challenge it never gave, creating nothing; a challenge works once", async () => {
    const device = new SoftAuthenticator(s.config.PUBLIC_URL);
    const address = email();
    const options = await signUpPasskeyOptions(s, { name: "Eve", email: address });
    await expect(
      signUpWithPasskey(s, device.register(options, { origin: "https://evil.example" }), headers()),
    ).rejects.toMatchObject({
      code: "passkeyFailed",
    });
    // that challenge is spent now, even for a correct answer
    await expect(signUpWithPasskey(s, device.register(options), headers())).rejects.toMatchObject({
      code: "passkeyFailed",
    });
    await expect(
      signUpWithPasskey(s, device.register(options, { challenge: "bm90LWdpdmVuLW91dA" }), headers()),
    ).rejects.toMatchObject({
      code: "passkeyFailed",
    });
    expect(await s.db.select().from(profiles).where(eq(profiles.email, address))).toEqual([]);
    expect(await s.db.select().from(passkeys).where(eq(passkeys.credentialId, device.id))).toEqual([]);

    const { device: pia } = await passkeyAccount();
    const login = await signInPasskeyOptions(s);
    const answer = pia.authenticate(login);
    await signInWithPasskey(s, answer, headers());
    await expect(signInWithPasskey(s, answer, headers())).rejects.toMatchObject({ code: "passkeyFailed" }); // replayed
  });

  it("a taken e-mail gets the password path's answer: its owner is mailed, nothing is created", async () => {
    const owner = await createUser(s, "Owner");
    const device = new SoftAuthenticator(s.config.PUBLIC_URL);
    const before = s.outbox.length;
    const result = await signUpWithPasskey(
      s,
      device.register(await signUpPasskeyOptions(s, { name: "Other", email: owner.email })),
      headers("10.20.0.9"),
    );
    expect(result).toEqual({ status: "mailed" });
    await expect.poll(() => s.outbox.length).toBe(before + 1);
    expect(await s.db.select().from(passkeys).where(eq(passkeys.credentialId, device.id))).toEqual([]);
  });

  it("a password account adds a passkey; a removed passkey no longer signs in; the last one of a passkey-only account stays", async () => {
    const user = await createUser(s, "Paul");
    const actor = { id: user.id, role: "user" as const };
    const device = new SoftAuthenticator(s.config.PUBLIC_URL);
    await addPasskey(s, actor, device.register(await addPasskeyOptions(s, actor)));
    const [mine] = await listOwnPasskeys(s.db, actor);
    expect(mine).toMatchObject({ name: "Passkey 1", lastUsedAt: null });
    await removePasskey(s, actor, { id: mine.id }); // Paul still has his password
    await expect(
      signInWithPasskey(s, device.authenticate(await signInPasskeyOptions(s)), headers()),
    ).rejects.toMatchObject({
      code: "passkeyUnknown",
    });

    const only = await passkeyAccount();
    const onlyActor = { id: only.userId, role: "user" as const };
    const [last] = await listOwnPasskeys(s.db, onlyActor);
    await expect(removePasskey(s, onlyActor, { id: last.id })).rejects.toMatchObject({ code: "lastPasskey" });
  });

  it("names a new passkey after its device (issue 35): iPhone (Safari), a second one numbered, the model from the client hint", async () => {
    const IPHONE =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const REDUCED_ANDROID =
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const on = (ua: string) => new Headers({ "x-boonees-client-ip": "10.20.5.1", "user-agent": ua });
    const phone = new SoftAuthenticator(s.config.PUBLIC_URL);
    const made = await signUpWithPasskey(
      s,
      phone.register(await signUpPasskeyOptions(s, { name: "Ina", email: email() })),
      on(IPHONE),
    );
    if (made.status !== "created") throw new Error("not created");
    const actor = { id: made.userId, role: "user" as const };
    await addPasskey(s, actor, new SoftAuthenticator(s.config.PUBLIC_URL).register(await addPasskeyOptions(s, actor)), {
      headers: on(IPHONE),
    });
    await addPasskey(s, actor, new SoftAuthenticator(s.config.PUBLIC_URL).register(await addPasskeyOptions(s, actor)), {
      headers: on(REDUCED_ANDROID),
      model: "Pixel 7",
    });
    await addPasskey(s, actor, new SoftAuthenticator(s.config.PUBLIC_URL).register(await addPasskeyOptions(s, actor)), {
      headers: on("Vitest"),
    });
    expect((await listOwnPasskeys(s.db, actor)).map((p) => p.name)).toEqual([
      "iPhone (Safari)",
      "iPhone (Safari) 2",
      "Pixel 7 (Chrome)",
      "Passkey 4",
    ]);
  });

  it("nobody renames or removes another account's passkey; another account's registration is not added", async () => {
    const owner = await passkeyAccount("Olga");
    const [theirs] = await listOwnPasskeys(s.db, { id: owner.userId, role: "user" });
    const intruder = await createUser(s, "Ivo");
    const actor = { id: intruder.id, role: "user" as const };
    await expect(renamePasskey(s.db, actor, { id: theirs.id, name: "Meins" })).rejects.toMatchObject({ status: 404 });
    await expect(removePasskey(s, actor, { id: theirs.id })).rejects.toMatchObject({ status: 404 });
    // options made for the owner, answered into the intruder's account
    const device = new SoftAuthenticator(s.config.PUBLIC_URL);
    const forOwner = await addPasskeyOptions(s, { id: owner.userId, role: "user" });
    await expect(addPasskey(s, actor, device.register(forOwner))).rejects.toMatchObject({ code: "passkeyFailed" });
    expect((await listOwnPasskeys(s.db, { id: owner.userId, role: "user" })).map((p) => p.name)).toEqual(["Passkey 1"]);
    await renamePasskey(s.db, { id: owner.userId, role: "user" }, { id: theirs.id, name: "Handy" });
    expect((await listOwnPasskeys(s.db, { id: owner.userId, role: "user" }))[0].name).toBe("Handy");
  });

  it("the next day: an answer to a challenge older than five minutes is refused; the same answer sent twice at once signs in once", async () => {
    const { device, userId } = await passkeyAccount("Tara");
    const stale = await signInPasskeyOptions(s);
    // age the challenge as time does (the database's clock decides, as for every expiry)
    await s.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(like(verifications.identifier, `passkey:${stale.challenge}`));
    await expect(signInWithPasskey(s, device.authenticate(stale), headers())).rejects.toMatchObject({
      code: "passkeyFailed",
    });

    const answer = device.authenticate(await signInPasskeyOptions(s));
    const both = await Promise.allSettled([
      signInWithPasskey(s, answer, headers("10.20.1.1")),
      signInWithPasskey(s, answer, headers("10.20.1.2")),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(both.find((r) => r.status === "fulfilled")).toMatchObject({ value: { userId } });
  });

  it("asks for user verification and refuses answers without it (a touch is not a fingerprint or PIN)", async () => {
    const signUp = await signUpPasskeyOptions(s, { name: "Uwe", email: email() });
    expect(signUp.authenticatorSelection?.userVerification).toBe("required");
    expect((await signInPasskeyOptions(s)).userVerification).toBe("required");

    const device = new SoftAuthenticator(s.config.PUBLIC_URL);
    await expect(
      signUpWithPasskey(s, device.register(signUp, { userVerified: false }), headers("10.20.3.1")),
    ).rejects.toMatchObject({
      code: "passkeyFailed",
    });
    expect(await s.db.select().from(passkeys).where(eq(passkeys.credentialId, device.id))).toEqual([]);

    const { device: pia } = await passkeyAccount("Uta");
    await expect(
      signInWithPasskey(
        s,
        pia.authenticate(await signInPasskeyOptions(s), { userVerified: false }),
        headers("10.20.3.2"),
      ),
    ).rejects.toMatchObject({ code: "passkeyFailed" });
    await signInWithPasskey(s, pia.authenticate(await signInPasskeyOptions(s)), headers("10.20.3.2")); // with it: in
  });

  it("two sign-ins race: the slower one carries the lower counter and does not set the stored counter back", async () => {
    const { device, userId } = await passkeyAccount("Rita");
    const earlier = device.authenticate(await signInPasskeyOptions(s)); // counter 1
    const later = device.authenticate(await signInPasskeyOptions(s)); // counter 2
    // the slower request has checked its answer against the stored counter (0) and is held just before it writes
    let reached!: () => void;
    let open!: () => void;
    const atWrite = new Promise<void>((r) => (reached = r));
    const gate = new Promise<void>((r) => (open = r));
    const held = new Proxy(s.db, {
      get(target, prop) {
        if (prop === "update")
          return (table: Parameters<Db["update"]>[0]) => ({
            set: (values: never) => ({
              where: (where: never) => {
                reached();
                return gate.then(() => target.update(table).set(values).where(where));
              },
            }),
          });
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const slow = signInWithPasskey({ ...s, db: held }, earlier, headers("10.20.4.1"));
    await atWrite;
    await signInWithPasskey(s, later, headers("10.20.4.2"));
    expect((await s.db.select().from(passkeys).where(eq(passkeys.userId, userId)))[0].counter).toBe(2);
    open();
    expect((await slow).userId).toBe(userId);
    expect((await s.db.select().from(passkeys).where(eq(passkeys.userId, userId)))[0].counter).toBe(2);
    // and an answer with the counter in between is refused now
    await expect(signInWithPasskey(s, earlier, headers("10.20.4.1"))).rejects.toMatchObject({ code: "passkeyFailed" });
  });

  it("POST /passkeys/options is throttled per client address (60 per 10 minutes); another address is not", async () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, s);
    context.set(viewerContext, null);
    const post = (ip: string) =>
      passkeyOptionsAction({
        request: new Request(`${s.config.PUBLIC_URL}/passkeys/options`, {
          method: "POST",
          body: new URLSearchParams({ intent: "login" }),
          headers: { "x-boonees-client-ip": ip },
        }),
        context,
        params: {},
      } as never) as Promise<Response>;
    for (let i = 0; i < 60; i++) expect((await post("10.20.5.1")).status).toBe(200);
    const refused = await post("10.20.5.1");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ ok: false, error: "tooMany", params: { minutes: 10 } });
    expect((await post("10.20.5.2")).status).toBe(200);
  });

  it("challenges nobody answered are deleted by the periodic clean-up once their five minutes are over", async () => {
    const unanswered = [
      await signInPasskeyOptions(s),
      await signInPasskeyOptions(s),
      await signUpPasskeyOptions(s, { name: "Cleo", email: email() }),
    ];
    const fresh = await signInPasskeyOptions(s);
    const ids = (list: { challenge: string }[]) => list.map((o) => `passkey:${o.challenge}`);
    // five minutes and a second later, as time does it (the database's clock decides)
    await s.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(inArray(verifications.identifier, ids(unanswered)));
    expect(await deleteExpiredVerifications(s.db)).toBeGreaterThanOrEqual(3);
    expect(
      await s.db
        .select()
        .from(verifications)
        .where(inArray(verifications.identifier, ids(unanswered))),
    ).toEqual([]);
    expect(
      await s.db
        .select()
        .from(verifications)
        .where(inArray(verifications.identifier, ids([fresh]))),
    ).toHaveLength(1);
    expect(await deleteExpiredVerifications(s.db)).toBe(0); // idempotent
  });
});
