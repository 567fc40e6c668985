import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { notifications, passkeys, profiles, verifications } from "../../server/db/schema.ts";
import { confirmEmail } from "../../server/domain/accounts/confirm-email.ts";
import {
  addPasskey,
  addPasskeyOptions,
  signInPasskeyOptions,
  signInWithPasskey,
  signUpPasskeyOptions,
  signUpWithPasskey,
} from "../../server/domain/accounts/passkeys.ts";
import { requestPasswordReset } from "../../server/domain/accounts/request-password-reset.ts";
import { resetPasswordWithToken } from "../../server/domain/accounts/reset-password.ts";
import { signIn } from "../../server/domain/accounts/sign-in.ts";
import { SoftAuthenticator } from "../support/soft-authenticator.ts";
import { createTestServices, type TestServices } from "./harness.ts";

// Decision 022: the mailbox is the root of trust. Someone who signs up with another person's
// address (passkey or password) holds an account that is not proven; the day its owner proves the
// mailbox (the reset link), every credential from before is gone and the owner is told.
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s?.close());

const headers = (ip: string) => new Headers({ "x-boonees-client-ip": ip, "user-agent": "Vitest" });
let n = 0;
const address = () => `victim${Date.now()}${n++}@example.test`;
const mailsTo = (to: string) => s.outbox.filter((m) => m.to === to);

/** The victim's "forgot password": the token of the link in the mail that reaches their mailbox. */
async function resetLinkToken(email: string, ip: string) {
  const before = mailsTo(email).length;
  await requestPasswordReset(s, email, headers(ip));
  await expect.poll(() => mailsTo(email).length).toBe(before + 1);
  return decodeURIComponent(/\/auth\/reset\?token=([^\s]+)/.exec(mailsTo(email).at(-1)!.text)![1]);
}

const signInAnswer = async (device: SoftAuthenticator) => device.authenticate(await signInPasskeyOptions(s));

