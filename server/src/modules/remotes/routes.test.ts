import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { writeDist } from '../../test/dist.ts';
import { createRemoteRegistry, type RemoteRegistry } from './registry.ts';

let database: TestDatabase;
let t: TestApp;
let registry: RemoteRegistry;
let version: string;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
  registry = createRemoteRegistry(t.config.dataDir, { database: t.app.database });
  const dist = await writeDist(join(t.dir, 'dist-marketing'), { 'static/js/remote.1a2b.js': 'export const x = 1;' });
  ({ version } = await registry.publishRemote('marketing', dist, { activate: true }));
});
afterAll(async () => {
  await t.close();
  await database.destroy();
});

describe('GET /remotes.json', () => {
  it('points each published remote at its versioned manifest, never cached without revalidation', async () => {
    const res = await t.app.inject('/remotes.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      remotes: {
        marketing: {
          version,
          manifest: `/remotes/marketing/${version}/mf-manifest.json`,
          // The version's route manifest: the pages the browser routes and guards by.
          routes: [expect.objectContaining({ path: '/fixture-dist-marketing', access: 'public' })],
          builtAgainst: { react: '19.3.1' },
        },
      },
    });
  });

  it('follows a rollback at once, without a restart', async () => {
    const dist = await writeDist(join(t.dir, 'dist-marketing-2'), { 'static/js/remote.3c4d.js': 'export const x = 2;' });
    const next = await registry.publishRemote('marketing', dist, { activate: true });
    expect((await t.app.inject('/remotes.json')).json().remotes.marketing.version).toBe(next.version);
    await registry.rollback('marketing');
    expect((await t.app.inject('/remotes.json')).json().remotes.marketing.version).toBe(version);
  });

  it('serves only the valid entries of a malformed registry', async () => {
    const good = await t.app.inject('/remotes.json');
    const file = JSON.parse((await registry.store.readText()) ?? '');
    file.remotes.checkout = { current: 'missing-from-history', history: [] };
    file.remotes.nope = { current: 'x', history: [] };
    await registry.store.writeText(JSON.stringify(file));
    const res = await t.app.inject('/remotes.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(good.json());
    await registry.store.writeText('{ broken');
    expect((await t.app.inject('/remotes.json')).json()).toEqual({ remotes: {} });
    // Nor are the files of a version no readable registry names.
    expect((await t.app.inject(`/remotes/marketing/${version}/mf-manifest.json`)).statusCode).toBe(404);
    await registry.store.writeText(JSON.stringify({ remotes: { marketing: file.remotes.marketing } }));
    expect((await t.app.inject(`/remotes/marketing/${version}/mf-manifest.json`)).statusCode).toBe(200);
  });

  it('points at the dev servers when DEV_REMOTES=1', async () => {
    const dev = await createTestApp({ database, env: { DEV_REMOTES: '1' } });
    try {
      const res = await dev.app.inject('/remotes.json');
      expect(res.headers['cache-control']).toBe('no-cache');
      const remotes = res.json().remotes;
      expect(
        Object.fromEntries(Object.entries(remotes).map(([name, r]) => [name, (r as { manifest: string }).manifest])),
      ).toEqual({
        marketing: 'http://localhost:3001/mf-manifest.json',
        checkout: 'http://localhost:3002/mf-manifest.json',
        'user-center': 'http://localhost:3003/mf-manifest.json',
        'static-ip': 'http://localhost:3004/mf-manifest.json',
      });
      // The working tree's routes.json of each remote, as its dev server builds it.
      expect(remotes.checkout.version).toBe('dev');
      expect(remotes.checkout.routes.map((r: { path: string }) => r.path)).toContain('/buy');
    } finally {
      await dev.close();
    }
  });
});

describe('GET /remotes/<name>/<version>/*', () => {
  it('serves the files of a version with an immutable one-year cache', async () => {
    const res = await t.app.inject(`/remotes/marketing/${version}/static/js/remote.1a2b.js`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const x = 1;');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    const manifest = await t.app.inject({
      url: `/remotes/marketing/${version}/mf-manifest.json`,
      headers: { accept: 'text/html' },
    });
    expect(manifest.json()).toEqual({ id: 'remote' });
  });

  it.each([
    ['a missing file', () => `/remotes/marketing/${version}/static/js/missing.js`],
    ['an unknown version', () => '/remotes/marketing/20990101000000-00000000/mf-manifest.json'],
    ['an unknown remote', () => `/remotes/nope/${version}/mf-manifest.json`],
    ['a directory', () => `/remotes/marketing/${version}/static/`],
    ['the registry file', () => '/remotes/registry.json'],
  ])('answers a plain 404 for %s, never the SPA page', async (_, url) => {
    await mkdir(t.config.shellDist, { recursive: true });
    await writeFile(join(t.config.shellDist, 'index.html'), '<!doctype html><title>shell</title>');
    const res = await t.app.inject({ url: url(), headers: { accept: 'text/html,*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>shell</title>');
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it("never serves a version's server code (its node build in ssr/), in any spelling, while its browser files serve", async () => {
    const SERVER_CODE = 'exports.secret = "server only";';
    const dist = await writeDist(join(t.dir, 'dist-marketing-ssr'), {
      'remoteEntry.js': 'var browserEntry = 1;',
      'static/js/page.5e6f.js': 'export const page = 1;',
      'ssr/remoteEntry.js': SERVER_CODE,
      'ssr/package.json': '{ "type": "commonjs" }',
      'ssr/static/js/page.js': SERVER_CODE,
      'static/js/page.5e6f.js.map': SERVER_CODE,
    });
    const published = await registry.publishRemote('marketing', dist, { activate: false });
    const base = `/remotes/marketing/${published.version}`;
    for (const file of ['remoteEntry.js', 'static/js/page.5e6f.js', 'mf-manifest.json'])
      expect((await t.app.inject(`${base}/${file}`)).statusCode, file).toBe(200);
    for (const file of [
      'static/js/page.5e6f.js.map',
      'static/js/page.5e6f.js.MAP',
      'ssr/remoteEntry.js',
      'ssr/package.json',
      'ssr/static/js/page.js',
      'SSR/remoteEntry.js',
      'Ssr/package.json',
      '%73sr/remoteEntry.js',
      'ssr%2FremoteEntry.js',
      'ssr%5CremoteEntry.js',
      './ssr/remoteEntry.js',
      '.%2Fssr/remoteEntry.js',
      'static/..%2Fssr/remoteEntry.js',
    ]) {
      for (const encoding of ['identity', 'br, gzip']) {
        const res = await t.app.inject({ url: `${base}/${file}`, headers: { 'accept-encoding': encoding } });
        expect([403, 404], `${file} (${encoding}): ${res.statusCode}`).toContain(res.statusCode);
        expect(res.body).not.toContain('server only');
      }
    }
  });

  it('refuses a path escaping the version directory', async () => {
    const res = await t.app.inject(`/remotes/marketing/${version}/..%2F..%2Fregistry.json`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('"remotes"');
  });
});
