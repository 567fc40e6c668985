import { z } from "zod";

/** An opaque cursor: the position a list's next page starts from, as base64url JSON. */
export const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The position in a cursor, or null when it is not one this list wrote (a 400 for the caller). */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T | null {
  if (cursor.length > 500) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
