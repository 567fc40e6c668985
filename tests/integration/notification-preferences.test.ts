import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { notificationOptOuts } from "../../server/db/schema.ts";
import { saveNotificationPreferences } from "../../server/domain/notifications/save-notification-preferences.ts";
import { preferencesSchema } from "../../shared/schemas/channels.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 35, item 15: collectors see no team-only preference row (reports on figures go to staff only),
// and saving their form does not touch the preferences of that row (a moderator's stay as they were).
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s?.close());

const optOuts = async (userId: string) =>
  (await s.db.select().from(notificationOptOuts).where(eq(notificationOptOuts.userId, userId)))
    .map((o) => `${o.channel}.${o.kind}`)
    .sort();

describe(`notification preferences on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("saves only the rows the person's form shows: a collector's save leaves the team-only rows as they were", async () => {
    const person = await createUser(s, "Ex-Moderatorin");
    // as a moderator, reports by e-mail were switched off; everything else on
    const moderatorForm = preferencesSchema.parse({
      language: "de",
      "push.figureReported": "on",
      "push.dropReleased": "on",
      "email.dropReleased": "on",
    });
    await saveNotificationPreferences(s.db, { id: person.id, role: "moderator" }, moderatorForm, "de");
    expect(await optOuts(person.id)).toContain("email.figureReported");
    expect(await optOuts(person.id)).not.toContain("push.figureReported");

    // back to collector: the form has no team-only row, so nothing of it is posted
    const collectorForm = preferencesSchema.parse({ language: "en", "push.dropReleased": "on" });
    await saveNotificationPreferences(s.db, { id: person.id, role: "user" }, collectorForm, "de");
    const after = await optOuts(person.id);
    expect(after).toContain("email.dropReleased"); // the collector's own change is saved
    expect(after).toContain("email.figureReported"); // kept
    expect(after).not.toContain("push.figureReported"); // not switched off by a row the form never showed
  });
});
