import { describe, expect, it } from "vitest";

import { deviceName } from "../../server/passkeys/device-name.ts";

// Issue 35, item 15: a new passkey is named after its device, not "Passkey 1".
describe("a passkey's device name", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      null,
      "iPhone (Safari)",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      null,
      "iPhone (Chrome)",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/130.0 Mobile/15E148 Safari/605.1.15",
      null,
      "iPad (Firefox)",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      null,
      "Pixel 7 (Chrome)",
    ],
    // Chrome's reduced User-Agent hides the model: the client hint names it, else "Android"
    [
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Pixel 8a",
      "Pixel 8a (Chrome)",
    ],
    [
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "",
      "Android (Chrome)",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      null,
      "SM-S918B (Samsung Internet)",
    ],
    ["Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0", null, "Android (Firefox)"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      null,
      "Mac (Safari)",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      null,
      "Windows (Edge)",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", null, "Linux (Firefox)"],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      null,
      "Chromebook (Chrome)",
    ],
  ])("%s → %s", (ua, model, name) => {
    expect(deviceName(ua, model)).toBe(name);
  });

  it("knows nothing of an unknown device, and keeps a hint printable and short", () => {
    expect(deviceName("Vitest")).toBeNull();
    expect(deviceName(null)).toBeNull();
    expect(deviceName("Mozilla/5.0 (Linux; Android 14; K) Chrome/131.0 Mobile Safari/537.36", '"Pixel\u0007 7"')).toBe(
      "Pixel 7 (Chrome)",
    );
    expect(deviceName("Mozilla/5.0 (Linux; Android 14; K) Chrome/131.0 Mobile Safari/537.36", "X".repeat(200))).toBe(
      `${"X".repeat(30)} (Chrome)`,
    );
  });
});
