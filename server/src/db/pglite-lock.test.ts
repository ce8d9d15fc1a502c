import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DatabaseInUseError, lockDataDir } from './pglite-lock.ts';

let dir: string;
let dataDir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-lock-'));
  dataDir = join(dir, 'pglite');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const lockFile = () => join(dir, 'pglite.lock');
/** The pid of a process that has exited: certainly not alive. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

describe('PGlite data folder lock', () => {
  it('writes our pid, refuses a second holder in this process, and is released', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dataDir)).toThrow(DatabaseInUseError);
    release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(`${dataDir}/`)();
  });

  it('refuses a folder held by another live process and names it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(lockFile(), String(other.pid));
      const err = (() => {
        try {
          lockDataDir(dataDir);
        } catch (e) {
          return e as DatabaseInUseError;
        }
      })();
      expect(err).toBeInstanceOf(DatabaseInUseError);
      expect(err?.message).toContain(`in use by process ${other.pid}`);
      expect(err?.message).toContain('DATABASE_URL');
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it.each([
    ['a crashed process', () => String(deadPid())],
    ['this pid from an earlier run (container restart)', () => String(process.pid)],
    ['garbage', () => 'not a pid'],
  ])('takes over a stale lock left by %s', (_label, content) => {
    writeFileSync(lockFile(), content());
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('keeps a second PGlite from opening the folder until the first closes', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DatabaseInUseError);
    await first.close();
    expect(existsSync(lockFile())).toBe(false);
    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.close();
  });
});
