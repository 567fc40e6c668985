import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql, type Logger, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { tightenTree } from "../private-files.ts";
import { acquireDirLock } from "./lock.ts";
import * as schema from "./schema.ts";
import { syncAchievements } from "./sync-achievements.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Subscribe to a PostgreSQL notification channel; returns an unsubscribe function. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  listen: Listen;
  /** A quick liveness query for /healthz. */
  ping: () => Promise<void>;
  /** The PostgreSQL pool's connections (for /metrics); absent on the embedded database. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
  pglite?: PGlite;
  /** PostgreSQL: the pool (backups read a consistent snapshot through one of its clients). */
  pool?: pg.Pool;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
const MIGRATION_LOCK = 724_201;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite directory; "memory://" for tests. */
  pgliteDir?: string;
  /** A dumped PGlite data directory to start an in-memory database from (tests copy one migrated template). */
  pgliteTemplate?: Blob;
  /** Sees every statement the app sends through Drizzle (tests count queries with it). */
  onQuery?: (query: string, params: unknown[]) => void;
  /** PostgreSQL: connections in the pool (default 20). Tests make it smaller than their crowd. */
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, logger, options.poolSize)
    : await openPglite(options.pgliteDir ?? "memory://", logger, options.pgliteTemplate);
  await syncAchievements(database.db);
  return database;
}

async function openPglite(dir: string, logger?: Logger, template?: Blob): Promise<Database> {
  let release = () => {};
  if (!dir.startsWith("memory://")) {
    mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
    release = acquireDirLock(`${dir}.lock`);
  }
  let client: PGlite;
  try {
    if (!dir.startsWith("memory://")) client = await PGlite.create(dir);
    else client = await PGlite.create(template ? { loadDataDir: template } : {});
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  // PGlite writes a new data directory's files 0666 whatever the umask: private from here on (decision 043)
  if (!dir.startsWith("memory://")) tightenTree(dir);
  return {
    db,
    kind: "pglite",
    pglite: client,
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      try {
        if (!client.closed) {
          await client.query("CHECKPOINT");
          await client.close();
        }
      } finally {
        release();
      }
    },
  };
}

/**
 * A connection to PostgreSQL gives up after 5 s of trying to open (a database that is gone fails
 * fast, /healthz says so), but a request that waits for one of the pool's connections waits its turn
 * however long the queue (decision 060): node-postgres's pool applies one timeout to both, and under a
 * crowd (a drop's first minute) the 5 s in the queue turned the slowest answers into errors, most of
 * them lost races whose page the finder was owed.
 */
class ConnectionOpenedInTime extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string, logger?: Logger, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: ConnectionOpenedInTime });
  // A dropped connection (e.g. PostgreSQL restarting) must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  // Several instances may start at once: one migrates, the others wait for the advisory lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | undefined;
  let closed = false;
  const connectListener = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (msg) => {
      for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? "");
    });
    let reconnecting = false;
    const reconnect = () => {
      if (reconnecting || closed) return;
      reconnecting = true;
      listenClient = undefined;
      c.end().catch(() => {});
      // PostgreSQL restarting: keep trying until it is back.
      setTimeout(() => connectListener().catch(reconnect), 1_000);
    };
    c.on("error", reconnect);
    c.on("end", reconnect);
    await c.connect();
    for (const channel of listeners.keys()) await c.query(`LISTEN "${channel}"`);
    listenClient = c;
  };
  await connectListener();
  return {
    db,
    kind: "postgres",
    pool,
    listen: async (channel, onPayload) => {
      if (!/^[a-z_]+$/.test(channel)) throw new Error("bad channel name");
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await listenClient?.query(`LISTEN "${channel}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      closed = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Runs raw SQL and returns its rows (the two drivers' result types differ; both carry `rows`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
