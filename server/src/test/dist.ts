import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A route manifest declaring one page, `/fixture-<label>`, built against the shell's React. */
export function fixtureManifest(label: string, paths: string[] = [`/fixture-${label.replace(/[^A-Za-z0-9-]/g, '-')}`]): string {
  const routes = paths.map((path) => ({
    path,
    layout: 'default',
    access: 'public',
    title: 'shared.seo.home.title',
    sitemap: false,
    indexable: false,
  }));
  const texts = { 'shared.seo.home.title': 'Fixture' };
  return JSON.stringify({ routes, messages: { en: texts, 'zh-CN': texts }, builtAgainst: { react: '19.3.1' } });
}

/**
 * Writes a fake remote build into `dir`: `mf-manifest.json`, a route manifest declaring one page
 * named after the folder (fixtureManifest), plus the given files (which may replace either).
 */
export async function writeDist(dir: string, files: Record<string, string> = {}): Promise<string> {
  const all = { 'mf-manifest.json': '{"id":"remote"}', 'remote-manifest.json': fixtureManifest(basename(dir)), ...files };
  for (const [path, content] of Object.entries(all)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

/** The working tree's remotes as one served set (each remote's routes.json, titles resolved), version "test". */
export async function workingTreeServed() {
  const { buildRemoteManifest } = await import('@portal/shared/route-manifests');
  const { servedSet } = await import('../modules/remotes/served.ts');
  const { REMOTE_NAMES } = await import('@portal/shared');
  return servedSet(
    Object.fromEntries(REMOTE_NAMES.map((name) => [name, { version: 'test', manifest: buildRemoteManifest(name) }])),
  );
}

/**
 * Publishes every remote as the working tree declares it (a stand-in build: its federation manifest
 * and its route manifest) and makes it current, so a test app answers the portal's pages.
 */
export async function publishWorkingTreeRemotes(dataDir: string, database?: import('../db/client.ts').Database): Promise<void> {
  const { buildRemoteManifest } = await import('@portal/shared/route-manifests');
  const { createRemoteRegistry } = await import('../modules/remotes/registry.ts');
  const { REMOTE_NAMES, REMOTE_MANIFEST_FILE } = await import('@portal/shared');
  const registry = createRemoteRegistry(dataDir, { ...(database && { database }) });
  for (const name of REMOTE_NAMES) {
    const dist = await writeDist(join(dataDir, 'working-tree-builds', name), {
      [REMOTE_MANIFEST_FILE]: JSON.stringify(buildRemoteManifest(name)),
    });
    await registry.publishRemote(name, dist, { activate: true });
  }
}
