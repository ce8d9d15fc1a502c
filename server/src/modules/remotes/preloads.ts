import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteName } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteRegistry } from './registry.ts';

/** A file the browser should start fetching as soon as it reads the page's head. */
export interface PreloadHint {
  href: string;
  /** `script`: a classic script the federation runtime will add (remote entry, chunks); `fetch`: the manifest it fetches. */
  as: 'script' | 'fetch';
}

/** What a version of a remote loads before its pages show: read once per version (versions never change). */
interface VersionAssets {
  entry: string;
  /** The `./routes` module's own chunks. */
  routes: string[];
  /** Page pattern → that page's chunks (route-chunks.json; absent in builds older than it). */
  pages: Record<string, string[]>;
}

const isFileList = (v: unknown): v is string[] => Array.isArray(v) && v.every((f) => typeof f === 'string');
/** Relative file names of the version folder only: no scheme, no absolute path, no climbing out. */
const isPlainFile = (f: string) => /^[\w./-]+$/.test(f) && !f.startsWith('/') && !f.split('/').includes('..');

export async function readVersionAssets(dir: string): Promise<VersionAssets> {
  const manifest = JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8')) as {
    metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
    exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown } } }>;
  };
  const remoteEntry = manifest.metaData?.remoteEntry;
  const entryName = typeof remoteEntry?.name === 'string' ? remoteEntry.name : 'remoteEntry.js';
  const entryPath = typeof remoteEntry?.path === 'string' ? remoteEntry.path : '';
  const entry = [entryPath, entryName].filter(Boolean).join('/');
  const sync = manifest.exposes?.find((e) => e.path === './routes')?.assets?.js?.sync;
  let pages: Record<string, string[]> = {};
  try {
    const table = JSON.parse(await readFile(join(dir, 'route-chunks.json'), 'utf8')) as Record<string, unknown>;
    pages = Object.fromEntries(
      Object.entries(table).filter((e): e is [string, string[]] => isFileList(e[1]) && e[1].every(isPlainFile)),
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return {
    entry: isPlainFile(entry) ? entry : 'remoteEntry.js',
    routes: isFileList(sync) ? sync.filter(isPlainFile) : [],
    pages,
  };
}

/**
 * Preload hints for a page of a remote version: its manifest, its entry, its routes module and the
 * page's own chunks, the files the shell would otherwise request one after the other once its own
 * code has run. Empty for remote dev servers, or a version whose files cannot be read (logged; the
 * page still works, only later).
 */
export function remotePreloads(registry: Pick<RemoteRegistry, 'versionDir'>, { devRemotes }: { devRemotes: boolean }) {
  const versions = new Map<string, Promise<VersionAssets>>();
  return async (owner: RemoteName, version: string, pattern: string, log: FastifyBaseLogger): Promise<PreloadHint[]> => {
    if (devRemotes) return [];
    try {
      const key = `${owner}/${version}`;
      let assets = versions.get(key);
      if (!assets) {
        assets = readVersionAssets(registry.versionDir(owner, version));
        versions.set(key, assets);
        assets.catch(() => versions.delete(key));
      }
      const { entry, routes, pages } = await assets;
      const base = `/remotes/${owner}/${version}/`;
      return [
        { href: `${base}mf-manifest.json`, as: 'fetch' as const },
        ...[...new Set([entry, ...routes, ...(pages[pattern] ?? [])])].map((file) => ({
          href: base + file,
          as: 'script' as const,
        })),
      ];
    } catch (err) {
      log.warn({ err, owner }, 'remote files unreadable; the page goes without preload hints');
      return [];
    }
  };
}
