import { describe, expect, it } from "vitest";

import { isReservedCitySlug } from "#shared/city-slug.ts";
import { ROUTE_POLICIES, routeOf } from "#shared/route-policy.ts";
import { citySchema } from "#shared/schemas/city.ts";

const valid = {
  nameDe: "Lübeck",
  nameEn: "Lubeck",
  slug: "luebeck",
  timeZone: "Europe/Berlin",
  defaultLang: "de",
  country: "de",
};

describe("city slugs (decision 053)", () => {
  it("refuses the first segment of every route and the server's own paths", () => {
    for (const pattern of Object.keys(ROUTE_POLICIES)) {
      const first = pattern.split("/")[1] ?? "";
      if (first === "" || first.startsWith(":") || first === "*") continue;
      expect(isReservedCitySlug(first), first).toBe(true);
    }
    for (const word of ["boonees", "admin", "c", "s", "api", "uploads", "healthz", "assets", "images"])
      expect(isReservedCitySlug(word), word).toBe(true);
    expect(isReservedCitySlug("kiel")).toBe(false);
  });

  it("gives a city's page its own route, below every fixed one", () => {
    expect(routeOf("/kiel")).toBe("/:city");
    expect(routeOf("/boonees")).toBe("/boonees");
    expect(routeOf("/kiel.data")).toBe("/:city");
    expect(routeOf("/kiel/more")).toBe("/*");
  });

  it("validates the admin's input with translation keys as errors", () => {
    expect(citySchema.parse(valid)).toMatchObject({ slug: "luebeck", country: "DE", areaDe: "", operatorName: null });
    const errors = (input: object) => citySchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);
    expect(errors({ slug: "drops" })).toEqual(["admin.cities.error.slugReserved"]);
    expect(errors({ slug: "Lü beck" })).toEqual(["admin.cities.error.slugPattern"]);
    expect(errors({ timeZone: "Mars/Olympus" })).toEqual(["admin.cities.error.timeZone"]);
    expect(errors({ timeZone: "Asia/Tokyo" })).toBeUndefined();
    expect(errors({ country: "Deutschland" })).toEqual(["admin.cities.error.country"]);
    expect(errors({ nameDe: "  " })).toEqual(["admin.cities.error.nameRequired"]);
    expect(errors({ operatorEmail: "no-mail" })).toEqual(["admin.cities.error.operatorEmail"]);
  });
});
