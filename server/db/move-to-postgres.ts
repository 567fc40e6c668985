import { readMigrationFiles } from "drizzle-orm/migrator";

import { migrationsFolder } from "./client.ts";
import {
  appTables,
  differingTables,
  quoteIdent,
  summarizeTables,
  type RowSource,
  type TableSummary,
} from "./table-checksums.ts";

const ROWS_PER_INSERT_PARAMS = 30_000;

export interface MoveResult {
  tables: TableSummary[];
  /** True when the embedded database's session secret (a file in DATA_DIR) was stored in the target for every instance. */
  sessionSecretStored: boolean;
}

/**
 * Copies every row of the embedded database `source` into the empty PostgreSQL database behind `target`, in one
 * transaction: the schema by the migrations, then the rows with foreign keys and triggers off (the counters the
 * triggers keep are copied as they are), the sequences, then foreign keys and triggers back and a count and
 * checksum compared per table. Any difference rolls everything back.
 */
export async function moveToPostgres(opts: {
  source: RowSource;
  target: RowSource;
  /** Stored as the shared session secret when the source has none (the embedded app keeps it in a file). */
  sessionSecret?: string;
  onTable?: (summary: TableSummary) => void;
  /** Tables whose rows stay behind (a backup's copy: BACKUP_LEAVES_OUT); they are left empty and out of the comparison. */
  leaveOut?: readonly string[];
}): Promise<MoveResult> {
  const { source, target } = opts;
  await refuseNonEmpty(target);
  await target.query("BEGIN");
  try {
    await target.query("SET LOCAL timezone TO 'UTC'");
    await source.query("set timezone to 'UTC'");
    await applyMigrations(target);
    const tables = await appTables(target);
    const missing = (await appTables(source)).filter((t) => !tables.includes(t));
    if (missing.length)
      throw new Error(`The embedded database has tables this version does not know: ${missing.join(", ")}`);
    const foreignKeys = await target.query<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const fk of foreignKeys.rows)
      await target.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
    const qualified = [...tables.map((t) => `public.${quoteIdent(t)}`), "drizzle.__drizzle_migrations"];
    // Rows the migrations seeded are in the source too: the source's rows are the truth.
    await target.query(`TRUNCATE ${qualified.join(", ")}`);
    for (const t of qualified) await target.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
    const left = new Set(opts.leaveOut ?? []);
    for (const t of qualified) if (!left.has(t.replace(/^public\.|"/g, ""))) await copyRows(source, target, t);
    for (const t of qualified) await target.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
    for (const fk of foreignKeys.rows)
      await target.query(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def}`);
    await copySequences(source, target);

    const kept = (list: TableSummary[]) => list.filter((s) => !left.has(s.table));
    const expected = kept(await summarizeTables(source));
    const actual = kept(await summarizeTables(target));
    const differing = differingTables(expected, actual);
    if (differing.length)
      throw new Error(`Copy differs from the embedded database in: ${differing.join(", ")} (nothing was written)`);
    for (const s of actual) opts.onTable?.(s);

    let sessionSecretStored = false;
    if (opts.sessionSecret) {
      const r = await target.query(
        `insert into app_secrets (name, value) values ('session', $1) on conflict (name) do nothing`,
        [opts.sessionSecret],
      );
      sessionSecretStored = (r.rowCount ?? r.affectedRows) === 1;
    }
    await target.query("COMMIT");
    return { tables: actual, sessionSecretStored };
  } catch (e) {
    await target.query("ROLLBACK").catch(() => {});
    throw e;
  }
}

async function refuseNonEmpty(target: RowSource) {
  const { rows } = await target.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'
        and n.nspname not like 'pg_toast_temp%' and c.relkind in ('r', 'p', 'v', 'm', 'S') limit 3`,
  );
  if (rows.length)
    throw new Error(
      `The target database is not empty (it has ${rows.map((r) => r.name).join(", ")}…). Move into a new, empty database (createdb).`,
    );
}

/** What drizzle's migrator does, inside our transaction (its own would commit half-way). */
async function applyMigrations(target: RowSource) {
  await target.query("CREATE SCHEMA IF NOT EXISTS drizzle");
  await target.query(
    "CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)",
  );
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    // a hand-written migration chunk may hold several statements: PGlite runs those only through exec
    for (const statement of migration.sql) await (target.exec ? target.exec(statement) : target.query(statement));
    await target.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)`, [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/** Every stored column goes over as text and is cast back to its type: exact for every PostgreSQL type. */
async function copyRows(source: RowSource, target: RowSource, table: string) {
  const [schema, name] = table.split(".").map((p) => p.replace(/"/g, ""));
  const { rows: columns } = await target.query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
    [`${quoteIdent(schema)}.${quoteIdent(name)}`],
  );
  const names = columns.map((c) => quoteIdent(c.name));
  const { rows } = await source.query<Record<string, string | null>>(
    `select ${columns.map((c, i) => `${quoteIdent(c.name)}::text as c${i}`).join(", ")} from ${table}`,
  );
  const perInsert = Math.max(1, Math.floor(ROWS_PER_INSERT_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perInsert) {
    const batch = rows.slice(start, start + perInsert);
    const params: (string | null)[] = [];
    const tuples = batch.map((row) => {
      const cells = columns.map((c, i) => {
        params.push(row[`c${i}`]);
        return `$${params.length}::${c.type}`;
      });
      return `(${cells.join(", ")})`;
    });
    await target.query(
      `INSERT INTO ${table} (${names.join(", ")}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(", ")}`,
      params,
    );
  }
}

async function copySequences(source: RowSource, target: RowSource) {
  const { rows } = await source.query<{ name: string; last_value: string | null; start_value: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text, start_value::text
       from pg_sequences where schemaname in ('public', 'drizzle')`,
  );
  for (const s of rows)
    await target.query("select setval($1::regclass, $2::bigint, $3)", [
      s.name,
      s.last_value ?? s.start_value,
      s.last_value !== null,
    ]);
}
