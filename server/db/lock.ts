import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite corrupts its directory when two processes open it, so one process holds a lock file.
 * A lock left by a killed process (its pid no longer runs) is stale and is taken over.
 */
export function acquireDirLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number(readFileSync(lockFile, "utf8").trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database in ${lockFile.replace(/\.lock$/, "")} is in use by another Boonees process (pid ${pid}). ` +
            `Stop it first, or start this one with another DATA_DIR.`,
          { cause: e },
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a process that no longer runs
    }
  }
  throw new Error(`Could not take the database lock ${lockFile}`);
}
