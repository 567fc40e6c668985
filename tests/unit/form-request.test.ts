import { describe, expect, it } from "vitest";

import { THROTTLE_KEY_MAX, throttleKey } from "../../server/domain/throttle.ts";
import { formTypeRefusal, readForm } from "../../server/form-request.ts";

// What a form is (decision 043): the rule the HTTP server applies before the claim fast path and
// React Router; the integration table is tests/integration/malformed-requests.test.ts.
describe("formTypeRefusal", () => {
  it.each([
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=UTF-8",
    "Application/X-WWW-Form-Urlencoded",
    "multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW",
    'multipart/form-data; boundary="a b:c"',
    "multipart/form-data;boundary=x",
    "MULTIPART/FORM-DATA; charset=utf-8; BOUNDARY=x",
  ])("lets %s through", (type) => expect(formTypeRefusal(type)).toBeNull());

  it.each([
    [undefined, 415],
    ["", 415],
    ["   ", 415],
    ["; boundary=x", 415],
    ["application/x-www-form-urlencodedXX", 415],
    ["application/x-www-form-urlencoded-x", 415],
    ["multipart/form-dataXX; boundary=x", 415],
    ["multipart/mixed; boundary=x", 415],
    ["text/plain", 415],
    ["application/json", 415],
    ["multipart/form-data", 400],
    ["multipart/form-data; boundary=", 400],
    ['multipart/form-data; boundary=""', 400],
    [`multipart/form-data; boundary=${"x".repeat(71)}`, 400],
    ["multipart/form-data; boundary=a\u00e4b", 400],
  ])("refuses %j with %i", (type, status) => expect(formTypeRefusal(type)?.status).toBe(status));
});

describe("readForm", () => {
  const post = (type: string | null, body?: string) =>
    new Request("http://x/", { method: "POST", headers: type === null ? {} : { "content-type": type }, body });
  it("reads a form and refuses what is not one", async () => {
    expect((await readForm(post("application/x-www-form-urlencoded", "intent=claim")))?.get("intent")).toBe("claim");
    expect(await readForm(post("multipart/form-data; boundary=x", "--x\r\nbroken"))).toBeNull();
    expect(await readForm(post("application/x-www-form-urlencodedXX", "intent=claim"))).toBeNull();
  });
});

describe("throttleKey", () => {
  it("keeps short keys and stores long ones bounded and distinct", () => {
    expect(throttleKey("signin:ip:1.2.3.4")).toBe("signin:ip:1.2.3.4");
    const a = throttleKey(`mail:${"a".repeat(60_000)}`);
    const b = throttleKey(`mail:${"a".repeat(59_999)}b`);
    expect(a.length).toBeLessThanOrEqual(THROTTLE_KEY_MAX);
    expect(a).not.toBe(b);
    expect(a.startsWith("mail:aaaa")).toBe(true);
  });
});
