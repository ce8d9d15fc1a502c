import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: relative paths in the config resolve here, whatever the caller's cwd is. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const fromRoot = (path: string) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));

/** `${DATA_DIR}/private`: keys and files at rest (data key, licences, sandbox signing key), outside every served folder, owner-only. */
export const privateDir = (dataDir: string) => join(dataDir, 'private');
