import { describe, expect, it } from "vitest";

import { claimCodeError, codeFromScan, generateClaimCode, GENERATED_ALPHABET } from "#shared/claim-code-rule.ts";
import { claimCodeSchema } from "#shared/claim-code.ts";

describe("claim code rules", () => {
  it.each([
    ["", "claim.error.empty"],
    ["   ", "claim.error.empty"],
    ["ABC12", "claim.error.invalidLength"],
    ["A".repeat(21), "claim.error.invalidLength"],
    ["ABC-123", "claim.error.invalidFormat"],
    ["ÄBC123", "claim.error.invalidFormat"],
    [" abc123 ", null],
  ])("%j -> %s", (input, error) => {
    expect(claimCodeError(input)).toBe(error);
  });

  it("normalises through the shared schema", () => {
    expect(claimCodeSchema.parse("  wusel7 ")).toBe("WUSEL7");
    expect(claimCodeSchema.safeParse("ab").error?.issues[0].message).toBe("claim.error.invalidLength");
  });

  it("generates 10-character codes without I, O, 0 or 1", () => {
    for (let i = 0; i < 500; i++) {
      const code = generateClaimCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      expect([...code].every((c) => GENERATED_ALPHABET.includes(c))).toBe(true);
    }
  });

  it.each([
    ["https://boonees.example/c/ab12cd", "AB12CD"],
    ["https://boonees.example/claim/WUSEL77/", "WUSEL77"],
    ["https://boonees.example/boonee?id=x&token=knorx9", "KNORX9"],
    [" zappo42 ", "ZAPPO42"],
    ["https://evil.example/somewhere", null],
    ["hello world", null],
  ])("reads %j from a QR or NFC payload", (payload, code) => {
    expect(codeFromScan(payload)).toBe(code);
  });
});
