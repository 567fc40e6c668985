import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Rolling deploys (docs/deploy.md): while a new version migrates, the previous one still serves on
// the same database, so a migration may only expand the schema. A step that takes something away
// (drop, rename, a new NOT NULL without a default, a changed type) is a contract step: it ships one
// release after the code stopped using the thing, and is listed here with that reason.
const CONTRACT_STEPS: Record<string, string> = {
  // The column is replaced in the same migration by a generated one of the same name and type: readers see no gap.
  '0010_put_right.sql: ALTER TABLE "claims" DROP COLUMN "verified"': "replaced in place by a generated column",
};

const RULES: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|COLUMN|VIEW|MATERIALIZED\s+VIEW|TYPE)\b/i, "drops what the previous release may read"],
  [/\bRENAME\b/i, "renames what the previous release may read"],
  [/\bALTER\s+COLUMN\s+\S+\s+SET\s+NOT\s+NULL\b/i, "makes the previous release's inserts fail"],
  [/\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, "changes a type under the previous release"],
];

/** The statements of a migration that are not expand-only, each with why. */
function contractStatements(sqlText: string): { statement: string; why: string }[] {
  const statements = sqlText
    .replace(/--> statement-breakpoint/g, ";")
    .replace(/--[^\n]*/g, "")
    .split(";")
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const found: { statement: string; why: string }[] = [];
  for (const statement of statements) {
    const rule = RULES.find(([re]) => re.test(statement));
    if (rule) found.push({ statement, why: rule[1] });
    else if (
      /\bADD\s+COLUMN\b/i.test(statement) &&
      /\bNOT\s+NULL\b/i.test(statement) &&
      !/\b(DEFAULT|GENERATED)\b/i.test(statement)
    )
      found.push({ statement, why: "a NOT NULL column without a default makes the previous release's inserts fail" });
  }
  return found;
}

const folder = path.resolve(import.meta.dirname, "../../server/db/migrations");

describe("migrations are expand-only", () => {
  it("finds a drop, a rename, a new NOT NULL without a default and a changed type", () => {
    const sqlText = [
      'ALTER TABLE "boonees" DROP COLUMN "name";',
      'ALTER TABLE "boonees" RENAME COLUMN "name" TO "title";--> statement-breakpoint',
      'ALTER TABLE "boonees" ADD COLUMN "title_en" text NOT NULL;',
      'ALTER TABLE "boonees" ALTER COLUMN "name" SET NOT NULL;',
      'ALTER TABLE "boonees" ALTER COLUMN "number" SET DATA TYPE bigint;',
      'ALTER TABLE "boonees" ADD COLUMN "title_de" text DEFAULT \'\' NOT NULL;',
      "-- DROP TABLE in a comment is fine",
    ].join("\n");
    expect(contractStatements(sqlText).map((s) => s.statement.split(" ").slice(3, 5).join(" "))).toEqual([
      "DROP COLUMN",
      "RENAME COLUMN",
      "ADD COLUMN",
      "ALTER COLUMN",
      "ALTER COLUMN",
    ]);
  });

  it("has no contract step outside the allow-list", () => {
    const unlisted = readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .flatMap((file) =>
        contractStatements(readFileSync(path.join(folder, file), "utf8"))
          .map((s) => `${file}: ${s.statement}`)
          .filter((key) => !CONTRACT_STEPS[key])
          .map((key) => `${key} (${contractStatements(key).map((s) => s.why)[0] ?? ""})`),
      );
    expect(unlisted).toEqual([]);
  });
});
