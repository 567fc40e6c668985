import { describe, expect, it } from "vitest";

import { localTarget, safeLocalRedirect, safeRedirect } from "../../app/lib/safe-redirect.ts";

describe("safeRedirect", () => {
  it.each([
    ["/claim/ABC123", "/claim/ABC123"],
    ["/boonee/42?x=1", "/boonee/42?x=1"],
    ["/profile", "/profile"],
    ["/admin", "/profile"],
    ["https://evil.example/claim", "/profile"],
    ["//evil.example/claim", "/profile"],
    ["/\\evil.example", "/profile"],
    ["", "/profile"],
    [null, "/profile"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("safeLocalRedirect (?redirect= on /auth)", () => {
  it.each([
    ["/notifications", "/notifications"],
    ["/admin/claims?state=pending", "/admin/claims?state=pending"],
    ["/exclusive", "/exclusive"],
    ["https://evil.example/notifications", "/profile"],
    ["//evil.example/notifications", "/profile"],
    ["/\\evil.example", "/profile"],
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
    ["javascript:alert(1)", "/profile"],
    ["notifications", "/profile"],
    ["", "/profile"],
    // decided on the normalised path, not the raw value (each answered //evil.example before)
    ["/.//evil.example", "/profile"],
    ["/..//evil.example", "/profile"],
    ["/%2e%2e//evil.example", "/profile"],
    ["/profile/../..//evil.example", "/profile"],
    ["/\t/evil.example", "/profile"],
    ["/profile/../exclusive", "/exclusive"],
  ])("%s -> %s", (input, expected) => {
    expect(safeLocalRedirect(input)).toBe(expected);
  });
});

describe("localTarget (a notification's link)", () => {
  it.each([
    ["/boonee/7", "/boonee/7"],
    ["/.//evil.example", null],
    ["/\t/evil.example", null],
    ["https://evil.example", null],
    [null, null],
  ])("%s -> %s", (input, expected) => {
    expect(localTarget(input)).toBe(expected);
  });
});
