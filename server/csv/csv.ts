/** A cell as spreadsheet programs read it safely: formulas defused, quotes where needed. */
export function csvCell(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  // CSV injection: a cell starting with = + - @ (or a tab/CR that hides one) would run as a formula.
  // So does a piece of a cell after a comma, semicolon or line break, in a spreadsheet that splits
  // there (German Excel splits on ";" and does not always honour quotes): each gets its apostrophe.
  text = text.replace(/([,;\r\n])([ "]*)(?=[=+\-@\t\r])/g, "$1$2'").replace(/^([ "]*)(?=[=+\-@\t\r])/, "$1'");
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The separator a spreadsheet expects: German Excel reads ";" (its list separator, since "," is the
 * decimal comma), English Excel ",". Both are quoted inside a cell, so either file stays readable.
 */
export type CsvSeparator = "," | ";";

export const csvLine = (cells: readonly (string | number | Date | null | undefined)[], separator: CsvSeparator = ",") =>
  `${cells.map(csvCell).join(separator)}\r\n`;

/**
 * A CSV body that reads its rows page by page (never the whole table in memory). Starts with a
 * byte-order mark so spreadsheet programs read umlauts as UTF-8.
 */
export function csvStream<T>(
  header: readonly string[],
  rows: AsyncIterable<T>,
  cells: (row: T) => readonly (string | number | Date | null | undefined)[],
  separator: CsvSeparator = ",",
) {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header, separator)}`));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLine(cells(next.value), separator)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * Reads a keyset-paged query to its end: `page(after)` returns up to `size` rows after the given
 * row (null: from the start), in the list's order.
 */
export async function* keysetRows<T>(page: (after: T | null) => Promise<T[]>, size: number): AsyncGenerator<T> {
  let after: T | null = null;
  for (;;) {
    const rows: T[] = await page(after);
    yield* rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}
