import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROVIDED_VERSIONS_FILE,
  parseRemoteManifest,
  REMOTE_MANIFEST_FILE,
  type RemoteManifest,
  sharedVersions,
} from '@portal/shared';
import { z } from 'zod';
import { hashFiles, isDirectory, listFiles } from './files.ts';
import { RegistryError } from './registry-document.ts';

/** Build facts beside a version's manifest (shared/build/route-manifests.ts): not part of its content hash. */
export const BUILD_INFO_FILE = 'build-info.json';

const buildInfo = z.object({ release: z.string(), builtAt: z.iso.datetime(), commit: z.string().nullable() });

export interface Dist {
  files: string[];
  hash: string;
  manifest: RemoteManifest;
  info: z.output<typeof buildInfo> | null;
}

const readJsonFile = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8'));

/** A version folder's route manifest; null for a version published before manifests existed. */
export async function readVersionManifest(dir: string): Promise<RemoteManifest | null> {
  const file = join(dir, REMOTE_MANIFEST_FILE);
  let raw: unknown;
  try {
    raw = await readJsonFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return parseRemoteManifest(raw, file);
}

/** What the shell built in `shellDist` provides (its shared-versions.json); null when it is not built. */
export async function readProvidedVersions(shellDist: string): Promise<Record<string, string> | null> {
  const file = join(shellDist, PROVIDED_VERSIONS_FILE);
  try {
    return sharedVersions.parse(await readJsonFile(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new RegistryError('malformed', `${file} is unreadable (${(err as Error).message}): rebuild the shell`);
  }
}

/** A built remote as it would be published: its files, their content hash, its manifest and build facts. */
export async function scanDist(distDir: string): Promise<Dist> {
  if (!(await isDirectory(distDir)))
    throw new RegistryError('invalid-dist', `${distDir} is not a directory: build the remote first`);
  const all = await listFiles(distDir);
  // Without its manifest a version cannot be loaded by the shell: refuse to publish it.
  if (!all.includes('mf-manifest.json')) throw new RegistryError('invalid-dist', `${distDir} has no mf-manifest.json`);
  // Without its route manifest it would serve no pages at all.
  if (!all.includes(REMOTE_MANIFEST_FILE))
    throw new RegistryError(
      'invalid-dist',
      `${distDir} has no ${REMOTE_MANIFEST_FILE}: rebuild the remote with the current build configuration`,
    );
  let manifest: RemoteManifest;
  try {
    manifest = parseRemoteManifest(await readJsonFile(join(distDir, REMOTE_MANIFEST_FILE)), join(distDir, REMOTE_MANIFEST_FILE));
  } catch (err) {
    throw new RegistryError('invalid-dist', (err as Error).message);
  }
  // Build facts (time, commit) differ between identical builds: they do not make a new version.
  const files = all.filter((f) => f !== BUILD_INFO_FILE);
  const info = all.includes(BUILD_INFO_FILE)
    ? (buildInfo.safeParse(await readJsonFile(join(distDir, BUILD_INFO_FILE)).catch(() => null)).data ?? null)
    : null;
  return { files: all, hash: await hashFiles(distDir, files), manifest, info };
}
