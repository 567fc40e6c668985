import * as done from "./cities-done.ts";
import { test } from "./fixtures.ts";

// Issue 37's "Done when" on the desktop, in German; the phone in English is cities-done-mobile.spec.ts.
test("a Tokyo claim at 00:30 Tokyo time is dated that Tokyo day on every page and in the CSV (German)", async ({
  browser,
}) => {
  test.slow();
  await done.tokyoNightClaim(browser, "de");
});

test("the leaderboards per city and overall differ as they should (German)", async ({ browser }) => {
  test.slow();
  await done.leaderboardsDiffer(browser, "de");
});

test("the users page gives roles for cities; a city admin only for his own (German)", async ({ browser }) => {
  test.slow();
  await done.rolesForCities(browser, "de");
});

test("/drops and the activity log show a Tokyo drop in Tokyo time; the legal notice names the city's operator (German)", async ({
  browser,
}) => {
  test.slow();
  await done.cityTimesAndOperator(browser, "de");
});

test("a collector who follows only Lübeck gets the Lübeck drop in his bell and never the Tokyo drop (German)", async ({
  browser,
}) => {
  test.slow();
  await done.onlyFollowedCityDrops(browser, "de");
});
