import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemoteName } from '@portal/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/index.ts';
import { createRemoteRegistry } from '../modules/remotes/registry.ts';
import { writeDist } from '../test/dist.ts';
import { type CliDeps, remoteDist, runCli } from './remote.ts';

let dir: string;
let out: string[];
let err: string[];
let builds: RemoteName[];
let deps: CliDeps;
const run = (...argv: string[]) => runCli(argv, deps, { out: (l) => out.push(l), err: (l) => err.push(l) });
const registry = () => createRemoteRegistry(deps.config.dataDir);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-cli-'));
  out = [];
  err = [];
  builds = [];
  deps = {
    config: { dataDir: join(dir, 'data'), shellDist: join(dir, 'shell') },
    distDir: (name) => join(dir, 'dists', name),
    // Every build produces different output, like a rebuild after a change.
    build: async (name) => {
      builds.push(name);
      await writeDist(deps.distDir(name), { 'static/js/main.js': `build ${builds.length}` });
    },
  };
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('remote CLI', () => {
  it('prints usage for --help, and exits 2 without a command', async () => {
    expect(await run('--help')).toBe(0);
    expect(out.join('\n')).toMatch(/deploy <name>/);
    expect(await run()).toBe(2);
    expect(err.join('\n')).toMatch(/Usage/);
  });

  it.each([
    [['deploy', 'admin'], /unknown remote "admin"/],
    [['deploy'], /missing remote name/],
    [['rollback', 'nope'], /unknown remote "nope"/],
    [['rollback', 'marketing', 'v1', 'v2'], /unexpected argument "v2"/],
    [['list', 'extra'], /unexpected argument "extra"/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('exits 2 on %j, builds nothing and leaves the registry alone', async (argv, message) => {
    expect(await run('deploy', 'marketing')).toBe(0);
    const before = await readFile(registry().registryPath, 'utf8');
    builds = [];
    expect(await run(...argv)).toBe(2);
    expect(err.join('\n')).toMatch(message);
    expect(builds).toEqual([]);
    expect(await readFile(registry().registryPath, 'utf8')).toBe(before);
  });

  it('deploys, lists and rolls back', async () => {
    expect(await run('deploy', 'checkout')).toBe(0);
    expect(await run('deploy', 'checkout')).toBe(0);
    expect(builds).toEqual(['checkout', 'checkout']);
    const [first, second] = (await registry().listRegistry()).find((r) => r.name === 'checkout')?.versions ?? [];
    expect(out).toEqual([`checkout: ${first?.version} is now current`, `checkout: ${second?.version} is now current`]);

    out = [];
    expect(await run('list')).toBe(0);
    expect(out).toContain(`checkout  current: ${second?.version}`);
    expect(out).toContain(`  * ${second?.version}  deployed ${second?.deployedAt}`);
    expect(out).toContain(`    ${first?.version}  deployed ${first?.deployedAt}`);
    expect(out).toContain('marketing  current: (none)');

    out = [];
    expect(await run('rollback', 'checkout')).toBe(0);
    expect(out).toEqual([`checkout: rolled back from ${second?.version} to ${first?.version}`]);
    expect(await run('rollback', 'checkout')).toBe(1);
    expect(err.join('\n')).toMatch(/no version was deployed before/);
    expect(await run('rollback', 'checkout', second?.version ?? '')).toBe(0);
    expect((await registry().readRegistry()).remotes.checkout?.current).toBe(second?.version);
  });

  it('rolls back to what was live, never to a version an operator rolled away', async () => {
    const versions = async () => (await registry().listRegistry()).find((r) => r.name === 'marketing')?.versions ?? [];
    expect(await run('deploy', 'marketing')).toBe(0);
    expect(await run('deploy', 'marketing')).toBe(0);
    expect(await run('rollback', 'marketing')).toBe(0);
    expect(await run('deploy', 'marketing')).toBe(0);
    const [v1, v2, v3] = await versions();
    out = [];
    expect(await run('rollback', 'marketing')).toBe(0);
    expect(out).toEqual([`marketing: rolled back from ${v3?.version} to ${v1?.version}`]);
    expect((await versions()).find((v) => v.current)?.version).not.toBe(v2?.version);
  });

  it('exits 1 and publishes nothing when the build fails', async () => {
    deps.build = () => {
      throw new Error('build of @portal/marketing failed (exit code 1)');
    };
    expect(await run('deploy', 'marketing')).toBe(1);
    expect(err.join('\n')).toMatch(/build of @portal\/marketing failed/);
    expect(existsSync(registry().registryPath)).toBe(false);
  });

  it('ensure publishes every built remote once and skips the others', async () => {
    await writeDist(deps.distDir('marketing'));
    await writeDist(deps.distDir('static-ip'), { 'a.js': 'x' });
    expect(await run('ensure')).toBe(0);
    const list = await registry().listRegistry();
    expect(list.filter((r) => r.current).map((r) => r.name)).toEqual(['marketing', 'static-ip']);
    expect(out.filter((l) => l.includes('not built'))).toHaveLength(2);
    out = [];
    expect(await run('ensure')).toBe(0);
    expect(out.filter((l) => l.includes('already published'))).toHaveLength(2);
  });

  it('ensure reports a broken build and still publishes the others', async () => {
    await writeDist(deps.distDir('marketing'));
    await mkdir(deps.distDir('checkout'), { recursive: true });
    expect(await run('ensure')).toBe(1);
    expect(err.join('\n')).toMatch(/checkout: .*no mf-manifest\.json/);
    expect((await registry().readRegistry()).remotes.marketing?.current).toBeTruthy();
  });

  it('builds each remote into its own dist folder', () => {
    expect(remoteDist('user-center')).toBe(join(REPO_ROOT, 'remotes/user-center/dist'));
  });

  it('runs as a script with the server config, exiting 2 on a bad name', () => {
    const result = spawnSync(join(REPO_ROOT, 'server/node_modules/.bin/tsx'), ['server/src/cli/remote.ts', 'rollback', 'nope'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: join(dir, 'data') },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown remote "nope"/);
    expect(existsSync(join(dir, 'data', 'remotes'))).toBe(false);
  });
});
