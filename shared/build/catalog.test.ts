import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, readCatalog } from './catalog.ts';

const installed = (pkg: string) =>
  (JSON.parse(readFileSync(path.join(REPO_ROOT, 'shell/node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;

describe('readCatalog', () => {
  it("reads the workspace catalog: react's version is the one installed for the shell", () => {
    const catalog = readCatalog();
    expect(catalog.react).toMatch(/^\d+\.\d+\.\d+$/);
    expect(catalog.react).toBe(installed('react'));
    expect(catalog['@tanstack/react-query']).toBe(installed('@tanstack/react-query'));
  });

  it('reads a named default catalog too, and refuses a version YAML reads as a number', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalog-'));
    writeFileSync(path.join(dir, 'pnpm-workspace.yaml'), 'catalogs:\n  default:\n    react: 19.3.1\n');
    expect(readCatalog(dir)).toEqual({ react: '19.3.1' });
    writeFileSync(path.join(dir, 'pnpm-workspace.yaml'), 'catalog:\n  left-pad: 1.10\n');
    expect(() => readCatalog(dir)).toThrow(/left-pad must be a version string/);
  });
});
