import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Writes a fake remote build (`mf-manifest.json` plus the given files) into `dir`. */
export async function writeDist(dir: string, files: Record<string, string> = {}): Promise<string> {
  const all = { 'mf-manifest.json': '{"id":"remote"}', ...files };
  for (const [path, content] of Object.entries(all)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}
