import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Writes through a temp file in the same directory, so readers see the old or the new file, never
 * half. Owner-only, like everything in DATA_DIR (data-dir.ts).
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Every regular file under `dir`, as sorted POSIX relative paths (sorting makes the hash stable). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(entry.parentPath, entry.name);
    if (entry.isFile()) files.push(relative(dir, full).split(sep).join('/'));
    else if (!entry.isDirectory()) throw new Error(`${full}: only regular files and directories can be published`);
  }
  return files.sort();
}

/**
 * sha256 over each file's relative path, size and bytes in path order: two builds with the same
 * files hash the same wherever they were built; the size prefix keeps file boundaries unambiguous.
 */
export async function hashFiles(dir: string, files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    const content = await readFile(join(dir, ...file.split('/')));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/**
 * Copies `files` from `from` into the new directory `to` (which must not exist yet), owner-only
 * (DATA_DIR, see data-dir.ts): copyFile gives the copy its source's mode whatever the umask says.
 */
export async function copyFiles(from: string, to: string, files: string[]): Promise<void> {
  await mkdir(dirname(to), { recursive: true, mode: 0o700 });
  await mkdir(to, { mode: 0o700 });
  for (const file of files) {
    const target = join(to, ...file.split('/'));
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await copyFile(join(from, ...file.split('/')), target, constants.COPYFILE_EXCL);
    await chmod(target, 0o600);
  }
}

export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

const LOCK_WAIT_MS = 30_000;

/**
 * Serializes read-modify-write cycles on the registry between processes on this host (a deploy
 * from the CLI while `npm start` runs `ensure`). A lock left by a process that died is taken over.
 */
export async function withFileLock<T>(lockPath: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(await readFile(lockPath, 'utf8').catch(() => ''));
      if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) {
        await unlink(lockPath).catch(() => {});
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lockPath} is held by process ${owner || '?'}; try again later`);
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lockPath).catch(() => {});
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
