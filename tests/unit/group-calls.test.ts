import { describe, expect, it } from "vitest";

import { groupCalls } from "../../server/db/group-calls.ts";

describe("groupCalls (decision 057)", () => {
  it("callers of one turn share a statement; callers during it share the next", async () => {
    const statements: number[][] = [];
    let release = () => {};
    const call = groupCalls(async (items: number[]) => {
      statements.push(items);
      if (statements.length === 1) await new Promise<void>((r) => (release = r));
      return items.length;
    });
    const first = [call(1), call(2), call(3)];
    await Promise.resolve();
    await Promise.resolve();
    const later = [call(4), call(5)];
    release();
    expect(await Promise.all(first)).toEqual([3, 3, 3]);
    expect(await Promise.all(later)).toEqual([2, 2]);
    expect(statements).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("a failed statement fails exactly its own callers", async () => {
    let calls = 0;
    const call = groupCalls(async (items: string[]) => {
      if (calls++ === 0) throw new Error("database gone");
      return items;
    });
    const failed = Promise.allSettled([call("a"), call("b")]);
    const results = await failed;
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(await call("c")).toEqual(["c"]);
  });
});
