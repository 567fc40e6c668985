import { describe, expect, it } from "vitest";

import { createI18n } from "~/lib/i18n";
import { pickMessages, recordingTranslator } from "~/lib/page-messages";

// What a page's HTML carries of the language (decision 056): the texts it used and those beside them.
const messages = {
  nav: { menu: "Menü", gallery: "Galerie", deep: { x: "tief" } },
  admin: {
    title: "Verwaltung",
    users: { count_one: "{{count}} Person", count_other: "{{count}} Personen", block: "Sperren" },
  },
  stats: { title: "Statistiken" },
};

describe("the texts a page sends", () => {
  it("holds every text beside a used key, not the levels below nor other areas", () => {
    expect(pickMessages(messages, ["nav.menu", "admin.users.count"])).toEqual({
      nav: { menu: "Menü", gallery: "Galerie" },
      admin: { users: { count_one: "{{count}} Person", count_other: "{{count}} Personen", block: "Sperren" } },
    });
  });

  it("ignores keys that name nothing", () => {
    expect(pickMessages(messages, ["nope.x.y", "single", "stats.title.more"])).toEqual({});
  });

  it("gives the browser the same text the server rendered, plurals included", () => {
    const used = new Set<string>();
    const server = recordingTranslator(createI18n("de", messages), messages, used);
    const rendered = [server.t("admin.users.count" as never, { count: 2 }), server.t("nav.menu" as never)];
    const browser = createI18n("de", server.usedMessages!());
    expect([browser.t("admin.users.count" as never, { count: 2 }), browser.t("nav.menu" as never)]).toEqual(rendered);
    expect(rendered).toEqual(["2 Personen", "Menü"]);
  });

  it("tells the browser of a key it does not have", () => {
    const missing: string[] = [];
    const browser = createI18n("de", { nav: { menu: "Menü" } }, (key) => missing.push(key));
    expect(browser.t("stats.title" as never)).toBe("stats.title");
    expect(missing).toEqual(["stats.title"]);
  });
});
