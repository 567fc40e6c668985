import { createHash } from "node:crypto";
import { sql, type Placeholder, type SQL } from "drizzle-orm";

import type { DbOrTx } from "./client.ts";

interface DrizzleInternals {
  dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
  session: {
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ) => { execute: (values: Record<string, unknown>) => Promise<unknown> };
  };
}

export type Placeholders<V> = { readonly [K in keyof V]: Placeholder<K & string> };

/**
 * A statement on a hot path (the claim's), built once (decision 038). `build` writes it with a
 * placeholder for each value (`p.code`, `p.userId`); its text is made on the first call only, and on
 * PostgreSQL it is a named prepared statement, parsed and planned once per pooled connection. Each
 * call then only binds its values: building the SQL and planning it were most of a claim's cost,
 * in the app and in the database. PGlite runs it like any statement.
 */
export function preparedStatement<V extends Record<string, unknown>, Row>(
  label: string,
  build: (p: Placeholders<V>) => SQL,
) {
  let built: { sql: string; params: unknown[] } | undefined;
  let name = "";
  const placeholders = new Proxy({} as Placeholders<V>, { get: (_, key) => sql.placeholder(String(key)) });
  return async (db: DbOrTx, values: V): Promise<Row[]> => {
    const drizzle = db as unknown as DrizzleInternals;
    if (!built) {
      built = drizzle.dialect.sqlToQuery(build(placeholders));
      name = `${label}_${createHash("sha1").update(built.sql).digest("hex").slice(0, 12)}`;
    }
    const result = (await drizzle.session.prepareQuery(built, undefined, name, false).execute(values)) as {
      rows: Row[];
    };
    return result.rows;
  };
}
