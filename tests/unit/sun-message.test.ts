import { describe, expect, it } from "vitest";

import { verifyEncryptedSun, verifyPlainSun } from "../../server/sun/sun-message.ts";

// Public test vectors: NXP AN12196 (all keys zero) and the boltcard project's docs/TEST_VECTORS.md.
const zero = new Uint8Array(16);
const key = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));
const anyTag = () => zero;

describe("SUN messages (NTAG 424 DNA, AES)", () => {
  it("reads AN12196's encrypted PICC example (p. 12): UID 04DE5F1EACC040, counter 61", () => {
    expect(
      verifyEncryptedSun({ piccData: "EF963FF7828658A599F3041510671E88", cmac: "94EED9EE65337086" }, zero, anyTag),
    ).toEqual({
      ok: true,
      uid: "04DE5F1EACC040",
      counter: 61,
    });
  });

  it("checks AN12196's example with encrypted file data (p. 18): the MAC covers '<enc>&cmac='", () => {
    const enc = "CEE9A53E3E463EF1F459635736738962";
    const result = verifyEncryptedSun(
      { piccData: "FD91EC264309878BE6345CBE53BADF40", cmac: "ECC1E7F6C6C73BF6", macInput: `${enc}&cmac=` },
      zero,
      anyTag,
    );
    expect(result).toMatchObject({ ok: true, counter: 8 });
    // the same MAC over an empty input is not the tag's
    expect(
      verifyEncryptedSun({ piccData: "FD91EC264309878BE6345CBE53BADF40", cmac: "ECC1E7F6C6C73BF6" }, zero, anyTag),
    ).toEqual({
      ok: false,
      reason: "bad-mac",
    });
  });

  it("checks the plain mirror example (uid, ctr, cmac)", () => {
    expect(verifyPlainSun({ uid: "041E3C8A2D6B80", ctr: "000006", cmac: "4B00064004B0B3D3" }, anyTag)).toEqual({
      ok: true,
      uid: "041E3C8A2D6B80",
      counter: 6,
    });
  });

  it.each([
    ["4E2E289D945A66BB13377A728884E867", "E19CCB1FED8892CE", 3],
    ["00F48C4F8E386DED06BCDC78FA92E2FE", "66B4826EA4C155B4", 5],
    ["0DBF3C59B59B0638D60B5842A997D4D1", "CC61660C020B4D96", 7],
  ])("checks boltcard's vector p=%s with its own keys K1/K2 (counter %i)", (p, c, counter) => {
    const k1 = key("0c3b25d92b38ae443229dd59ad34b85d");
    const k2 = key("b45775776cb224c75bcde7ca3704e933");
    expect(verifyEncryptedSun({ piccData: p, cmac: c }, k1, (uid) => (uid === "04996C6A926980" ? k2 : null))).toEqual({
      ok: true,
      uid: "04996C6A926980",
      counter,
    });
  });

  it("refuses a tampered CMAC, a wrong key, an unknown tag and an LRP-length payload", () => {
    const picc = "EF963FF7828658A599F3041510671E88";
    expect(verifyEncryptedSun({ piccData: picc, cmac: "94EED9EE65337087" }, zero, anyTag)).toEqual({
      ok: false,
      reason: "bad-mac",
    });
    expect(verifyEncryptedSun({ piccData: picc, cmac: "94EED9EE65337086" }, zero, () => key("01".repeat(16)))).toEqual({
      ok: false,
      reason: "bad-mac",
    });
    expect(verifyEncryptedSun({ piccData: picc, cmac: "94EED9EE65337086" }, zero, () => null)).toEqual({
      ok: false,
      reason: "bad-mac",
    });
    expect(
      verifyEncryptedSun(
        { piccData: "AAE1508939ECF6FF26BCE407959AB1A5EC022819A35CD293", cmac: "5E3DB82C19E3865F" },
        zero,
        anyTag,
      ),
    ).toEqual({ ok: false, reason: "lrp" });
    expect(verifyPlainSun({ uid: "041E3C8A2D6B80", ctr: "000007", cmac: "4B00064004B0B3D3" }, anyTag)).toEqual({
      ok: false,
      reason: "bad-mac",
    });
    expect(verifyPlainSun({ uid: "zz", ctr: "000006", cmac: "4B00064004B0B3D3" }, anyTag)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });
});
