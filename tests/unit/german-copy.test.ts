import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The rules of app/locales/STYLE.md that a machine can check in the German texts. */
const dir = new URL("../../app/locales/de/", import.meta.url);

const flatten = (obj: unknown, prefix: string): [string, string][] =>
  typeof obj === "object" && obj
    ? Object.entries(obj).flatMap(([k, v]) => flatten(v, `${prefix}.${k}`))
    : [[prefix, String(obj)]];

const german: [string, string][] = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => flatten(JSON.parse(readFileSync(new URL(f, dir), "utf8")), f.replace(/\.json$/, "")));

/** Texts the spec fixes word for word (SPEC.md, error catalogue): they stay as written. */
const SPEC_FIXED = new Set([
  "byCode.invalidLink",
  "byCode.invalidCode",
  "byCode.notFound",
  "byCode.loadError",
  "story.success",
  "story.error.unauthorized",
  "story.error.titleTooShort",
  "story.error.storyTooShort",
  "story.error.saveFailed",
  "admin.create.error.codeRequired",
  "admin.create.codeGenerated",
  "admin.create.urlCopied",
]);

/** English UI words that slipped into German texts before (issue 18). "claim" only as the English word. */
const ENGLISH = [
  /\bAnonymous\b/i,
  /\bStoryteller\b/i,
  /\bCollector\b/i,
  /\bHoarder\b/i,
  /\bRare Hunter\b/i,
  /\bLegend Hunter\b/i,
  /\bFirst Find\b/i,
  /\bSeries Complete\b/i,
  /\bclaim\b/,
  /\bGallery\b/i,
  /\bCollection\b/i,
  /\bSign (in|up|out)\b/i,
  /\bLog ?(in|out)\b/i,
  /\bLoading\b/i,
  /\bAchievements?\b/i,
  /\bLeaderboard\b/i,
  /\bNotifications?\b/i,
  /\bSettings\b/i,
  /\bWelcome\b/i,
  /\bfirst come\b/i,
  /\b(you|your|the)\b/i,
];

/** Der Boonee: neuter forms ("das Boonee", "dieses Boonee", "ein neues Boonee") are the other gender. */
const NEUTER = /(?<!\p{L})(das|\p{L}*es)\s+Boonee(?![\p{L}-])/iu;
const OTHER_VERB = /beanspruch/i;

const checked = german.filter(([key]) => !SPEC_FIXED.has(key));

describe("German copy (app/locales/STYLE.md)", () => {
  it("reads every German text and knows every fixed key", () => {
    const keys = new Set(german.map(([key]) => key));
    expect(german.length).toBeGreaterThan(300);
    expect(
      [...SPEC_FIXED].filter((key) => !keys.has(key)),
      "fixed keys that no longer exist",
    ).toEqual([]);
  });

  it("has no English UI words outside the spec's fixed texts", () => {
    const found = checked.filter(([, text]) => ENGLISH.some((word) => word.test(text)));
    expect(found, "German texts with English words").toEqual([]);
  });

  it("says der Boonee, never das Boonee", () => {
    const found = checked.filter(([, text]) => NEUTER.test(text));
    expect(found, "neuter Boonee").toEqual([]);
  });

  it("uses one verb for claiming: claimen, never beanspruchen", () => {
    const found = checked.filter(([, text]) => OTHER_VERB.test(text));
    expect(found, "beanspruchen").toEqual([]);
  });

  it("words every finder-story field error in the spec's form: „Titel muss mindestens 3 Zeichen lang sein“ (issue 35, item 15)", () => {
    // the spec fixes two of them; the others read the same way (the field's name, muss/darf, no full stop)
    const fieldErrors = german.filter(([key]) => /^story\.error\.(title|story|location|date|lang)/.test(key));
    expect(fieldErrors.map(([key]) => key)).toHaveLength(8);
    const SPEC_FORM = /^(Titel|Story|Fundort|Funddatum|Sprache der Story) (muss|darf) [^.]+[^.!]$/;
    expect(fieldErrors.filter(([, text]) => !SPEC_FORM.test(text))).toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    expect(NEUTER.test("Hast du dieses Boonee gefunden?")).toBe(true);
    expect(NEUTER.test("Das Boonee gehört dir.")).toBe(true);
    expect(NEUTER.test("Jede Woche ein neues Boonee")).toBe(true);
    expect(NEUTER.test("Dieser Boonee gehört dir. Der Code dieses Boonees. Ein Boonee-Code.")).toBe(false);
    expect(ENGLISH.some((w) => w.test("Jetzt claim drücken"))).toBe(true);
    expect(ENGLISH.some((w) => w.test("Jetzt claimen, geclaimt, Claim-Code, Claims"))).toBe(false);
  });
});
