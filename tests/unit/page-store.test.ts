import { describe, expect, it } from "vitest";

import { chooseEncoding } from "../../server/page-cache/accept-encoding.ts";
import { shareableHtml } from "../../server/page-cache/inline-script-hashes.ts";
import { createPageStore } from "../../server/page-cache/page-store.ts";
import { publicPageKey } from "../../server/page-cache/public-page-key.ts";

function clockedStore(limits: { maxEntries?: number; maxBytes?: number } = {}) {
  let t = 0;
  const store = createPageStore<string>({
    maxEntries: limits.maxEntries ?? 10,
    maxBytes: limits.maxBytes ?? 1_000,
    freshMs: 1_000,
    graceMs: 1_000,
    now: () => t,
  });
  const put = (key: string, value: string, size = 1) => store.begin(key).finish(value, size);
  return { store, put, advance: (ms: number) => (t += ms) };
}

describe("page store", () => {
  it("serves an entry for at most its fresh time", () => {
    const { store, put, advance } = clockedStore();
    put("de /boonees", "page");
    advance(999);
    expect(store.fresh("de /boonees")).toBe("page");
    advance(1);
    expect(store.fresh("de /boonees")).toBeUndefined();
  });

  it("bridges a refresh with the previous copy for at most the grace time, and never after a change", () => {
    const { store, put, advance } = clockedStore();
    put("de /boonees", "page");
    advance(1_500);
    expect(store.stale("de /boonees")).toBe("page");
    advance(500);
    expect(store.stale("de /boonees")).toBeUndefined();
    put("de /", "landing");
    advance(1_200);
    store.invalidate();
    expect(store.stale("de /")).toBeUndefined();
  });

  it("hands a fill to everyone waiting, and stores nothing rendered before a change", async () => {
    const { store } = clockedStore();
    const fill = store.begin("de /boonees");
    const waiting = store.pending("de /boonees");
    store.invalidate();
    // a visitor who comes after the change does not wait for the older render
    expect(store.pending("de /boonees")).toBeUndefined();
    fill.finish("before the claim", 1);
    expect(await waiting).toBe("before the claim");
    expect(store.fresh("de /boonees")).toBeUndefined();
  });

  it("drops the least recently used entries beyond its entry and byte limits", () => {
    const { store, put } = clockedStore({ maxEntries: 2 });
    put("a", "A");
    put("b", "B");
    store.fresh("a");
    put("c", "C");
    expect([store.fresh("a"), store.fresh("b"), store.fresh("c")]).toEqual(["A", undefined, "C"]);
    const bytes = clockedStore({ maxBytes: 100 });
    bytes.put("a", "A", 40);
    bytes.put("b", "B", 40);
    bytes.put("c", "C", 40);
    expect(bytes.store.size()).toEqual({ entries: 2, bytes: 80 });
    expect(bytes.store.fresh("a")).toBeUndefined();
    bytes.put("huge", "Y", 101);
    expect(bytes.store.fresh("huge")).toBeUndefined();
  });
});

describe("shared page rules", () => {
  const req = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    new Request(`http://x${url}`, { headers, method });

  it("keys public pages by language, path and query, and refuses personal requests", () => {
    expect(publicPageKey(req("/boonees?rarity=Rare"))).toBe("auto /boonees?rarity=Rare");
    expect(publicPageKey(req("/boonees", { cookie: "lang=en" }))).toBe("en /boonees");
    expect(publicPageKey(req("/_root.data"))).toBe("auto /_root.data");
    // a file at the top level is the static server's, though `/:city` matches its path
    for (const file of ["/sw.js", "/manifest.webmanifest", "/offline.html", "/favicon.svg"])
      expect(publicPageKey(req(file))).toBeNull();
    expect(publicPageKey(req("/kiel"))).toBe("auto /kiel");
    expect(publicPageKey(req("/boonee/abc.data?_routes=x"))).toBe("auto /boonee/abc.data?_routes=x");
    expect(publicPageKey(req("/boonees", { cookie: "lang=en; better-auth.session_token=abc" }))).toBeNull();
    expect(publicPageKey(req("/boonees", { cookie: "flash=story.success" }))).toBeNull();
    expect(publicPageKey(req("/boonees", { authorization: "Bearer x" }))).toBeNull();
    expect(publicPageKey(req("/boonees", {}, "POST"))).toBeNull();
    for (const path of ["/claim", "/c/ABC123", "/profile", "/admin", "/auth", "/boonee", "/notifications"])
      expect(publicPageKey(req(path)), path).toBeNull();
  });

  it("picks brotli, gzip or plain text from Accept-Encoding", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(null)).toBe("identity");
  });

  it("removes the render's nonce and lists each inline script's hash", () => {
    const html = `<script nonce="N1">a()</script><noscript><script nonce="N1" type="module">b()</script><script src="/x.js" nonce="N1"></script></noscript>`;
    const shared = shareableHtml(html, "N1");
    expect(shared.html).not.toContain("nonce");
    expect(shared.scriptSources).toHaveLength(2);
    expect(shared.scriptSources[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});
