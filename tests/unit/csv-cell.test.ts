import { describe, expect, it } from "vitest";

import { csvCell, csvLine } from "../../server/csv/csv.ts";

const DANGEROUS = /^[=+\-@\t\r]/;
const FRAGMENTS = ["=1+1", "+49", "-2", "@SUM(A1)", "\t=x", "\r=x", " =x", '"=x', "plain", "Kiel", '"', " ", ""];
const SEPARATORS = [",", ";", "\n", "\r\n", ", ", "; ", ',"', ';"'];

/** Every cell value made of two fragments around a separator, and the fragments alone. */
const values = [
  ...FRAGMENTS,
  ...FRAGMENTS.flatMap((a) => SEPARATORS.flatMap((sep) => FRAGMENTS.map((b) => `${a}${sep}${b}`))),
];

describe("CSV cells in spreadsheets that split on , or ;", () => {
  it("no piece of a line, split on , ; or a line break, starts a formula (quotes and spaces stripped)", () => {
    for (const separator of [",", ";"] as const)
      for (const value of values) {
        const line = csvLine(["ok", value, value], separator);
        for (const piece of line.split(/[,;\r\n]/)) {
          expect(
            DANGEROUS.test(piece.replace(/^[ "]*/, "")),
            `${JSON.stringify(value)} -> ${JSON.stringify(line)}`,
          ).toBe(false);
        }
      }
  });

  it("keeps the text readable and quoted where a reader splits", () => {
    expect(csvCell("Hafen; =HYPERLINK(1)")).toBe(`"Hafen; '=HYPERLINK(1)"`);
    expect(csvCell("a,b")).toBe(`"a,b"`);
    expect(csvCell("Nr. 3 – Kiel")).toBe("Nr. 3 – Kiel");
  });

  it("separates with ; for German spreadsheets and , for English ones, quoting either inside a cell", () => {
    expect(csvLine(["Hafenwicht", "Kiel; Hafen", "1,5", 3], ";")).toBe(`Hafenwicht;"Kiel; Hafen";"1,5";3\r\n`);
    expect(csvLine(["Hafenwicht", "Kiel; Hafen", "1,5", 3], ",")).toBe(`Hafenwicht,"Kiel; Hafen","1,5",3\r\n`);
  });
});
