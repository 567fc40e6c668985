import { tz, TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";

/**
 * The value of a <input type="datetime-local"> ("YYYY-MM-DDTHH:mm" or with ":ss") read as a time in
 * the configured zone (decision 006), whatever zone the server or the admin's browser runs in.
 */
export const ZONED_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export function fromZonedInput(value: string, zone: string): Date | null {
  const m = ZONED_INPUT.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const date = new TZDate(y, mo - 1, d, h, mi, s, zone);
  // 2026-02-31 rolls over: refuse what is not a real calendar time
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return new Date(date.getTime());
}

/** An instant as a datetime-local value in the zone (seconds included), for an edit form. */
export const toZonedInput = (d: Date | string, zone: string) =>
  format(new Date(d), "yyyy-MM-dd'T'HH:mm:ss", { in: tz(zone) });
