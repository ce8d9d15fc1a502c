import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The repository's root, where pnpm-workspace.yaml is. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The workspace catalog (pnpm-workspace.yaml `catalog:`): package name → the exact version every
 * workspace package that says "catalog:" gets. The single source of the versions the shell provides
 * to the remotes (sharedSingletons, version-contract.ts).
 */
export function readCatalog(repoRoot: string = REPO_ROOT): Record<string, string> {
  const file = path.join(repoRoot, 'pnpm-workspace.yaml');
  const workspace = (parse(readFileSync(file, 'utf8')) ?? {}) as {
    catalog?: Record<string, unknown>;
    catalogs?: { default?: Record<string, unknown> };
  };
  const entries = workspace.catalog ?? workspace.catalogs?.default ?? {};
  const catalog: Record<string, string> = {};
  for (const [name, version] of Object.entries(entries)) {
    // An unquoted 1.10 would be read as the number 1.1: refuse rather than guess.
    if (typeof version !== 'string') throw new Error(`${file}: the catalog's ${name} must be a version string; quote it`);
    catalog[name] = version;
  }
  return catalog;
}
