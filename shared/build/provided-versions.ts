import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { installedVersions } from './installed-versions.ts';

import { PROVIDED_VERSIONS_FILE } from '../src/mf/version-contract.ts';

export { PROVIDED_VERSIONS_FILE };

/**
 * Writes shared-versions.json (package → exact version the shell provides, by default as resolved
 * from the app's folder) into the web build's dist root, for `remote deploy` to check a remote's
 * requirements against (shared/src/mf/version-contract.ts).
 */
export function pluginProvidedVersions(versions?: Record<string, string>): RsbuildPlugin {
  return {
    name: 'portal:provided-versions',
    setup(api) {
      api.onAfterBuild(({ environments }) => {
        const distPath = environments.web?.distPath ?? api.context.distPath;
        const provided = versions ?? installedVersions(api.context.rootPath);
        writeFileSync(path.join(distPath, PROVIDED_VERSIONS_FILE), `${JSON.stringify(provided, null, 1)}\n`);
      });
    },
  };
}
