import { posix } from 'node:path';
import { SERVER_BUNDLE_DIR } from '@portal/shared/precompress';

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * Whether `file`, a path inside a served folder (the shell's dist, a remote version's folder), lies
 * in that folder's node build (`ssr/`, decision 0017): server code, which is never sent over HTTP.
 * Every spelling that could reach the folder counts: percent-encoded or not, any case (a file
 * system may fold it), `\` as a separator, `.`, `..` and empty segments. Source maps count too: only
 * the bench's build writes them (decision 0038), and they would hand out the apps' sources.
 */
export function isServerCode(file: string): boolean {
  return [file, decoded(file)].some((spelling) => {
    const normalized = posix.normalize(`/${spelling.replace(/\\/g, '/')}`).toLowerCase();
    return normalized.split('/')[1] === SERVER_BUNDLE_DIR || normalized.endsWith('.map');
  });
}
