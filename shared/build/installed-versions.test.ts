import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_PACKAGES } from '../src/mf/version-contract.ts';
import { REPO_ROOT, readCatalog } from './catalog.ts';
import { installedVersions } from './installed-versions.ts';

describe('installedVersions', () => {
  it("gives the shell's version of every shared package: the catalog's", () => {
    const versions = installedVersions(path.join(REPO_ROOT, 'shell'));
    const catalog = readCatalog();
    expect(versions.react).toBe(catalog.react);
    expect(Object.keys(versions).sort()).toEqual([...SHARED_PACKAGES].sort());
    for (const pkg of SHARED_PACKAGES) expect(versions[pkg], pkg).toBe(catalog[pkg]);
  });

  it('leaves out what the folder cannot resolve', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'app-'));
    writeFileSync(path.join(dir, 'package.json'), '{}');
    expect(installedVersions(dir, ['no-such-package-here'])).toEqual({});
  });
});
