import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { login } from '../modules/accounts/service.ts';
import { findUserById } from '../modules/accounts/users.ts';
import { findRedirect } from '../modules/redirects/service.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { type OpsContext, runOps } from './ops.ts';

let database: TestDatabase;
let opened: number;
let out: string[];
let err: string[];
const ctx: OpsContext = {
  db: async () => {
    opened += 1;
    return database.db;
  },
  config: loadConfig({}),
  io: { out: (l) => out.push(l), err: (l) => err.push(l) },
};
const run = (...argv: string[]) => runOps(argv, ctx);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(() => {
  out = [];
  err = [];
  opened = 0;
});

describe('ops CLI: usage', () => {
  it('prints usage for --help and exits 2 without a command, without opening the database', async () => {
    expect(await run('--help')).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: ops <command>/);
    expect(out.join('\n')).toMatch(/redirect set <path> <target> \[--note <text>\]/);
    expect(out.join('\n')).toMatch(/user create --mobile <m> --password <p>/);
    expect(await run()).toBe(2);
    expect(err.join('\n')).toMatch(/Usage/);
    expect(opened).toBe(0);
  });

  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [['redirect'], /missing redirect command/],
    [['redirect', 'move'], /unknown redirect command "move"/],
    [['redirect', 'list', 'extra'], /unexpected argument "extra"/],
    [['redirect', 'set', '/a'], /missing <target>/],
    [['redirect', 'set', '/a', '/b', '/c'], /unexpected argument "\/c"/],
    [['redirect', 'set', '/a', '/b', '--colour', 'red'], /Unknown option '--colour'/],
    [['redirect', 'set', 'a', '/b'], /path "a": Must be a path starting with \//],
    [['redirect', 'set', '/en/a', '/b'], /without locale prefix \(\/a\)/],
    [['redirect', 'set', '/a', 'buy'], /target "buy": Must be a path starting with \/ or an http\(s\) URL/],
    [['redirect', 'set', '/a', '//evil.example.com'], /target "\/\/evil\.example\.com"/],
    [['redirect', 'set', '/a', 'javascript:alert(1)'], /target "javascript:alert\(1\)"/],
    [['redirect', 'set', '/a', 'ftp://files.example.com'], /target "ftp:/],
    [['redirect', 'set', '/a', '/en/a?x=1'], /is the page itself/],
    [['redirect', 'remove'], /missing <path>/],
    [['user'], /missing user command/],
    [['user', 'delete'], /unknown user command "delete"/],
    [['user', 'create', '--password', 'Secret@123'], /missing --mobile/],
    [['user', 'create', '--mobile', '13955556666'], /missing --password/],
    [['user', 'create', '--mobile', '12345', '--password', 'Secret@123'], /--mobile: expected a mainland-China mobile/],
    [['user', 'create', '--mobile', '13955556666', '--password', 'short'], /--password: expected 8 to 128/],
    [['user', 'create', '--mobile', '13955556666', '--password', 'Secret@123', '--balance', '1.5'], /--balance "1\.5"/],
  ])('exits 2 on %j with a clear message and changes nothing', async (argv, message) => {
    expect(await run(...argv)).toBe(2);
    expect(err.join('\n')).toMatch(message);
    expect(err.join('\n')).toMatch(/Usage: ops/);
    expect(out).toEqual([]);
    expect(await findRedirect(database.db, '/a')).toBeNull();
  });
});

describe('ops CLI: redirect', () => {
  it('sets, lists, replaces and removes rules', async () => {
    expect(await run('redirect', 'list')).toBe(0);
    expect(out).toEqual(['(no redirect rules)']);

    out = [];
    expect(await run('redirect', 'set', '/old-buy/', '/en/buy', '--note', 'renamed in 2026')).toBe(0);
    expect(await run('redirect', 'set', '/promo', 'https://campaign.example.com/x?y=1')).toBe(0);
    expect(await run('redirect', 'set', '/old-buy', '/buy')).toBe(0);
    expect(out).toEqual([
      'created: /old-buy -> /en/buy',
      'created: /promo -> https://campaign.example.com/x?y=1',
      'updated: /old-buy -> /buy',
    ]);
    expect(await findRedirect(database.db, '/old-buy')).toBe('/buy');

    out = [];
    expect(await run('redirect', 'list')).toBe(0);
    expect(out).toEqual(['/old-buy -> /buy  (renamed in 2026)', '/promo -> https://campaign.example.com/x?y=1']);

    out = [];
    expect(await run('redirect', 'remove', '/promo')).toBe(0);
    expect(out).toEqual(['removed: /promo']);
    expect(await run('redirect', 'remove', '/promo')).toBe(1);
    expect(err).toEqual(['ops: no redirect rule for /promo']);
    expect(await findRedirect(database.db, '/promo')).toBeNull();
  });
});

describe('ops CLI: user create', () => {
  it('creates a member through the accounts service and prints only its id', async () => {
    expect(
      await run('user', 'create', '--mobile', '13955557777', '--password', 'Secret@123', '--nickname', 'E2E', '--balance', '500'),
    ).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d+$/);
    const user = await findUserById(database.db, Number(out[0]));
    expect(user).toMatchObject({ mobile: '13955557777', nickname: 'E2E', limitBalance: 500 });
    expect(
      (await login(database.db, { login: { channel: 'sms', to: '13955557777' }, password: 'Secret@123', ip: '127.0.0.1' })).token,
    ).toBeTruthy();
  });

  it('exits 1 when the mobile has an account already', async () => {
    expect(await run('user', 'create', '--mobile', '13955558888', '--password', 'Secret@123')).toBe(0);
    expect(await run('user', 'create', '--mobile', '13955558888', '--password', 'Other@1234')).toBe(1);
    expect(err).toEqual(['ops: a user with this mobile already exists']);
  });
});

describe('ops CLI as a script', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-ops-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const script = (...args: string[]) =>
    spawnSync(join(REPO_ROOT, 'server/node_modules/.bin/tsx'), ['server/src/cli/ops.ts', ...args], {
      cwd: REPO_ROOT,
      // An embedded database in a temp folder, whatever the caller's DATABASE_URL is.
      env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
      encoding: 'utf8',
    });

  it('exits 2 on bad usage without creating the database', () => {
    const result = script('redirect', 'set', '/a', 'nope');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/target "nope"/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('migrates the configured database and runs the command', () => {
    const set = script('redirect', 'set', '/old', '/en/buy');
    expect(set.stderr).toBe('');
    expect(set.status).toBe(0);
    expect(set.stdout).toBe('created: /old -> /en/buy\n');
    const list = script('redirect', 'list');
    expect(list.stdout).toBe('/old -> /en/buy\n');
  });

  it('refuses, exit 1, while another process (the server) has the embedded database open', async () => {
    const server = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'data', 'pglite') });
    try {
      const result = script('redirect', 'set', '/while-running', '/buy');
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/in use by process \d+ .*DATABASE_URL/s);
    } finally {
      await server.close();
    }
    expect(script('redirect', 'list').stdout).toBe('/old -> /en/buy\n');
  });
});
