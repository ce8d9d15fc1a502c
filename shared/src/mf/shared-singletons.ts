import { readCatalog } from '../../build/catalog.ts';
import { isWorkspaceSingleton, packageOf, SINGLETONS } from './singletons.ts';
import { compatibilityLine } from './version-contract.ts';

/**
 * Module Federation's `shared` option for the shell and every remote. Build-time only (reads
 * pnpm-workspace.yaml): browser and server code import the list from ./singletons.ts.
 */
export type SharedConfig = Record<string, { singleton: true; requiredVersion: string | false; eager?: boolean }>;

/**
 * Each singleton that is an npm package requires the major line of its catalog version (the
 * workspace catalog in pnpm-workspace.yaml: `^19.0.0`, or `^0.5.0` for 0.x), the same rule as
 * `remote deploy`'s contract check (version-contract.ts); a minor ahead of the shell is no
 * mismatch. The workspace's own entries (@portal/shared*) require no version.
 */
export function sharedSingletons(catalog: Record<string, string> = readCatalog()): SharedConfig {
  const shared: SharedConfig = {};
  for (const name of SINGLETONS) {
    if (isWorkspaceSingleton(name)) {
      shared[name] = { singleton: true, requiredVersion: false };
      continue;
    }
    const pkg = packageOf(name);
    const version = catalog[pkg];
    if (!version) throw new Error(`${pkg} is a shared singleton but has no version in the catalog of pnpm-workspace.yaml`);
    const line = compatibilityLine(version);
    if (!line) throw new Error(`${pkg}: the catalog's version "${version}" is not an exact semver version`);
    shared[name] = { singleton: true, requiredVersion: `^${line.includes('.') ? line : `${line}.0`}.0` };
  }
  return shared;
}
export { SINGLETONS };
