import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { action } from "../../app/routes/collector/followed-cities.ts";
import type { Viewer } from "../../server/auth/viewer.ts";
import { followedCityIds } from "../../server/domain/cities/follow-city.ts";
import { langContext, servicesContext, viewerContext } from "../../server/router-context.ts";
import { city as cityRow } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// The profile's "cities you follow" form on the intent table (decisions 053, 054): a plain POST without
// an intent, answered by a redirect with a flash toast; a refusal changes nothing and says so.
let s: TestServices;
let user: Viewer;
let city: number;
beforeAll(async () => {
  s = await createTestServices();
  city = (await cityRow(s.db, { nameDe: "Folgestadt", nameEn: "Follow town", slug: "folgestadt" })).id;
  const u = await createUser(s, "Folge Nutzerin");
  user = { id: u.id, name: u.name, email: u.email, role: "user", sessionId: "s1", cities: null };
});
afterAll(async () => s.close());

async function post(cityIds: string[]) {
  const context = new RouterContextProvider();
  context.set(servicesContext, s);
  context.set(viewerContext, user);
  context.set(langContext, "de");
  const body = new URLSearchParams(cityIds.map((id) => ["cityId", id]));
  const request = new Request("http://localhost/profile/cities", { method: "POST", body });
  const answer = await action({ request, context, params: {} });
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookie: response.headers.get("set-cookie") ?? "",
  };
}

describe(`followed cities action (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("saves the ticked cities and goes back to the profile with a success toast", async () => {
    const r = await post([String(city)]);
    expect(r).toMatchObject({ status: 302, location: "/profile#followed-cities" });
    expect(r.cookie).toContain("cities.follows.saved");
    expect(await followedCityIds(s.db, user.id)).toEqual([city]);
  });

  it("refuses a malformed or unknown city with an error toast and changes nothing", async () => {
    for (const ids of [["abc"], [String(city), "999999"]]) {
      const r = await post(ids);
      expect(r).toMatchObject({ status: 302, location: "/profile#followed-cities" });
      expect(r.cookie).toContain("admin.cities.error.unknown");
      expect(await followedCityIds(s.db, user.id)).toEqual([city]);
    }
  });

  it("unticking every city follows none", async () => {
    await post([]);
    expect(await followedCityIds(s.db, user.id)).toEqual([]);
  });
});
