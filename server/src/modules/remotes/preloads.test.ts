import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readVersionAssets, remotePreloads } from './preloads.ts';
import type { RemoteRegistry } from './registry.ts';

const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  exposes: [{ path: './routes', assets: { js: { sync: ['static/js/async/__federation_expose_routes.1.js'], async: [] } } }],
};

describe('remote preload hints', () => {
  let dir: string;
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'preloads-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const registry = (current: string | null) =>
    ({
      readServable: vi.fn().mockResolvedValue({
        registry: { remotes: { checkout: { current, history: [], pinned: false, live: [] } } },
        problems: [],
      }),
      versionDir: (name: string, version: string) => join(dir, name, version),
    }) as unknown as RemoteRegistry;

  async function version(files: Record<string, unknown>) {
    await mkdir(join(dir, 'checkout', 'v1'), { recursive: true });
    for (const [name, json] of Object.entries(files)) await writeFile(join(dir, 'checkout', 'v1', name), JSON.stringify(json));
  }

  it("names the manifest, the entry, the routes module and the page's chunks of the current version", async () => {
    await version({
      'mf-manifest.json': MANIFEST,
      'route-chunks.json': { '/buy': ['static/js/async/buy.js', 'static/js/async/__federation_expose_routes.1.js'] },
    });
    const hints = await remotePreloads(registry('v1'), { devRemotes: false })('checkout', 'v1', '/buy', log);
    expect(hints).toEqual([
      { href: '/remotes/checkout/v1/mf-manifest.json', as: 'fetch' },
      { href: '/remotes/checkout/v1/remoteEntry.js', as: 'script' },
      { href: '/remotes/checkout/v1/static/js/async/__federation_expose_routes.1.js', as: 'script' },
      { href: '/remotes/checkout/v1/static/js/async/buy.js', as: 'script' },
    ]);
  });

  it('does without page chunks for a build older than route-chunks.json, and ignores odd file names', async () => {
    await version({ 'mf-manifest.json': MANIFEST });
    expect((await readVersionAssets(join(dir, 'checkout', 'v1'))).pages).toEqual({});
    await version({
      'mf-manifest.json': MANIFEST,
      'route-chunks.json': { '/buy': ['../../secret.js'], '/order': ['https://x/a.js'] },
    });
    expect((await readVersionAssets(join(dir, 'checkout', 'v1'))).pages).toEqual({});
  });

  it('gives none for dev servers or unreadable files (logged)', async () => {
    expect(await remotePreloads(registry('v1'), { devRemotes: true })('checkout', 'v1', '/buy', log)).toEqual([]);
    expect(await remotePreloads(registry('v1'), { devRemotes: false })('checkout', 'v1', '/buy', log)).toEqual([]);
    expect(log.warn).toHaveBeenCalled();
  });

  it('reads the files of a version once', async () => {
    await version({ 'mf-manifest.json': MANIFEST });
    const preloads = remotePreloads(registry('v1'), { devRemotes: false });
    await preloads('checkout', 'v1', '/buy', log);
    await rm(join(dir, 'checkout'), { recursive: true });
    expect(await preloads('checkout', 'v1', '/order', log)).toHaveLength(3);
  });
});
