import { execFile, spawn } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig, REPO_ROOT } from '../config/index.ts';
import { openDatabase } from '../db/client.ts';
import { seed } from '../db/seed.ts';
import { findRedirect } from '../modules/redirects/service.ts';
import { TEST_DATA_KEY } from '../test/app.ts';
import { createTestDatabase } from '../test/db.ts';
import { loginToken } from '../test/members.ts';
import { opsRoute, runOpsCli } from './ops.ts';
import {
  findOpsSocket,
  forwardOps,
  listenOpsSocket,
  MAX_SOCKET_PATH_BYTES,
  opsSocketPath,
  opsSocketPathFile,
} from './ops-socket.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-ops-sock-'));
  await mkdir(join(dir, 'shell'));
  writeFileSync(join(dir, 'shell', 'index.html'), '<!doctype html><title>portal</title>');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let out: string[];
let err: string[];
beforeEach(() => {
  out = [];
  err = [];
});
const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };

/** The all-in-one server as main.ts starts it: embedded PGlite in DATA_DIR, migrated, seeded, ops socket up. */
async function startServer(dataDir: string): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({ DATA_DIR: dataDir, SHELL_DIST: join(dir, 'shell'), CAPTCHA_ENABLED: 'false' });
  const app = await buildApp({ config, logger: false });
  try {
    await app.ready();
    await app.database.migrate();
    await seed(app.db, { sandbox: false });
    await app.opsSocket.listen();
  } catch (e) {
    await app.close();
    throw e;
  }
  return { app, config };
}

/** A socket file whose server died without removing it (crash, SIGKILL). */
async function leaveStaleSocket(path: string): Promise<void> {
  const child = spawn(process.execPath, [
    '-e',
    "require('net').createServer().listen(process.argv[1], () => console.log('up'))",
    path,
  ]);
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('error', reject);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  expect(lstatSync(path).isSocket()).toBe(true);
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('ops against a running all-in-one server (embedded PGlite)', () => {
  let app: FastifyInstance;
  let config: Config;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = join(dir, 'running');
    ({ app, config } = await startServer(dataDir));
  });
  afterAll(() => app.close());

  const cli = (...argv: string[]) => runOpsCli(argv, { config, io });

  it('listens on DATA_DIR/ops.sock, a socket only its owner may use, and the CLI routes to it', () => {
    const path = join(dataDir, 'ops.sock');
    expect(app.opsSocket.path).toBe(path);
    expect(lstatSync(path).isSocket()).toBe(true);
    expect(mode(path)).toBe(0o600);
    expect(existsSync(opsSocketPathFile(dataDir))).toBe(false);
    expect(opsRoute(config)).toEqual({ kind: 'server', pid: process.pid, socket: path });
  });

  it('user create: the server runs it, and the member can log in at once', async () => {
    // Direct mode would fail here: this process already holds the database (the lock refuses it).
    expect(await cli('user', 'create', '--mobile', '13955550001', '--password', 'Secret@123', '--nickname', 'Sock')).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d+$/);
    expect(await loginToken(app, '13955550001', 'Secret@123')).toBeTruthy();

    out = [];
    expect(await cli('user', 'create', '--mobile', '13955550001', '--password', 'Other@1234')).toBe(1);
    expect(err).toEqual(['ops: a user with this mobile already exists']);
  });

  it('redirect set / list / remove: the server applies each one to the very next request', async () => {
    const lookup = async (path: string) =>
      (await app.inject({ url: `/app-api/system/redirect?path=${encodeURIComponent(path)}` })).json().data.target;
    const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });

    expect(await cli('redirect', 'set', '/spring-sale', '/buy', '--note', 'spring 2026')).toBe(0);
    expect(out).toEqual(['created: /spring-sale -> /buy']);
    expect(await lookup('/spring-sale')).toBe('/buy');
    const res = await page('/en/spring-sale?utm_source=mail');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/buy?utm_source=mail');

    out = [];
    expect(await cli('redirect', 'list')).toBe(0);
    expect(out).toEqual(['/spring-sale -> /buy  (spring 2026)']);

    out = [];
    expect(await cli('redirect', 'remove', '/spring-sale')).toBe(0);
    expect(out).toEqual(['removed: /spring-sale']);
    expect(await lookup('/spring-sale')).toBeNull();
    expect((await page('/en/spring-sale')).statusCode).toBe(404);
    expect(await cli('redirect', 'remove', '/spring-sale')).toBe(1);
    expect(err).toEqual(['ops: no redirect rule for /spring-sale']);
  });

  it('answers usage errors and --help like the CLI itself (same function), exit codes included', async () => {
    expect(await cli('redirect', 'set', '/a', 'nope')).toBe(2);
    expect(err.join('\n')).toMatch(/target "nope".*Usage: ops/s);
    expect(out).toEqual([]);
    err = [];
    expect(await cli('--help')).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: ops <command>/);
    expect(await findRedirect(app.db, '/a')).toBeNull();
  });

  it('serves `npm run ops` from another process (the script), while the server keeps running', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      join(REPO_ROOT, 'server/node_modules/.bin/tsx'),
      ['server/src/cli/ops.ts', 'redirect', 'set', '/from-script', 'https://campaign.example.com/'],
      { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
    );
    expect(stderr).toBe('');
    expect(stdout).toBe('created: /from-script -> https://campaign.example.com/\n');
    expect(await findRedirect(app.db, '/from-script')).toBe('https://campaign.example.com/');
  });

  it('with DATABASE_URL set, runs commands directly even next to this embedded server', () => {
    expect(opsRoute({ ...config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).toEqual({ kind: 'direct' });
  });

  it('refuses anything but POST /ops {argv: string[]}', async () => {
    const send = (method: string, path: string, body: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ socketPath: join(dataDir, 'ops.sock'), method, path }, (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    expect((await send('GET', '/ops', '')).status).toBe(404);
    const bad = await send('POST', '/ops', '{"argv":"redirect list"}');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ code: 2, out: [], err: ['ops socket: expected {"argv": [string, ...]}'] });
    expect((await send('POST', '/ops', 'x'.repeat(300 * 1024))).status).toBe(413);
  });
});

