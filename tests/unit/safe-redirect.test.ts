import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/safe-redirect.ts";

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
