import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { followedCityIds } from "../../server/domain/cities/follow-city.ts";
import { city, createUser } from "../support/factories.ts";
import { postForm } from "../support/instances.ts";
import { createTestServices, type TestServices } from "./harness.ts";
import { buildPresent, serveBuild } from "./serve-build.ts";

// The public city page's follow button (decision 053) on the intent table (decision 054), through the real
// HTTP app: back to the city's page, a visitor to sign-in and back, an unknown intent or city refused.
let s: TestServices;
let app: Awaited<ReturnType<typeof serveBuild>>;
let base = "";

beforeAll(async () => {
  if (!buildPresent) return;
  s = await createTestServices();
  app = await serveBuild(s);
  base = app.base;
}, 180_000);
afterAll(async () => {
  if (!buildPresent) return;
  await app.close();
  await s.close();
});

describe.skipIf(!buildPresent)(
  `the city page's follow button (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
  () => {
    it("follows and unfollows the city and goes back to its page", async () => {
      const c = await city(s.db, { active: true });
      const u = await createUser(s, "Folgerin");
      const follow = await postForm(base, `/${c.slug}`, { intent: "follow" }, u.cookie);
      expect([follow.status, follow.headers.get("location")]).toEqual([302, `/${c.slug}`]);
      expect(await followedCityIds(s.db, u.id)).toContain(c.id);
      const unfollow = await postForm(base, `/${c.slug}`, { intent: "unfollow" }, u.cookie);
      expect([unfollow.status, unfollow.headers.get("location")]).toEqual([302, `/${c.slug}`]);
      expect(await followedCityIds(s.db, u.id)).not.toContain(c.id);
    });

    it("sends a visitor to sign-in and back; refuses an unknown intent or city and changes nothing", async () => {
      const c = await city(s.db, { active: true });
      const u = await createUser(s, "Vorsichtige");
      const visitor = await postForm(base, `/${c.slug}`, { intent: "follow" });
      expect([visitor.status, visitor.headers.get("location")]).toEqual([
        302,
        `/auth?redirect=${encodeURIComponent(`/${c.slug}`)}`,
      ]);
      expect((await postForm(base, `/${c.slug}`, { intent: "befriend" }, u.cookie)).status).toBe(400);
      expect((await postForm(base, "/nirgendwo-stadt", { intent: "follow" }, u.cookie)).status).toBe(404);
      expect(await followedCityIds(s.db, u.id)).not.toContain(c.id);
    });
  },
);
