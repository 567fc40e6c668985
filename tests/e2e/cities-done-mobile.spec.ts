import * as done from "./cities-done.ts";
import { test } from "./fixtures.ts";

// Issue 37's "Done when" on the phone, in English; the desktop in German is cities-done.spec.ts.
test("a Tokyo claim at 00:30 Tokyo time is dated that Tokyo day on every page and in the CSV (English)", async ({
  browser,
}) => {
  test.slow();
  await done.tokyoNightClaim(browser, "en", true);
});

test("the leaderboards per city and overall differ as they should (English)", async ({ browser }) => {
  test.slow();
  await done.leaderboardsDiffer(browser, "en", true);
});

test("the users page gives roles for cities; a city admin only for his own (English)", async ({ browser }) => {
  test.slow();
  await done.rolesForCities(browser, "en", true);
});

test("/drops and the activity log show a Tokyo drop in Tokyo time; the legal notice names the city's operator (English)", async ({
  browser,
}) => {
  test.slow();
  await done.cityTimesAndOperator(browser, "en", true);
});

test("a collector who follows only Lübeck gets the Lübeck drop in his bell and never the Tokyo drop (English)", async ({
  browser,
}) => {
  test.slow();
  await done.onlyFollowedCityDrops(browser, "en", true);
});
