import { ENGLISH, operatorAddsTwoCities } from "./cities.ts";
import { test, useEnglish } from "./fixtures.ts";

// Issue 37 (decision 053) on the phone, in English; the desktop in German is cities.spec.ts.
test("an admin adds Lübeck and Tokyo on the phone: the checklist blocks activation, both are on /, each page shows its own figures (English)", async ({
  page,
}) => {
  test.slow();
  await useEnglish(page);
  await operatorAddsTwoCities(page, ENGLISH);
});
