// CPU time and memory of processes from /proc (Linux), for the benches' cost figures: unlike rates,
// CPU time per unit of work barely moves when other work shares the machine.
import { existsSync, readFileSync } from "node:fs";
import type pg from "pg";

/** CPU time (ms, user + system) and resident memory (MB) of a process; NaN where /proc has no such process. */
export function usageOf(pid: number | undefined) {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return { cpuMs: NaN, rssMb: NaN };
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  // utime and stime are in clock ticks, 100 per second
  return { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100, rssMb: Number(rss) / 1024 };
}

/** CPU time (ms) of the PostgreSQL backends now connected to the client's database, the client's own excluded. */
export async function databaseCpuMs(client: pg.Client) {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows.reduce((sum, { pid }) => sum + (usageOf(pid).cpuMs || 0), 0);
}
