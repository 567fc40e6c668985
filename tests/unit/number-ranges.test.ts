import { describe, expect, it } from "vitest";

import { numberRanges } from "../../app/lib/number-ranges.ts";

describe("numberRanges", () => {
  it("joins consecutive numbers into en-dash ranges", () => {
    expect(numberRanges([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe("1–12");
    expect(numberRanges([1, 2, 3, 5, 7, 8])).toBe("1–3, 5, 7–8");
  });
  it("sorts, drops repeats, and keeps single numbers", () => {
    expect(numberRanges([9, 2, 2, 4])).toBe("2, 4, 9");
    expect(numberRanges([7])).toBe("7");
    expect(numberRanges([])).toBe("");
  });
});
