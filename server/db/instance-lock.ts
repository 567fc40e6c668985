import type { Database } from "./client.ts";

/**
 * Runs `work` on one instance at a time. On PostgreSQL it holds a session advisory lock on a client
 * of its own for the whole run, so work that takes minutes (a backup, the orphan sweep) holds no
 * transaction open; an instance that finds the lock taken runs nothing. On the embedded database the
 * process is the only instance (DATA_DIR/db.lock). Returns whether `work` ran.
 */
export async function onOneInstance(
  database: Pick<Database, "pool">,
  lockId: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const client = await database.pool?.connect();
  try {
    if (
      client &&
      !(await client.query<{ got: boolean }>("select pg_try_advisory_lock($1) as got", [lockId])).rows[0].got
    )
      return false;
    await work();
    return true;
  } finally {
    await client?.query("select pg_advisory_unlock($1)", [lockId]).catch(() => {});
    client?.release();
  }
}
