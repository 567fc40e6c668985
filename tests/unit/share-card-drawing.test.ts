import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { createCardStore } from "../../server/share-card/card-store.ts";
import { cardFont, wrap } from "../../server/share-card/glyph-text.ts";

describe("share card drawing", () => {
  it("draws one card at a time however many new ones are asked for at once, and each once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "boonees-cards-"));
    const store = createCardStore(dir);
    let drawing = 0;
    let most = 0;
    let drawn = 0;
    const render = (n: number) => async () => {
      most = Math.max(most, ++drawing);
      drawn++;
      await new Promise((r) => setImmediate(r));
      drawing--;
      return Buffer.from(`card ${n}`);
    };
    const cards = await Promise.all([0, 1, 2, 0, 1, 2, 3].map((n) => store.card(`key ${n}`, render(n))));
    expect(cards.map((c) => c.png.toString())).toEqual([
      "card 0",
      "card 1",
      "card 2",
      "card 0",
      "card 1",
      "card 2",
      "card 3",
    ]);
    expect(most).toBe(1);
    expect(drawn).toBe(4);
    expect(readdirSync(dir).filter((f) => f.endsWith(".png"))).toHaveLength(4);
    // from disk afterwards: a new store (a restarted instance) draws nothing
    const again = await createCardStore(dir).card("key 2", render(99));
    expect([again.png.toString(), again.drawn, drawn]).toEqual(["card 2", false, 4]);
  });

  it("a refused miss draws nothing", async () => {
    const store = createCardStore(mkdtempSync(path.join(tmpdir(), "boonees-cards-")));
    const refuse = async () => {
      throw new Error("too many");
    };
    await expect(store.card("new", async () => Buffer.from("x"), refuse)).rejects.toThrow("too many");
  });

  it("breaks a long German compound after its hyphen instead of cutting it to one line", () => {
    const display = cardFont("display");
    expect(wrap(display, "Leuchtturm-Drop", 76, 554, 2)).toEqual(["Leuchtturm-", "Drop"]);
    expect(wrap(display, "Knäul der Große", 76, 554, 2)).toEqual(["Knäul der Große"]);
    const cut = wrap(display, "Ein sehr langer Titel der über mehrere Zeilen geht und abgeschnitten wird", 76, 554, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1].endsWith("…")).toBe(true);
  });
});
