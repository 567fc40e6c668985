import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// The server's translator (push, e-mail, share cards) finds app/locales wherever the bundler puts it: a
// lazy import once moved it into build/server/assets/, a fixed relative path pointed nowhere and every
// share card answered 500.
const root = path.resolve(import.meta.dirname, "../..");
const deep = path.join(root, ".tmp", "translator-test", "build", "server", "assets");

afterAll(() => rmSync(path.join(root, ".tmp", "translator-test"), { recursive: true, force: true }));

describe("server translator", () => {
  it("reads the app's texts from its own folder and from a chunk three folders deeper", async () => {
    const here = await import("../../server/notify/translate.ts");
    expect(here.translator("de")("notify.achievementTitle", { name: "X" })).toBe("Neuer Erfolg: X");
    mkdirSync(deep, { recursive: true });
    const copy = path.join(deep, "translate-chunk.ts");
    copyFileSync(path.join(root, "server/notify/translate.ts"), copy);
    const moved = await import(pathToFileURL(copy).href);
    expect(moved.translator("en")("notify.achievementTitle", { name: "X" })).toBe("New achievement: X");
  });
});