describe(`the mailbox is the root of trust on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("an attacker signs up with a passkey for the victim's address; the victim resets the password from the mailed link; the attacker's passkey and session are gone and the victim is told", async () => {
    const victim = address();
    const attacker = new SoftAuthenticator(s.config.PUBLIC_URL);
    const made = await signUpWithPasskey(
      s,
      attacker.register(await signUpPasskeyOptions(s, { name: "Mallory", email: victim })),
      headers("10.30.0.1"),
    );
    if (made.status !== "created") throw new Error("not created");
    const attackerCookie = made.headers.getSetCookie()[0].split(";")[0];
    // the confirmation link goes to the mailbox, i.e. to the victim, who did not sign up
    await expect.poll(() => mailsTo(victim).length).toBe(1);
    const confirmToken = /\/auth\/confirm\?token=([\w-]+)/.exec(mailsTo(victim)[0].text)![1];
    expect(mailsTo(victim)[0].text).toContain("/auth/forgot"); // "not you? set a password"
    // a click on it without the account's session blesses nothing
    await expect(confirmEmail(s, null, confirmToken, "")).rejects.toMatchObject({ status: 401 });
    expect((await s.db.select().from(profiles).where(eq(profiles.id, made.userId)))[0].emailVerified).toBe(false);
    // until then the attacker signs in with the passkey
    expect((await signInWithPasskey(s, await signInAnswer(attacker), headers("10.30.0.1"))).userId).toBe(made.userId);

    const token = await resetLinkToken(victim, "10.30.0.2");
    await resetPasswordWithToken(s, { token, password: "victim-pass-1" }, "en");

    await expect(signInWithPasskey(s, await signInAnswer(attacker), headers("10.30.0.1"))).rejects.toMatchObject({
      code: "passkeyUnknown",
    });
    expect(await s.db.select().from(passkeys).where(eq(passkeys.userId, made.userId))).toEqual([]);
    expect(await s.auth.api.getSession({ headers: new Headers({ cookie: attackerCookie }) })).toBeNull();
    expect((await s.db.select().from(profiles).where(eq(profiles.id, made.userId)))[0].emailVerified).toBe(true);
    // told: a mail in their language (the reset page's, no settings yet) and a notification in the app
    await expect.poll(() => mailsTo(victim).length).toBe(3);
    const told = mailsTo(victim)[2];
    expect(told.subject).toBe("Boonees: password set, other passkeys removed");
    expect(told.text).toContain("We removed 1 passkey that was added before the address was confirmed");
    const [note] = await s.db.select().from(notifications).where(eq(notifications.userId, made.userId));
    expect(note).toMatchObject({ title: "@credentialsRemoved:", message: "@credentialsRemovedMessage:1", read: false });
    // the account is the victim's now: the new password signs in; the link worked once
    expect((await signIn(s, { email: victim, password: "victim-pass-1" }, headers("10.30.0.2"))).userId).toBe(
      made.userId,
    );
    await expect(resetPasswordWithToken(s, { token, password: "another-pass" }, "en")).rejects.toMatchObject({
      code: "resetInvalid",
    });
  });

  it("an attacker's password and the passkey added to it: the reset replaces the one and removes the other (German mail)", async () => {
    const victim = address();
    const created = await s.auth.api.signUpEmail({
      body: { name: "Mallory", email: victim, password: "mallory-pw" },
      returnHeaders: true,
    });
    const userId = created.response.user.id;
    const attacker = new SoftAuthenticator(s.config.PUBLIC_URL);
    await addPasskey(
      s,
      { id: userId, role: "user" },
      attacker.register(await addPasskeyOptions(s, { id: userId, role: "user" })),
    );

    await resetPasswordWithToken(
      s,
      { token: await resetLinkToken(victim, "10.30.1.2"), password: "victim-pass-2" },
      "de",
    );

    await expect(signIn(s, { email: victim, password: "mallory-pw" }, headers("10.30.1.1"))).rejects.toMatchObject({
      code: "loginFailed",
    });
    await expect(signInWithPasskey(s, await signInAnswer(attacker), headers("10.30.1.1"))).rejects.toMatchObject({
      code: "passkeyUnknown",
    });
    await expect
      .poll(() => mailsTo(victim).at(-1)?.subject)
      .toBe("Boonees: Passwort neu gesetzt, fremde Passkeys entfernt");
    expect(mailsTo(victim).at(-1)!.text).toContain("haben wir 1 Passkey entfernt");
  });

  it("the owner confirms from the account's own session; a later reset keeps that passkey and ends the sessions; another account's session cannot confirm", async () => {
    const email = address();
    const device = new SoftAuthenticator(s.config.PUBLIC_URL);
    const made = await signUpWithPasskey(
      s,
      device.register(await signUpPasskeyOptions(s, { name: "Olga", email })),
      headers("10.30.2.1"),
    );
    if (made.status !== "created") throw new Error("not created");
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const confirmToken = /\/auth\/confirm\?token=([\w-]+)/.exec(mailsTo(email)[0].text)![1];
    const other = await signUpWithPasskey(
      s,
      new SoftAuthenticator(s.config.PUBLIC_URL).register(
        await signUpPasskeyOptions(s, { name: "Ivo", email: address() }),
      ),
      headers("10.30.2.3"),
    );
    if (other.status !== "created") throw new Error("not created");
    await expect(confirmEmail(s, { id: other.userId, role: "user" }, confirmToken, "")).rejects.toMatchObject({
      code: "confirmInvalid",
    });

    // signed in twice (the sign-up's session and a passkey sign-in elsewhere); the first confirms
    const cookie = made.headers.getSetCookie()[0].split(";")[0];
    const elsewhere = (await signInWithPasskey(s, await signInAnswer(device), headers("10.30.2.4"))).headers
      .getSetCookie()[0]
      .split(";")[0];
    const session = await s.auth.api.getSession({ headers: new Headers({ cookie }) });
    await confirmEmail(s, { id: made.userId, role: "user" }, confirmToken, session!.session.id);
    expect((await s.db.select().from(profiles).where(eq(profiles.id, made.userId)))[0].emailVerified).toBe(true);
    await expect(
      confirmEmail(s, { id: made.userId, role: "user" }, confirmToken, session!.session.id),
    ).rejects.toMatchObject({
      code: "confirmInvalid",
    }); // once
    expect(await s.auth.api.getSession({ headers: new Headers({ cookie: elsewhere }) })).toBeNull(); // from before the proof
    expect((await s.auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.id).toBe(made.userId); // the one that proved it

    await resetPasswordWithToken(s, { token: await resetLinkToken(email, "10.30.2.2"), password: "olga-pass-1" }, "de");
    expect(await s.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect((await signInWithPasskey(s, await signInAnswer(device), headers("10.30.2.1"))).userId).toBe(made.userId);
    expect(mailsTo(email)).toHaveLength(2); // the confirmation and the reset link; nothing was removed
    expect(await s.db.select().from(notifications).where(eq(notifications.userId, made.userId))).toEqual([]);
  });

  it("an expired reset link changes nothing: the passkey stays, no session ends", async () => {
    const victim = address();
    const attacker = new SoftAuthenticator(s.config.PUBLIC_URL);
    const made = await signUpWithPasskey(
      s,
      attacker.register(await signUpPasskeyOptions(s, { name: "Mallory", email: victim })),
      headers("10.30.3.1"),
    );
    if (made.status !== "created") throw new Error("not created");
    const token = await resetLinkToken(victim, "10.30.3.2");
    await s.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    await expect(resetPasswordWithToken(s, { token, password: "victim-pass-3" }, "de")).rejects.toMatchObject({
      code: "resetInvalid",
    });
    expect(
      await s.db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, made.userId))),
    ).toHaveLength(1);
  });
});
