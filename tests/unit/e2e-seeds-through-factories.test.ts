import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { ROOT, sourceFilesIn } from "../support/source-files.ts";

// Issue 36 item 5: the e2e specs and their fixtures seed rows through tests/support/factories.ts (the same
// factories as the integration tests), never with their own `db.insert`: a table's new required column is
// then fixed in one place, and a row means the same thing in every test.

/** A drizzle insert (`db.insert(…)`, `tx\n  .insert(…)`), outside comments. */
const INSERT = /\.\s*insert\s*\(/;

function inserts(code: string) {
  return code
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .split("\n")
    .flatMap((line, i) => (INSERT.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("e2e seeds go through the factories", () => {
  it("no file under tests/e2e calls db.insert itself", () => {
    const found = sourceFilesIn(path.join(ROOT, "tests/e2e")).flatMap((f) =>
      inserts(readFileSync(f, "utf8")).map((l) => `${path.relative(ROOT, f)}:${l}`),
    );
    expect(found).toEqual([]);
  });

  it("the check finds an insert, also one continued on the next line, and not one in a comment", () => {
    expect(inserts("await db.insert(schema.claims).values(x);")).toHaveLength(1);
    expect(inserts("const [d] = await db\n    .insert(schema.drops)\n    .values(x)")).toHaveLength(1);
    expect(inserts("// db.insert(schema.claims) is for the factories\nawait claimRow(db, x);")).toEqual([]);
  });
});
