import { describe, expect, it } from "vitest";
import { safeLocalRedirect, safeRedirect } from "../../app/lib/safe-redirect.ts";

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
  ])("%s -> %s", (input, expected) => {
    expect(safeLocalRedirect(input)).toBe(expected);
  });
});
