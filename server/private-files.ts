import { chmodSync, existsSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * What the app writes is its owner's alone (decision 043): folders 0700, files 0600.
 * `keepFilesPrivate` sets the process's umask (server/main.ts, server/cli.ts and server/dev.ts import
 * server/private-umask.ts first), so every file and folder created afterwards is private, whoever
 * creates it (the database, mail outbox, uploads, backups). The embedded database is the exception:
 * PGlite writes its initial data directory with 0666 files whatever the umask, so `tightenTree` is
 * run on it after every open; what it writes later follows the umask.
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

export function keepFilesPrivate() {
  process.umask(PRIVATE_UMASK);
}

/** The entries under `root` (itself included) that group or others may read, write or enter; symlinks are not followed. */
export function looseEntries(root: string): { path: string; mode: number; dir: boolean }[] {
  const loose: { path: string; mode: number; dir: boolean }[] = [];
  if (!existsSync(root)) return loose;
  const visit = (p: string) => {
    let st;
    try {
      st = lstatSync(p);
    } catch {
      return; // gone meanwhile (a WAL segment recycled)
    }
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) loose.push({ path: p, mode: st.mode & 0o777, dir: st.isDirectory() });
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return loose;
}

/** Makes every folder under `root` 0700 and every file 0600; returns how many were looser. */
export function tightenTree(root: string): number {
  const loose = looseEntries(root);
  for (const e of loose) {
    try {
      chmodSync(e.path, e.dir ? PRIVATE_DIR : PRIVATE_FILE);
    } catch {} // gone meanwhile, or not ours: the start-up check names what stays loose
  }
  return loose.length;
}

interface WarnLog {
  warn: (obj: object, msg: string) => void;
}

/**
 * The start-up check: DATA_DIR is the app's own, so what is looser there is made private and named
 * in a warning; BACKUP_DIR may be read by an operator's backup agent, so it is only named.
 */
export function checkPrivateFiles(opts: { dataDir: string; backupDir?: string; log: WarnLog }) {
  const examples = (list: { path: string; mode: number }[]) =>
    list.slice(0, 3).map((e) => `${e.path} (${e.mode.toString(8).padStart(4, "0")})`);
  const data = looseEntries(opts.dataDir);
  if (data.length) {
    tightenTree(opts.dataDir);
    const still = looseEntries(opts.dataDir);
    opts.log.warn(
      { dataDir: opts.dataDir, loose: data.length, examples: examples(data), stillLoose: still.length },
      `DATA_DIR held ${data.length} files or folders other users could read or write; they were made private (folders 0700, files 0600)` +
        (still.length ? `, ${still.length} could not be changed: check their owner` : ""),
    );
  }
  if (opts.backupDir) {
    const backups = looseEntries(opts.backupDir);
    if (backups.length)
      opts.log.warn(
        { backupDir: opts.backupDir, loose: backups.length, examples: examples(backups) },
        `BACKUP_DIR holds ${backups.length} files or folders other users can read: new backups are private; tighten the old ones (chmod -R go-rwx)`,
      );
  }
}
