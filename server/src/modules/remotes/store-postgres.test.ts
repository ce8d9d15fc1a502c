import { readdir, readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { writeDist } from '../../test/dist.ts';
import { createRemoteRegistry, type RemoteRegistry } from './registry.ts';
import { remoteRegistry, remoteVersionFiles } from './tables.ts';

// The registry as N instances on one PostgreSQL keep it (store-postgres.ts); run on PostgreSQL
// when DATABASE_URL is set, on PGlite otherwise (the same SQL).
let database: TestDatabase;
let dir: string;
/** Two instances: one database, each with a data folder (and so a cache of versions) of its own. */
let a: RemoteRegistry;
let b: RemoteRegistry;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(remoteRegistry);
  await database.db.delete(remoteVersionFiles);
  dir = await mkdtemp(join(tmpdir(), 'portal-registry-db-'));
  a = createRemoteRegistry(join(dir, 'a'), { database, storage: 'database' });
  b = createRemoteRegistry(join(dir, 'b'), { database, storage: 'database' });
  return () => rm(dir, { recursive: true, force: true });
});

const big = 'export const words = "proxy portal ";\n'.repeat(200);
const dist = (label: string) => writeDist(join(dir, `dist-${label}`), { 'static/js/main.js': `${big}// ${label}` });

describe('the registry on the database', () => {
  it('keeps the document and every file in the database: another instance serves the same version from its own copy', async () => {
    const { version } = await a.publishRemote('marketing', await dist('one'), { activate: true });
    const rows = await database.db
      .select({ path: remoteVersionFiles.path })
      .from(remoteVersionFiles)
      .where(and(eq(remoteVersionFiles.remote, 'marketing'), eq(remoteVersionFiles.version, version)));
    // The build's files and the compressed forms made at publishing.
    expect(rows.map((r) => r.path).sort()).toEqual(
      expect.arrayContaining(['mf-manifest.json', 'remote-manifest.json', 'static/js/main.js', 'static/js/main.js.br']),
    );
    expect(a.registryPath).toContain('PostgreSQL');

    const served = await b.readServable();
    expect(served.registry.remotes.marketing?.current).toBe(version);
    expect(served.problems).toEqual([]);
    const local = await b.localVersionDir('marketing', version);
    expect(local).toBe(join(dir, 'b', 'cache', 'remotes', 'marketing', version));
    const copy = join(local as string, 'static/js/main.js');
    expect(await readFile(copy, 'utf8')).toBe(`${big}// one`);
    expect(brotliDecompressSync(await readFile(`${copy}.br`)).toString()).toBe(`${big}// one`);
    // Nothing of it under b's registry folder but the cache: no document file, no lock.
    expect(await readdir(join(dir, 'b'))).toEqual(['cache']);
  });

  it('a deploy and a rollback on one instance are what the other serves next', async () => {
    const v1 = (await a.publishRemote('marketing', await dist('one'), { activate: true })).version;
    expect((await b.readServable()).registry.remotes.marketing?.current).toBe(v1);
    const v2 = (await b.publishRemote('marketing', await dist('two'), { activate: true, now: new Date(Date.now() + 1000) }))
      .version;
    expect((await a.readServable()).registry.remotes.marketing?.current).toBe(v2);
    expect(await readFile(join((await a.localVersionDir('marketing', v2)) as string, 'static/js/main.js'), 'utf8')).toContain(
      '// two',
    );
    expect(await a.rollback('marketing')).toEqual({ from: v2, to: v1 });
    expect((await b.readServable()).registry.remotes.marketing?.current).toBe(v1);
    expect((await b.listRegistry()).find((r) => r.name === 'marketing')?.activations.map((x) => x.action)).toEqual([
      'deploy',
      'deploy',
      'rollback',
    ]);
  });

  it('reuses a version with the same files instead of storing it again', async () => {
    const first = await a.publishRemote('marketing', await dist('same'), { activate: true });
    const again = await b.publishRemote('marketing', await dist('same'), { activate: true });
    expect(again).toEqual({ version: first.version, reused: true, activated: true });
  });

  it('serves only versions the registry names, and says when a live one lost its files', async () => {
    const { version } = await a.publishRemote('marketing', await dist('one'), { activate: true });
    expect(await a.localVersionDir('marketing', '20990101000000-00000000')).toBeNull();
    expect(await a.localVersionDir('checkout', version)).toBeNull();
    await database.db.delete(remoteVersionFiles);
    // b never copied it, and the database no longer has it.
    const { registry, problems } = await b.readServable();
    expect(registry.remotes.marketing).toBeUndefined();
    expect(problems).toEqual([`marketing ${version} is current but its files are missing`]);
  });

  it('prune removes the files from the database and the local copies', async () => {
    const versions: string[] = [];
    for (let i = 0; i < 3; i++)
      versions.push(
        (await a.publishRemote('marketing', await dist(`v${i}`), { activate: true, now: new Date(Date.now() + i * 1000) }))
          .version,
      );
    expect(await a.prune('marketing', 1)).toEqual({ removed: versions.slice(0, 2), kept: versions.slice(2) });
    const left = await database.db.selectDistinct({ version: remoteVersionFiles.version }).from(remoteVersionFiles);
    expect(left.map((r) => r.version)).toEqual([versions[2]]);
    expect(await readdir(join(dir, 'a', 'cache', 'remotes', 'marketing'))).toEqual([versions[2]]);
  });

  it('deploys from both instances at once are taken one at a time: every one is in the history', async () => {
    const names = ['marketing', 'checkout', 'user-center', 'static-ip'] as const;
    const dists = await Promise.all(names.flatMap((name) => [dist(`${name}-a`), dist(`${name}-b`)]));
    const results = await Promise.all(
      names.flatMap((name, i) => [
        a.publishRemote(name, dists[i * 2] as string, { activate: true }),
        b.publishRemote(name, dists[i * 2 + 1] as string, { activate: true, now: new Date(Date.now() + 1000) }),
      ]),
    );
    const registry = await a.readRegistry();
    for (const name of names) {
      const published = results.filter((_, i) => names[Math.floor(i / 2)] === name).map((r) => r.version);
      expect(registry.remotes[name]?.history.map((h) => h.version).sort()).toEqual(published.sort());
      expect(published).toContain(registry.remotes[name]?.current);
    }
  });
});
