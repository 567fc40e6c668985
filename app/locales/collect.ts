/** Each area keeps its texts in app/locales/{de,en}/<area>.json; the file name is the key prefix. */
export function collect(files: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(files).map(([file, messages]) => [file.replace(/^.*\/(.*)\.json$/, "$1"), messages]));
}
