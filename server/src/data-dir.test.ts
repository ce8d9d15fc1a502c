import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config/index.ts';
import { describeModeFixes, secureDataDir } from './data-dir.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-data-dir-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

/** Every folder and file under `root` (itself included) with a mode that lets group or others in. */
function openEntries(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0) found.push(`${path.slice(root.length) || '/'} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

/** A data folder as older versions left it: 0755 folders, 0644 files (the default umask 022). */
function legacyDataDir(root: string): void {
  mkdirSync(join(root, 'pglite', 'base'), { recursive: true, mode: 0o755 });
  mkdirSync(join(root, 'remotes'), { mode: 0o755 });
  writeFileSync(join(root, 'pglite', 'base', 'wal'), 'secret', { mode: 0o644 });
  writeFileSync(join(root, 'remotes', 'registry.json'), '{}', { mode: 0o664 });
  for (const path of [root, join(root, 'pglite'), join(root, 'pglite', 'base'), join(root, 'remotes')]) chmodSync(path, 0o755);
  chmodSync(join(root, 'pglite', 'base', 'wal'), 0o644);
  chmodSync(join(root, 'remotes', 'registry.json'), 0o664);
}

describe('secureDataDir', () => {
  it('makes an existing folder owner-only, recursively, and says what it changed', async () => {
    const data = join(dir, 'data');
    legacyDataDir(data);
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(data, 'link'));

    const fixes = await secureDataDir(data);

    expect(fixes).toEqual({ dirs: 4, files: 2, failed: [] });
    expect(openEntries(data)).toEqual([]);
    expect(modeOf(data)).toBe(0o700);
    expect(modeOf(join(data, 'pglite', 'base'))).toBe(0o700);
    expect(modeOf(join(data, 'pglite', 'base', 'wal'))).toBe(0o600);
    // A symbolic link is neither followed nor changed.
    expect(modeOf(outside)).toBe(0o644);
    expect(describeModeFixes(data, fixes)).toBe(
      `DATA_DIR ${data} was readable by other users: made 4 folder(s) 0700 and 2 file(s) owner-only`,
    );
    // A second start finds nothing to fix and logs nothing.
    const again = await secureDataDir(data);
    expect(again).toEqual({ dirs: 0, files: 0, failed: [] });
    expect(describeModeFixes(data, again)).toBeNull();
  });

  it('creates a missing folder 0700', async () => {
    const data = join(dir, 'new', 'data');
    await secureDataDir(data);
    expect(modeOf(data)).toBe(0o700);
  });
});

describe('the server at start', () => {
  it('fixes DATA_DIR with one log line and writes the embedded database owner-only', async () => {
    const data = join(dir, 'data');
    legacyDataDir(data);
    const shell = join(dir, 'shell');
    mkdirSync(shell);
    // The server as `npm start` runs it, with the usual umask 022 of a login shell.
    const child = spawn(
      'sh',
      ['-c', `umask 022 && exec "${join(REPO_ROOT, 'server/node_modules/.bin/tsx')}" "${join(REPO_ROOT, 'server/src/main.ts')}"`],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATA_DIR: data,
          SHELL_DIST: shell,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          SANDBOX: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
        const check = () => {
          if (output.includes('Server listening')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', check);
        exited.then(() => reject(new Error(`server exited:\n${output}`)));
      });
      // Everything the server wrote (PGlite's files and WAL, the sandbox and data keys) is owner-only.
      expect(readdirSync(join(data, 'pglite')).length).toBeGreaterThan(3);
      expect(openEntries(data)).toEqual([]);
      const lines = output.split('\n').filter((line) => line.includes('was readable by other users'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('made 4 folder(s) 0700 and 2 file(s) owner-only');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
