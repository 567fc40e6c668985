import { describe, expect, it } from "vitest";

import { newestFind } from "../../app/lib/newest-find.ts";

const now = Date.UTC(2026, 10, 23, 18, 0);
const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
const owned = [
  { id: "a", claimedAt: hoursAgo(30) },
  { id: "b", claimedAt: hoursAgo(2) },
  { id: "c", claimedAt: hoursAgo(5) },
];

describe("the profile's new figure", () => {
  it("is the most recent find of the last 24 hours", () => {
    expect(newestFind(owned, null, now)).toBe("b");
    expect(newestFind([owned[0]], null, now)).toBeNull();
    expect(newestFind([], null, now)).toBeNull();
  });

  it("is the one named by ?new= when the collector owns it, never someone else's", () => {
    expect(newestFind(owned, "a", now)).toBe("a");
    expect(newestFind(owned, "not-mine", now)).toBe("b");
  });
});
