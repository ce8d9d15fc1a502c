import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DATA_DIR holds the embedded database (its WAL carries password hashes, sessions, codes), the
 * data key and the sandbox signing key: it belongs to the account that runs the portal alone.
 * Everything written there is owner-only (folders 0700, files 0600): the processes that write it
 * (the server, `npm run remote`, `npm run ops`) set the umask below before they write anything,
 * and the server corrects a folder left by an older version or copied in with open modes at start.
 */

/** Group and others get nothing on what this process creates from now on. */
export const OWNER_ONLY_UMASK = 0o077;

/** Sets the process umask to owner-only; returns the previous one. Call first thing in an entry point. */
export function useOwnerOnlyUmask(): number {
  return process.umask(OWNER_ONLY_UMASK);
}

export interface ModeFixes {
  /** Folders and files whose group/other bits were removed. */
  dirs: number;
  files: number;
  /** Entries whose mode could not be changed (another owner): path and error code, at most 10. */
  failed: { path: string; code: string }[];
}

/**
 * Creates `dir` owner-only if missing and removes the group and other permission bits of `dir`
 * and of everything below it (symbolic links are neither followed nor changed). Returns what was
 * changed, so the caller logs it once.
 */
export async function secureDataDir(dir: string): Promise<ModeFixes> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const fixes: ModeFixes = { dirs: 0, files: 0, failed: [] };
  let failedCount = 0;
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return; // vanished meanwhile, or a link: not ours to change
    if ((info.mode & 0o077) !== 0) {
      try {
        await chmod(path, info.mode & 0o700);
        if (info.isDirectory()) fixes.dirs++;
        else fixes.files++;
      } catch (err) {
        failedCount++;
        if (fixes.failed.length < 10) fixes.failed.push({ path, code: (err as NodeJS.ErrnoException).code ?? 'error' });
      }
    }
    if (info.isDirectory()) {
      const names = await readdir(path).catch(() => [] as string[]);
      for (const name of names) await visit(join(path, name));
    }
  };
  await visit(dir);
  if (failedCount > fixes.failed.length) fixes.failed.push({ path: '…', code: `${failedCount - fixes.failed.length} more` });
  return fixes;
}

/** The one log line about a corrected DATA_DIR, or null when nothing had to change. */
export function describeModeFixes(dir: string, fixes: ModeFixes): string | null {
  if (fixes.dirs === 0 && fixes.files === 0 && fixes.failed.length === 0) return null;
  const fixed = `DATA_DIR ${dir} was readable by other users: made ${fixes.dirs} folder(s) 0700 and ${fixes.files} file(s) owner-only`;
  if (fixes.failed.length === 0) return fixed;
  return `${fixed}; could not change ${fixes.failed.map((f) => `${f.path} (${f.code})`).join(', ')}`;
}
