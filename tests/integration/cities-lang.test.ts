import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chosenLang } from "#shared/i18n-config.ts";

import { cityDefaultLang } from "../../server/domain/cities/city-default-lang.ts";
import { city, TOKYO } from "../support/factories.ts";
import { createTestServices, type TestServices } from "./harness.ts";

// Decision 053, follow-up: a city page opens in the city's language unless the visitor chose one.
let s: TestServices;

beforeAll(async () => {
  s = await createTestServices();
  await city(s.db, TOKYO);
});
afterAll(async () => s.close());

describe(`a city's default language on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("answers the city's language on its page only", async () => {
    expect(await cityDefaultLang(s.db, "/tokio")).toBe("en");
    expect(await cityDefaultLang(s.db, "/Tokio/")).toBe("en");
    expect(await cityDefaultLang(s.db, "/tokio.data")).toBe("en");
    expect(await cityDefaultLang(s.db, "/kiel")).toBe("de");
    expect(await cityDefaultLang(s.db, "/tokio/more")).toBeNull();
    expect(await cityDefaultLang(s.db, "/boonees")).toBeNull();
    expect(await cityDefaultLang(s.db, "/nowhere")).toBeNull();
    expect(await cityDefaultLang(s.db, "/")).toBeNull();
  });

  it("the toggle's cookie is a choice; no cookie is none", () => {
    expect(chosenLang("lang=de")).toBe("de");
    expect(chosenLang("a=1; lang=en")).toBe("en");
    expect(chosenLang("a=1")).toBeNull();
    expect(chosenLang(null)).toBeNull();
  });
});