describe('ops socket life cycle', () => {
  it('replaces a stale socket at start, removes it on shutdown; the CLI ignores a stale one', async () => {
    const dataDir = join(dir, 'stale');
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, 'ops.sock');
    await leaveStaleSocket(path);
    const config = loadConfig({ DATA_DIR: dataDir });

    // No server: nobody holds the database, so the CLI runs the command itself.
    expect(opsRoute(config)).toEqual({ kind: 'direct' });
    expect(await forwardOps(path, ['redirect', 'list'])).toBeNull(); // ECONNREFUSED: nothing ran
    expect(await runOpsCli(['redirect', 'set', '/offline', '/buy'], { config, io })).toBe(0);
    expect(out).toEqual(['created: /offline -> /buy']);

    const server = await startServer(dataDir);
    try {
      expect(mode(path)).toBe(0o600);
      out = [];
      expect(await runOpsCli(['redirect', 'list'], { config, io })).toBe(0);
      expect(out).toEqual(['/offline -> /buy']);
    } finally {
      await server.app.close();
    }
    expect(existsSync(path)).toBe(false);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('says why when a live process holds the database but does not answer on a socket', async () => {
    const dataDir = join(dir, 'held');
    const holder = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      await leaveStaleSocket(join(dataDir, 'ops.sock'));
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(opsRoute(config)).toMatchObject({ kind: 'server', pid: process.pid });
      expect(await runOpsCli(['redirect', 'list'], { config, io })).toBe(1);
      expect(err.join('\n')).toMatch(/in use by process \d+ .* did not answer on its ops socket .*ops\.sock/s);
    } finally {
      await holder.close();
    }
  });

  it('moves a socket whose path would be too long to the temp folder and records where', async () => {
    const dataDir = join(dir, 'x'.repeat(MAX_SOCKET_PATH_BYTES));
    const expected = opsSocketPath(dataDir);
    expect(expected.inTmp).toBe(true);
    expect(expected.path.startsWith(tmpdir())).toBe(true);
    expect(Buffer.byteLength(expected.path)).toBeLessThanOrEqual(MAX_SOCKET_PATH_BYTES);

    const server = await startServer(dataDir);
    try {
      expect(server.app.opsSocket.path).toBe(expected.path);
      expect(readFileSync(opsSocketPathFile(dataDir), 'utf8').trim()).toBe(expected.path);
      expect(mode(expected.path)).toBe(0o600);
      expect(findOpsSocket(dataDir)).toBe(expected.path);
      expect(await runOpsCli(['redirect', 'set', '/long', '/buy'], { config: server.config, io })).toBe(0);
      expect(await findRedirect(server.app.db, '/long')).toBe('/buy');
    } finally {
      await server.app.close();
    }
    expect(existsSync(expected.path)).toBe(false);
    expect(existsSync(opsSocketPathFile(dataDir))).toBe(false);
  });

  it('refuses to start over a file that is not a socket, and leaves it alone', async () => {
    const dataDir = join(dir, 'not-a-socket');
    await mkdir(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'ops.sock'), 'keep me');
    await expect(listenOpsSocket(dataDir, async () => ({ code: 0, out: [], err: [] }))).rejects.toThrow(/is not a socket/);
    expect(readFileSync(join(dataDir, 'ops.sock'), 'utf8')).toBe('keep me');
    expect(findOpsSocket(dataDir)).toBeNull();
  });
});

describe('ops with PostgreSQL', () => {
  it.runIf(process.env.DATABASE_URL)('opens PostgreSQL itself while the server runs; the server has no ops socket', async () => {
    const database = await createTestDatabase();
    const dataDir = join(dir, 'pg');
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
      SHELL_DIST: join(dir, 'shell'),
    });
    const app = await buildApp({ config, logger: false });
    try {
      await app.ready();
      expect(await app.opsSocket.listen()).toBeNull();
      expect(existsSync(join(dataDir, 'ops.sock'))).toBe(false);
      expect(await runOpsCli(['redirect', 'set', '/pg-rule', '/buy'], { config, io })).toBe(0);
      expect(out).toEqual(['created: /pg-rule -> /buy']);
      const res = await app.inject({ url: '/en/pg-rule', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/en/buy');
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
