import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureManifest, writeDist } from '../../test/dist.ts';
import { createRemoteRegistry, type RemoteRegistry } from './registry.ts';

let dir: string;
let registry: RemoteRegistry;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-registry-'));
  registry = createRemoteRegistry(join(dir, 'data'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const dist = (label: string, files: Record<string, string> = { 'static/js/main.js': `console.log(${JSON.stringify(label)})` }) =>
  writeDist(join(dir, `dist-${label}`), files);
const state = async () => (await registry.readRegistry()).remotes;
const rawFile = () => readFile(registry.registryPath, 'utf8');

describe('publishRemote', () => {
  it('copies the build into a new version directory and makes it current', async () => {
    const result = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    expect(result).toEqual({ version: expect.stringMatching(/^\d{14}-[0-9a-f]{8}$/), reused: false, activated: true });
    const versionDir = registry.versionDir('marketing', result.version);
    expect(await readFile(join(versionDir, 'static/js/main.js'), 'utf8')).toBe('console.log("a")');
    expect(await readFile(join(versionDir, 'mf-manifest.json'), 'utf8')).toBe('{"id":"remote"}');
    const marketing = (await state()).marketing;
    expect(marketing?.current).toBe(result.version);
    expect(marketing?.history).toEqual([
      {
        version: result.version,
        deployedAt: expect.any(String),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        deployedBy: expect.any(String),
      },
    ]);
    expect(marketing?.history[0]?.hash.slice(0, 8)).toBe(result.version.slice(-8));
    // No lock or temp files left behind.
    expect((await readdir(registry.root)).sort()).toEqual(['marketing', 'registry.json']);
    expect(await readdir(join(registry.root, 'marketing'))).toEqual([result.version]);
  });

  it('publishes owner-only, whatever the modes of the build and the umask (DATA_DIR)', async () => {
    const previous = process.umask(0o022);
    try {
      const result = await registry.publishRemote('marketing', await dist('open'), { activate: true });
      const versionDir = registry.versionDir('marketing', result.version);
      const mode = async (path: string) => (await stat(path)).mode & 0o777;
      expect(await mode(join(versionDir, 'static/js/main.js'))).toBe(0o600);
      expect(await mode(join(versionDir, 'static/js'))).toBe(0o700);
      expect(await mode(versionDir)).toBe(0o700);
      expect(await mode(registry.root)).toBe(0o700);
      expect(await mode(registry.registryPath)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('stamps the version with the UTC time of publishing', async () => {
    const now = new Date('2025-03-14T09:30:05.123Z');
    const { version } = await registry.publishRemote('checkout', await dist('a'), { activate: true, now });
    expect(version).toMatch(/^20250314093005-/);
    expect((await state()).checkout?.history[0]?.deployedAt).toBe(now.toISOString());
  });

  it('reuses a version with the same files instead of copying again', async () => {
    const first = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const firstStat = await stat(join(registry.versionDir('marketing', first.version), 'mf-manifest.json'));
    const again = await registry.publishRemote(
      'marketing',
      await dist('a-copy', { 'static/js/main.js': 'console.log("a")', 'remote-manifest.json': fixtureManifest('dist-a') }),
      {
        activate: true,
      },
    );
    expect(again).toEqual({ version: first.version, reused: true, activated: true });
    const againStat = await stat(join(registry.versionDir('marketing', first.version), 'mf-manifest.json'));
    expect(againStat.ino).toBe(firstStat.ino);
    expect((await state()).marketing?.history).toHaveLength(1);
  });

  it('never touches an existing version directory', async () => {
    const a = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const b = await registry.publishRemote('marketing', await dist('b'), { activate: true });
    expect(b.version).not.toBe(a.version);
    expect(await readFile(join(registry.versionDir('marketing', a.version), 'static/js/main.js'), 'utf8')).toBe(
      'console.log("a")',
    );
    expect((await state()).marketing?.history.map((h) => h.version)).toEqual([a.version, b.version]);
  });

  it('refuses to overwrite a version directory the registry does not know', async () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const { version } = await registry.publishRemote('marketing', await dist('a'), { activate: true, now });
    const target = registry.versionDir('marketing', version);
    await writeFile(join(target, 'marker'), 'original');
    await writeFile(registry.registryPath, '{"remotes":{}}\n');
    await expect(registry.publishRemote('marketing', await dist('a'), { activate: true, now })).rejects.toThrow(
      /refusing to overwrite/,
    );
    expect(await readFile(join(target, 'marker'), 'utf8')).toBe('original');
    expect(await rawFile()).toBe('{"remotes":{}}\n');
  });

  it('can publish without activating', async () => {
    const { version, activated } = await registry.publishRemote('static-ip', await dist('a'), { activate: false });
    expect(activated).toBe(false);
    expect((await state())['static-ip']).toMatchObject({ current: null, history: [{ version }] });
  });

  it('rejects a dist without mf-manifest.json or that does not exist', async () => {
    const noManifest = join(dir, 'no-manifest');
    await mkdir(noManifest);
    await writeFile(join(noManifest, 'index.js'), '');
    await expect(registry.publishRemote('marketing', noManifest, { activate: true })).rejects.toThrow(/mf-manifest\.json/);
    await expect(registry.publishRemote('marketing', join(dir, 'missing'), { activate: true })).rejects.toThrow(
      /not a directory/,
    );
    expect(existsSync(registry.registryPath)).toBe(false);
  });

  it('serializes concurrent publishes so none is lost', async () => {
    const dists = await Promise.all(['a', 'b', 'c'].map((l) => dist(l)));
    const results = await Promise.all(dists.map((d) => registry.publishRemote('checkout', d, { activate: true })));
    expect((await state()).checkout?.history.map((h) => h.version).sort()).toEqual(results.map((r) => r.version).sort());
  });

  it('cleans up debris of a publish that crashed midway', async () => {
    await mkdir(join(registry.root, 'marketing', '.tmp-20250101000000-deadbeef-1'), { recursive: true });
    await registry.publishRemote('marketing', await dist('a'), { activate: true });
    expect((await readdir(join(registry.root, 'marketing'))).filter((e) => e.startsWith('.'))).toEqual([]);
  });
});

describe('what a version declares', () => {
  const withPaths = (label: string, paths: string[], extra: Record<string, string> = {}) =>
    dist(label, { 'static/js/main.js': label, 'remote-manifest.json': fixtureManifest(label, paths), ...extra });

  it('refuses a dist without a route manifest, or with a malformed one naming the field', async () => {
    const bare = await dist('bare');
    await rm(join(bare, 'remote-manifest.json'));
    await expect(registry.publishRemote('marketing', bare, { activate: true })).rejects.toThrow(/no remote-manifest\.json/);
    const bad = JSON.parse(fixtureManifest('x'));
    bad.routes[0].layout = 'sidebar';
    await expect(
      registry.publishRemote('marketing', await dist('bad', { 'remote-manifest.json': JSON.stringify(bad) }), { activate: true }),
    ).rejects.toThrow(/routes\.0\.layout/);
    expect(await state()).toEqual({});
  });

  it('refuses to make live a version claiming a path another remote serves, naming both', async () => {
    const { version: theirs } = await registry.publishRemote('marketing', await withPaths('m', ['/offers', '/']), {
      activate: true,
    });
    const attempt = registry.publishRemote('checkout', await withPaths('c', ['/buy', '/Offers']), { activate: true });
    await expect(attempt).rejects.toMatchObject({ kind: 'route-conflict' });
    await expect(attempt).rejects.toThrow(new RegExp(`/offers is claimed by checkout \\S+ and marketing ${theirs}`, 'i'));
    const checkout = (await state()).checkout;
    // Published (a fixed deploy reuses nothing stale) but not live.
    expect(checkout?.current).toBeNull();
    expect(checkout?.history).toHaveLength(1);
    expect((await state()).marketing?.current).toBe(theirs);
    // Without the path it goes live.
    await registry.publishRemote('checkout', await withPaths('c2', ['/buy']), { activate: true });
    expect((await state()).checkout?.current).not.toBeNull();
  });

  it("refuses a path of the shell's own pages", async () => {
    await expect(registry.publishRemote('marketing', await withPaths('m', ['/login']), { activate: true })).rejects.toThrow(
      /\/login is a page of the shell/,
    );
  });

  it('refuses a rollback that would bring back a path another remote now serves', async () => {
    const old = await registry.publishRemote('marketing', await withPaths('m1', ['/', '/offers']), { activate: true });
    await registry.publishRemote('marketing', await withPaths('m2', ['/']), { activate: true });
    await registry.publishRemote('checkout', await withPaths('c', ['/offers']), { activate: true });
    await expect(registry.rollback('marketing')).rejects.toThrow(/\/offers is claimed by marketing/);
    await expect(registry.rollback('marketing', old.version)).rejects.toMatchObject({ kind: 'route-conflict' });
  });

  it('refuses a remote built against another major of a shared package than the shell provides', async () => {
    const strict = createRemoteRegistry(join(dir, 'data'), { providedVersions: async () => ({ react: '19.3.1', zod: '4.6.7' }) });
    const manifest = JSON.parse(fixtureManifest('old'));
    manifest.builtAgainst = { react: '18.2.0', zod: '4.1.0' };
    const attempt = strict.publishRemote('checkout', await dist('old', { 'remote-manifest.json': JSON.stringify(manifest) }), {
      activate: true,
    });
    await expect(attempt).rejects.toMatchObject({ kind: 'version-mismatch' });
    await expect(attempt).rejects.toThrow(/react: the shell provides 19\.3\.1 but checkout was built against 18\.2\.0/);
    expect((await state()).checkout?.current).toBeNull();
    // A minor or patch apart is fine.
    manifest.builtAgainst = { react: '19.4.0', zod: '4.6.7' };
    const ok = await strict.publishRemote('checkout', await dist('new', { 'remote-manifest.json': JSON.stringify(manifest) }), {
      activate: true,
    });
    expect(ok.activated).toBe(true);
  });
});

describe('precompressed files', () => {
  const big = `export const text = ${JSON.stringify('lorem ipsum dolor sit amet '.repeat(200))};\n`;

  it('a published version has a .br and a .gz beside each compressible file, made from its bytes', async () => {
    const { version } = await registry.publishRemote(
      'marketing',
      await dist('big', {
        'static/js/big.js': big,
        'static/css/a.css': `body{color:red}${' '.repeat(400)}`,
        'static/img.png': big,
      }),
      { activate: true },
    );
    const dir = registry.versionDir('marketing', version);
    expect(brotliDecompressSync(await readFile(join(dir, 'static/js/big.js.br'))).toString()).toBe(big);
    expect(gunzipSync(await readFile(join(dir, 'static/js/big.js.gz'))).toString()).toBe(big);
    expect(existsSync(join(dir, 'static/css/a.css.br'))).toBe(true);
    // Not a text format, or too small to be worth it.
    expect(existsSync(join(dir, 'static/img.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'mf-manifest.json.br'))).toBe(false);
    expect((await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps the .br and .gz a build made', async () => {
    const { version } = await registry.publishRemote(
      'marketing',
      await dist('built', { 'static/js/big.js': big, 'static/js/big.js.br': 'made by the build', 'static/js/big.js.gz': 'too' }),
      { activate: true },
    );
    expect(await readFile(join(registry.versionDir('marketing', version), 'static/js/big.js.br'), 'utf8')).toBe(
      'made by the build',
    );
  });

  it('adds them to a version published without them when it is published again', async () => {
    const source = await dist('old', { 'static/js/big.js': big });
    const first = await registry.publishRemote('checkout', source, { activate: true });
    const file = join(registry.versionDir('checkout', first.version), 'static/js/big.js');
    await rm(`${file}.br`);
    await rm(`${file}.gz`);
    expect(await registry.ensurePublished('checkout', source)).toMatchObject({ version: first.version, reused: true });
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(big);
    expect(existsSync(`${file}.gz`)).toBe(true);
  });
});

describe('ensurePublished', () => {
  it('publishes and activates a remote that has no current version', async () => {
    const result = await registry.ensurePublished('user-center', await dist('a'));
    expect(result).toMatchObject({ reused: false, activated: true });
    expect((await state())['user-center']?.current).toBe(result.version);
  });

  it('never undoes a rollback, and publishes new files without activating them', async () => {
    const a = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const bDist = await dist('b');
    const b = await registry.publishRemote('marketing', bDist, { activate: true });
    await registry.rollback('marketing');
    const before = await rawFile();

    expect(await registry.ensurePublished('marketing', bDist)).toEqual({ version: b.version, reused: true, activated: false });
    expect(await rawFile()).toBe(before);

    const c = await registry.ensurePublished('marketing', await dist('c'));
    expect(c).toMatchObject({ reused: false, activated: false });
    const marketing = (await state()).marketing;
    expect(marketing?.current).toBe(a.version);
    expect(marketing?.history.map((h) => h.version)).toEqual([a.version, b.version, c.version]);
  });

  it('activates a new build at the next start when no operator pinned the current version', async () => {
    const first = await registry.ensurePublished('checkout', await dist('a'));
    const second = await registry.ensurePublished('checkout', await dist('b'));
    expect(second).toMatchObject({ reused: false, activated: true });
    expect((await state()).checkout).toMatchObject({ current: second.version, pinned: false });
    expect(second.version).not.toBe(first.version);
  });

  it('replaces a pinned version that has no route manifest (published before manifests existed)', async () => {
    const old = await registry.publishRemote('marketing', await dist('old'), { activate: true });
    await rm(join(registry.versionDir('marketing', old.version), 'remote-manifest.json'));
    const next = await registry.ensurePublished('marketing', await dist('new'));
    expect(next.activated).toBe(true);
    expect((await state()).marketing?.current).toBe(next.version);
  });

  it('keeps an operator deploy across a restart with another build', async () => {
    const deployed = await registry.publishRemote('static-ip', await dist('a'), { activate: true });
    const other = await registry.ensurePublished('static-ip', await dist('b'));
    expect(other).toMatchObject({ activated: false });
    expect((await state())['static-ip']).toMatchObject({ current: deployed.version, pinned: true });
  });
});

describe('rollback', () => {
  it('goes back to the version deployed before the current one, then fails when there is none', async () => {
    const a = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const b = await registry.publishRemote('marketing', await dist('b'), { activate: true });
    expect(await registry.rollback('marketing')).toEqual({ from: b.version, to: a.version });
    expect((await state()).marketing?.current).toBe(a.version);
    const before = await rawFile();
    await expect(registry.rollback('marketing')).rejects.toThrow(/no version was deployed before/);
    expect(await rawFile()).toBe(before);
  });

  it('steps back through what was live, never to a version that was rolled away', async () => {
    const v1 = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    await registry.publishRemote('marketing', await dist('b'), { activate: true });
    await registry.rollback('marketing');
    const v3 = await registry.publishRemote('marketing', await dist('c'), { activate: true });
    expect(await registry.rollback('marketing')).toEqual({ from: v3.version, to: v1.version });
    await expect(registry.rollback('marketing')).rejects.toThrow(/no version was deployed before/);
  });

  it('after a rollback to a named version, the next rollback returns to what was live before it', async () => {
    const a = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const b = await registry.publishRemote('marketing', await dist('b'), { activate: true });
    const c = await registry.publishRemote('marketing', await dist('c'), { activate: true });
    await registry.rollback('marketing', a.version);
    expect(await registry.rollback('marketing')).toEqual({ from: a.version, to: c.version });
    expect(await registry.rollback('marketing')).toEqual({ from: c.version, to: b.version });
  });

  it('reads a registry written before the live trail existed in deploy order', async () => {
    const a = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const b = await registry.publishRemote('marketing', await dist('b'), { activate: true });
    const file = JSON.parse(await rawFile());
    delete file.remotes.marketing.live;
    await writeFile(registry.registryPath, JSON.stringify(file));
    expect(await registry.rollback('marketing')).toEqual({ from: b.version, to: a.version });
  });

  it('goes to a named version, forward as well as back', async () => {
    const a = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const b = await registry.publishRemote('marketing', await dist('b'), { activate: true });
    await registry.rollback('marketing', a.version);
    expect(await registry.rollback('marketing', b.version)).toEqual({ from: a.version, to: b.version });
  });

  it('rejects an unknown version or a remote never deployed, leaving the file as it was', async () => {
    await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const before = await rawFile();
    await expect(registry.rollback('marketing', '20990101000000-00000000')).rejects.toThrow(/has no version/);
    await expect(registry.rollback('checkout')).rejects.toThrow(/no current version/);
    expect(await rawFile()).toBe(before);
  });

  it('refuses to point at a version whose files are gone', async () => {
    const a = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    await registry.publishRemote('marketing', await dist('b'), { activate: true });
    await rm(registry.versionDir('marketing', a.version), { recursive: true });
    await expect(registry.rollback('marketing')).rejects.toThrow(/is missing/);
  });
});

describe('listRegistry', () => {
  it('lists every known remote with its versions, current marked', async () => {
    const a = await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const b = await registry.publishRemote('marketing', await dist('b'), { activate: true });
    await registry.rollback('marketing');
    const list = await registry.listRegistry();
    expect(list.map((r) => r.name)).toEqual(['marketing', 'checkout', 'user-center', 'static-ip']);
    expect(list[0]).toMatchObject({
      current: a.version,
      versions: [
        { version: a.version, current: true },
        { version: b.version, current: false },
      ],
    });
    expect(list[0]?.activations.map((a) => [a.action, a.from, a.version])).toEqual([
      ['deploy', null, a.version],
      ['deploy', a.version, b.version],
      ['rollback', b.version, a.version],
    ]);
    expect(list[1]).toEqual({ name: 'checkout', current: null, stage: null, versions: [], activations: [] });
  });
});

describe('bad input leaves the registry byte-for-byte unchanged', () => {
  it('an unknown remote name', async () => {
    await registry.publishRemote('marketing', await dist('a'), { activate: true });
    const before = await rawFile();
    await expect(registry.publishRemote('nope', await dist('b'), { activate: true })).rejects.toThrow(/unknown remote "nope"/);
    await expect(registry.ensurePublished('nope', await dist('b'))).rejects.toThrow(/unknown remote/);
    await expect(registry.rollback('nope')).rejects.toThrow(/unknown remote/);
    expect(await rawFile()).toBe(before);
    expect(existsSync(join(registry.root, 'nope'))).toBe(false);
  });

  it.each([
    ['invalid JSON', '{"remotes": {', /not valid JSON/],
    ['the wrong shape', '[1, 2]', /expected \{ "remotes"/],
    ['an unknown remote', '{"remotes":{"admin":{"current":null,"history":[]}}}', /unknown remote "admin"/],
    [
      'a current version not in history',
      '{"remotes":{"marketing":{"current":"v1","history":[]}}}',
      /current version v1 is not in history/,
    ],
    [
      'a bad date',
      '{"remotes":{"marketing":{"current":null,"history":[{"version":"v1","deployedAt":"yesterday","hash":"00"}]}}}',
      /remotes\.marketing\.history\.0\.deployedAt/,
    ],
  ])('a malformed file: %s', async (_, content, message) => {
    await mkdir(registry.root, { recursive: true });
    await writeFile(registry.registryPath, content);
    await expect(registry.readRegistry()).rejects.toThrow(message);
    await expect(registry.publishRemote('marketing', await dist('a'), { activate: true })).rejects.toThrow(message);
    await expect(registry.ensurePublished('checkout', await dist('a'))).rejects.toThrow(message);
    await expect(registry.rollback('marketing')).rejects.toThrow(message);
    await expect(registry.listRegistry()).rejects.toThrow(message);
    expect(await rawFile()).toBe(content);
    expect(await readdir(registry.root)).toEqual(['registry.json']);
  });
});

describe('readServable', () => {
  it('keeps the valid entries of a damaged file and reports the rest', async () => {
    await mkdir(join(registry.root, 'marketing', 'v1'), { recursive: true });
    const hash = 'a'.repeat(64);
    await writeFile(
      registry.registryPath,
      JSON.stringify({
        remotes: {
          marketing: { current: 'v1', history: [{ version: 'v1', deployedAt: '2025-01-01T00:00:00.000Z', hash }] },
          checkout: { current: '../../etc', history: [] },
          admin: { current: 'v1', history: [] },
        },
      }),
    );
    const { registry: served, problems } = await registry.readServable();
    expect(Object.keys(served.remotes)).toEqual(['marketing']);
    expect(problems).toEqual([expect.stringContaining('remotes.checkout'), expect.stringContaining('unknown remote "admin"')]);
  });

  it('serves no remote whose current version has no files, and says so', async () => {
    await mkdir(registry.root, { recursive: true });
    const hash = 'a'.repeat(64);
    const history = [{ version: 'v1', deployedAt: '2025-01-01T00:00:00.000Z', hash }];
    await writeFile(registry.registryPath, JSON.stringify({ remotes: { marketing: { current: 'v1', history } } }));
    const { registry: served, problems } = await registry.readServable();
    expect(served.remotes).toEqual({});
    expect(problems).toEqual(['marketing v1 is current but its files are missing']);
  });

  it('keeps its reading while the file is unchanged, reads the new one after a write, and shares a read in flight', async () => {
    await mkdir(join(registry.root, 'marketing', 'v1'), { recursive: true });
    await mkdir(join(registry.root, 'marketing', 'v2'), { recursive: true });
    const hash = 'a'.repeat(64);
    const history = [
      { version: 'v1', deployedAt: '2025-01-01T00:00:00.000Z', hash },
      { version: 'v2', deployedAt: '2025-01-02T00:00:00.000Z', hash },
    ];
    await writeFile(registry.registryPath, JSON.stringify({ remotes: { marketing: { current: 'v1', history } } }));
    const first = await registry.readServable();
    expect(first.registry.remotes.marketing?.current).toBe('v1');
    expect(await registry.readServable()).toBe(first);
    // Another process (the ops CLI) switches the version: the next read sees it.
    // Another length too: a write within the same millisecond still changes the stat.
    await writeFile(registry.registryPath, JSON.stringify({ remotes: { marketing: { current: 'v2', history } } }, null, 1));
    const [a, b] = await Promise.all([registry.readServable(), registry.readServable()]);
    expect(a).toBe(b);
    expect(a.registry.remotes.marketing?.current).toBe('v2');
  });

  it('serves nothing from an unreadable file, without throwing', async () => {
    await mkdir(registry.root, { recursive: true });
    await writeFile(registry.registryPath, 'garbage');
    const { registry: served, problems } = await registry.readServable();
    expect(served.remotes).toEqual({});
    expect(problems).toEqual([expect.stringContaining('not valid JSON')]);
  });
});
