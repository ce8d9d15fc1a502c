import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * PGlite is Postgres in this process with no postmaster: a second process opening the same data
 * folder (the ops CLI next to the running server, a second `npm start`) keeps its own buffers, and
 * whichever closes last overwrites the other's writes. Measured: users created by the CLI while
 * the server ran were gone after the server's next restart. So one process at a time holds
 * `<dataDir>.lock` (its pid); others are refused with a clear message.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid} (a running server?). Stop it first, ` +
        `or set DATABASE_URL so the server and the CLIs share one PostgreSQL. ` +
        `If no such process exists, delete ${lockPath(dataDir)}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

const lockPath = (dataDir: string) => `${dataDir.replace(/[/\\]+$/, '')}.lock`;

/** Locks held by this process: the same folder opened twice in one process is refused too. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number {
  try {
    return Number(readFileSync(path, 'utf8').trim());
  } catch {
    return Number.NaN; // vanished meanwhile: treat as stale
  }
}

/** Takes the lock of a PGlite data folder; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const path = lockPath(dataDir);
  // Second attempt only after removing a stale lock (a crashed process; in a container the restarted
  // server often has the same pid as the one that crashed, hence "our pid but not held" is stale).
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      held.add(path);
      return () => {
        held.delete(path);
        if (readPid(path) === process.pid) unlinkSync(path);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = readPid(path);
      if (held.has(path) || (pid !== process.pid && isAlive(pid))) throw new DatabaseInUseError(dataDir, pid);
      try {
        unlinkSync(path);
      } catch (unlinkErr) {
        if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
      }
    }
  }
  throw new DatabaseInUseError(dataDir, readPid(path));
}

/**
 * The pid of the live process holding the lock of a data folder (this process included), or null
 * when the folder is free or its lock is stale. Reads only: the ops CLI asks it to decide whether a
 * running server owns the database (then it forwards the command, see cli/ops.ts).
 */
export function lockHolder(dataDir: string): number | null {
  const path = lockPath(dataDir);
  if (held.has(path)) return process.pid;
  const pid = readPid(path);
  return pid !== process.pid && isAlive(pid) ? pid : null;
}
