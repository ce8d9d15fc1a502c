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
  // Who deploys, as a CI job would name itself.
  process.env.DEPLOYED_BY = 'ops-test';
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
      await writeDist(deps.distDir(name), {
        'static/js/main.js': `build ${builds.length}`,
        'build-info.json': JSON.stringify({
          release: `r${builds.length}`,
          builtAt: '2026-11-24T08:00:00.000Z',
          commit: 'abc123',
        }),
      });
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
    expect(out).toContain('  release r2  built 2026-11-24T08:00:00.000Z  commit abc123');
    expect(out).toContain(`  deployed ${second?.deployedAt} by ops-test`);
    expect(out).toContain('  versions kept: 2');
    expect(out).toContain(`  * ${second?.version}  deployed ${second?.deployedAt}  release r2`);
    expect(out).toContain(`    ${first?.version}  deployed ${first?.deployedAt}  release r1`);
    expect(out).toContain('marketing  current: (none)');

    out = [];
    expect(await run('rollback', 'checkout')).toBe(0);
    expect(out).toEqual([`checkout: rolled back from ${second?.version} to ${first?.version}`]);
    expect(await run('rollback', 'checkout')).toBe(1);
    expect(err.join('\n')).toMatch(/no version was deployed before/);
    expect(await run('rollback', 'checkout', second?.version ?? '')).toBe(0);
    expect((await registry().readRegistry()).remotes.checkout?.current).toBe(second?.version);
  });

  it('history lists deploys and rollbacks with times and who; prune keeps the newest and the live version', async () => {
    for (let i = 0; i < 4; i++) expect(await run('deploy', 'marketing')).toBe(0);
    expect(await run('rollback', 'marketing')).toBe(0);
    const versions = (await registry().listRegistry()).find((r) => r.name === 'marketing')?.versions.map((v) => v.version) ?? [];
    out = [];
    expect(await run('history', 'marketing')).toBe(0);
    expect(out).toHaveLength(5);
    expect(out[0]).toMatch(new RegExp(`^\\S+Z  deploy   \\(none\\) → ${versions[0]}  by ops-test$`));
    expect(out[4]).toMatch(new RegExp(`  rollback ${versions[3]} → ${versions[2]}  by ops-test$`));

    out = [];
    expect(await run('prune', 'marketing', '--keep', '1')).toBe(0);
    // The newest (v4) and the live one (v3, after the rollback) stay.
    expect(out).toEqual([`marketing: removed 2 version(s) (${versions[0]}, ${versions[1]}); 2 kept`]);
    for (const v of versions.slice(0, 2)) expect(existsSync(registry().versionDir('marketing', v!))).toBe(false);
    expect(existsSync(registry().versionDir('marketing', versions[2]!))).toBe(true);
    expect(await run('rollback', 'marketing')).toBe(1);
    expect(await run('prune', 'marketing', '--keep', '0')).toBe(2);
    expect(err.join('\n')).toMatch(/--keep must be a whole number of at least 1/);
  });

  it('stages a version for a share of visitors; promote makes it current, rollback ends the stage', async () => {
    expect(await run('deploy', 'checkout')).toBe(0);
    expect(await run('deploy', 'checkout', '--percent', '10')).toBe(0);
    const read = async () => (await registry().readRegistry()).remotes.checkout;
    const [v1, v2] = (await read())?.history.map((h) => h.version) ?? [];
    expect(await read()).toMatchObject({ current: v1, stage: { version: v2, percent: 10 } });
    expect(out.at(-1)).toBe(
      `checkout: ${v2} is staged for about 10% of visitors (\`remote promote checkout\` for everyone, \`remote rollback checkout\` to end it)`,
    );
    out = [];
    expect(await run('list')).toBe(0);
    expect(out.some((l) => l.startsWith(`  staged: ${v2} for 10% of visitors since `))).toBe(true);

    expect(await run('rollback', 'checkout')).toBe(0);
    expect(await read()).toMatchObject({ current: v1, stage: null });
    expect(await run('promote', 'checkout')).toBe(1);
    expect(err.join('\n')).toMatch(/no staged version to promote/);

    expect(await run('deploy', 'checkout', '--percent', '50')).toBe(0);
    const v3 = (await read())?.stage?.version;
    expect(await run('promote', 'checkout')).toBe(0);
    expect(await read()).toMatchObject({ current: v3, stage: null });
    // Back to what was live before the promotion.
    expect(await run('rollback', 'checkout')).toBe(0);
    expect((await read())?.current).toBe(v1);
    out = [];
    expect(await run('history', 'checkout')).toBe(0);
    expect(out.map((l) => l.split(/\s+/)[1])).toEqual(['deploy', 'stage', 'unstage', 'stage', 'promote', 'rollback']);

    for (const bad of ['0', '100', '5.5', 'ten']) {
      expect(await run('deploy', 'checkout', '--percent', bad)).toBe(2);
      expect(err.join('\n')).toMatch(/--percent must be a whole number from 1 to 99/);
    }
  });

  it('deploys a prebuilt dist with --dist, building nothing', async () => {
    const prebuilt = await writeDist(join(dir, 'artifact', 'checkout'), { 'static/js/main.js': 'artifact' });
    expect(await run('deploy', 'checkout', '--dist', prebuilt)).toBe(0);
    expect(builds).toEqual([]);
    expect((await registry().readRegistry()).remotes.checkout?.current).toBeTruthy();
  });

  it('keeps the registry whole when deploys and rollbacks of different remotes run at once', async () => {
    const names = ['marketing', 'checkout', 'user-center', 'static-ip'] as const;
    for (const name of names) {
      expect(await run('deploy', name)).toBe(0);
      expect(await run('deploy', name)).toBe(0);
    }
    const codes = await Promise.all(names.flatMap((name) => [run('rollback', name), run('deploy', name)]));
    expect(codes.every((c) => c === 0)).toBe(true);
    const state = (await registry().readRegistry()).remotes;
    for (const name of names) {
      expect(state[name]?.history, name).toHaveLength(3);
      expect(state[name]?.activations, name).toHaveLength(4);
      expect(existsSync(registry().versionDir(name, state[name]?.current ?? 'none')), name).toBe(true);
    }
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
      // The embedded default: with DATABASE_URL the CLI would work on that database instead.
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(dir, 'data') },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown remote "nope"/);
    expect(existsSync(join(dir, 'data', 'remotes'))).toBe(false);
  });
});
