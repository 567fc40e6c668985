/** Something that answers a SQL query with rows: a PGlite instance, a pg client or pool. */
export interface RowSource {
  // oxlint-disable-next-line typescript/no-explicit-any -- pg and PGlite constrain the row type differently
  query<T = any>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; rowCount?: number | null; affectedRows?: number }>;
  /** PGlite: several statements in one string. */
  exec?: (text: string) => Promise<unknown>;
}

export interface TableSummary {
  table: string;
  rows: number;
  /** md5 over the sorted md5s of every row's text form: independent of row order and of the server's collation. */
  checksum: string;
}

/** The app's tables (schema public), in name order. */
export async function appTables(db: RowSource): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname collate "C"`,
  );
  return rows.map((r) => r.name);
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Row count and checksum of every app table and of the applied migrations; the session's time zone is set to UTC first. */
export async function summarizeTables(db: RowSource): Promise<TableSummary[]> {
  await db.query("set timezone to 'UTC'");
  const tables = [...(await appTables(db)).map((t) => `public.${quoteIdent(t)}`), "drizzle.__drizzle_migrations"];
  const out: TableSummary[] = [];
  for (const table of tables) {
    const { rows } = await db.query<{ n: number; sum: string | null }>(
      `select count(*)::int as n, md5(string_agg(md5(t::text), '' order by md5(t::text) collate "C")) as sum from ${table} t`,
    );
    out.push({ table: table.replace(/^public\.|"/g, ""), rows: rows[0].n, checksum: rows[0].sum ?? "" });
  }
  return out;
}

/** The tables whose count or checksum differ between two summaries (a table missing on one side counts as different). */
export function differingTables(a: TableSummary[], b: TableSummary[]): string[] {
  const byName = new Map(b.map((s) => [s.table, s]));
  const names = new Set([...a.map((s) => s.table), ...b.map((s) => s.table)]);
  return [...names].filter((name) => {
    const x = a.find((s) => s.table === name);
    const y = byName.get(name);
    return !x || !y || x.rows !== y.rows || x.checksum !== y.checksum;
  });
}
