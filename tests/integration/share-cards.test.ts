import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { boonees } from "../../server/db/schema.ts";
import { createHttpApp } from "../../server/http.ts";
import { CARD_MISS_RULE } from "../../server/share-card/share-cards.ts";
import { freePort, ROOT } from "../support/instances.ts";
import { createTestServices, type TestServices } from "./harness.ts";

// Issue 34 item 6: a share card costs 100–300 ms of CPU to draw. An anonymous client cycling through
// many figures and both languages must not keep the CPU busy: cards are kept on disk by what they show,
// drawn one at a time, and new ones are throttled per network (a /24, a /48). Issue 35 item 13: the demo
// figures' sample pictures are drawn. Both databases, over HTTP against the built app.
const buildDir = path.join(ROOT, process.env.BUILD_DIR ?? "build");
const hasBuild = existsSync(path.join(buildDir, "server/index.js"));
const IP_HEADER = "x-test-client-ip";

let s: TestServices;
let server: ServerType;
let base = "";
const card = (url: string, ip: string) => fetch(`${base}${url}`, { headers: { [IP_HEADER]: ip } });
const figures = async (count: number, imageUrl: string | null = null) =>
  (
    await s.db
      .insert(boonees)
      .values(
        Array.from({ length: count }, (_, i) => ({ name: `Kartenmonster ${i}`, status: "Placed" as const, imageUrl })),
      )
      .returning({ id: boonees.id })
  ).map((b) => b.id);

beforeAll(async () => {
  if (!hasBuild && !process.env.CI) return;
  s = await createTestServices();
  s.config.CLIENT_IP_HEADER = IP_HEADER; // as behind a proxy on 127.0.0.1 (trusted by default) that names the client
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const { app } = createHttpApp(s, build, { clientDir: path.join(buildDir, "client"), pageCache: false });
  const port = await freePort();
  server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await s?.close();
});

describe.skipIf(!hasBuild && !process.env.CI)(
  `share cards on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
  () => {
    it("an address cycling through many figures in both languages draws at most the network's budget; drawn cards stay served, other networks get theirs", async () => {
      const ids = await figures(Math.ceil(CARD_MISS_RULE.limit / 2) + 1);
      const urls = ids.flatMap((id) => [`/og/boonee/${id}/de`, `/og/boonee/${id}/en`]);
      // many addresses of one /24 share the budget
      const answers = [];
      for (const [i, url] of urls.entries()) answers.push((await card(url, `203.0.113.${i % 250}`)).status);
      expect(answers.slice(0, CARD_MISS_RULE.limit)).toEqual(Array(CARD_MISS_RULE.limit).fill(200));
      expect(answers.slice(CARD_MISS_RULE.limit)).toEqual([429, 429]);
      const refused = await card(urls.at(-1)!, "203.0.113.7");
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      // a card already drawn is served to the same network at once, from disk
      const again = await card(urls[0], "203.0.113.9");
      expect(again.status).toBe(200);
      expect(again.headers.get("content-type")).toBe("image/png");
      expect(
        readdirSync(path.join(s.config.dataDir, "cache", "share-cards")).filter((f) => f.endsWith(".png")),
      ).toHaveLength(CARD_MISS_RULE.limit);
      // another network (and an IPv6 /48) still gets new cards
      expect((await card(urls.at(-1)!, "198.51.100.4")).status).toBe(200);
      expect((await card(urls.at(-2)!, "2001:db8:1::1")).status).toBe(200);
    });

    it("a changed figure is a new card (never a stale one); the same state is drawn once however often it is asked for", async () => {
      const [id] = await figures(1);
      const dir = path.join(s.config.dataDir, "cache", "share-cards");
      const before = readdirSync(dir).length;
      const first = await Promise.all(
        [1, 2, 3].map(() => card(`/og/boonee/${id}/de`, "192.0.2.1").then((r) => r.arrayBuffer())),
      );
      expect(new Set(first.map((b) => Buffer.from(b).toString("base64"))).size).toBe(1);
      expect(readdirSync(dir).length).toBe(before + 1);
      await s.db.update(boonees).set({ name: "Umbenanntes Kartenmonster" }).where(eq(boonees.id, id));
      const renamed = Buffer.from(await (await card(`/og/boonee/${id}/de`, "192.0.2.1")).arrayBuffer());
      expect(renamed.equals(Buffer.from(first[0]))).toBe(false);
      expect(readdirSync(dir).length).toBe(before + 2);
    });

    it("a demo figure's sample picture is drawn on its card (not the empty frame)", async () => {
      const sample = readdirSync(path.join(ROOT, "public/images/samples")).find((f) => f.endsWith(".svg"))!;
      const [withSample] = await figures(1, `/images/samples/${sample}`);
      const [without] = await figures(1, null);
      const pixel = async (id: string) => {
        const png = Buffer.from(await (await card(`/og/boonee/${id}/de`, "192.0.2.2")).arrayBuffer());
        // the middle of the picture frame (60 + 470 / 2, 80 + 470 / 2)
        const { data } = await sharp(png)
          .extract({ left: 295, top: 315, width: 1, height: 1 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        return [...data.subarray(0, 3)];
      };
      expect(await pixel(withSample)).not.toEqual(await pixel(without));
    });
  },
);
