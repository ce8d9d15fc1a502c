import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteName } from '@portal/shared';
import { precompressDir } from '@portal/shared/precompress';
import { copyFiles, isDirectory, withFileLock, writeFileAtomic } from './files.ts';
import type { RegistryStore } from './store.ts';

/**
 * The embedded default: `${DATA_DIR}/remotes/registry.json` says which version of each remote is
 * live; `${DATA_DIR}/remotes/<name>/<version>/` holds that version's files and never changes once
 * written. One host: a lock file serializes the CLI and the server.
 */
export function createFileRegistryStore(dataDir: string): RegistryStore & { root: string } {
  const root = join(dataDir, 'remotes');
  const registryPath = join(root, 'registry.json');
  const lockPath = join(root, 'registry.lock');
  const versionDir = (name: RemoteName, version: string) => join(root, name, version);

  async function readText(): Promise<string | null> {
    try {
      return await readFile(registryPath, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async function removeStaleTemps(dir: string): Promise<void> {
    // Under the lock, any temp directory is debris from a publish that crashed midway.
    const entries = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      entries.filter((e) => e.startsWith('.tmp-')).map((e) => rm(join(dir, e), { recursive: true, force: true })),
    );
  }

  return {
    root,
    location: registryPath,
    versionDir,
    readText,

    // Writes replace the file atomically, so its inode changes with every write.
    async readServingText(known) {
      let key: string | null = null;
      try {
        const info = await stat(registryPath);
        key = `${info.mtimeMs}:${info.size}:${info.ino}`;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      // Unchanged since the caller's read: one stat, no read.
      return { text: key === null || key === known ? null : await readText(), key };
    },

    writeText: (text) => writeFileAtomic(registryPath, text),

    async locked(fn) {
      await mkdir(root, { recursive: true, mode: 0o700 });
      return withFileLock(lockPath, fn);
    },

    hasVersion: (name, version) => isDirectory(versionDir(name, version)),

    async addVersion(name, version, distDir, files) {
      await removeStaleTemps(join(root, name));
      const target = versionDir(name, version);
      if (await isDirectory(target)) throw new Error(`${target} exists but is not in the registry; refusing to overwrite it`);
      // Copy aside, then rename: a version directory appears complete or not at all.
      const tmp = join(root, name, `.tmp-${version}-${process.pid}`);
      try {
        await copyFiles(distDir, tmp, files);
        // The build made them (shared/build/precompress.ts); a dist built otherwise gets them here,
        // so every version is served compressed without compressing per request.
        await precompressDir(tmp);
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { recursive: true, force: true });
        throw err;
      }
    },

    // Each .br/.gz appears whole beside its file; the files themselves never change.
    async refreshVersion(name, version) {
      await precompressDir(versionDir(name, version));
    },

    removeVersion: (name, version) => rm(versionDir(name, version), { recursive: true, force: true }),

    materialize: (name, version) => isDirectory(versionDir(name, version)),
  };
}
