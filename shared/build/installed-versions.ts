import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SHARED_PACKAGES } from '../src/mf/version-contract.ts';

/**
 * The exact version of each shared package (SHARED_PACKAGES) as Node resolves it from an app's
 * folder: what that app's build bundles and, for the shell, provides. Packages the app cannot
 * resolve are left out. Reads each package's package.json from the node_modules folders Node would
 * search, so a package whose "exports" hide ./package.json is found too.
 */
export function installedVersions(appDir: string, packages: readonly string[] = SHARED_PACKAGES): Record<string, string> {
  const require = createRequire(path.join(appDir, 'package.json'));
  const versions: Record<string, string> = {};
  for (const pkg of packages) {
    for (const nodeModules of require.resolve.paths(pkg) ?? []) {
      const file = path.join(nodeModules, pkg, 'package.json');
      if (!existsSync(file)) continue;
      const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
      if (typeof version === 'string') versions[pkg] = version;
      break;
    }
  }
  return versions;
}
