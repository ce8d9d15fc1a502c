import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * Build-time compression of immutable assets: a `.br` (brotli, quality 11) and a `.gz` (gzip,
 * level 9) beside each compressible file, made once when an app is built (pluginPrecompress) and,
 * when missing, when a remote version is published (server/src/modules/remotes/registry.ts). The
 * server sends them by Accept-Encoding (@fastify/static `preCompressed`) and never compresses
 * these files per request. docs/decisions/0015-compression-and-page-caching.md
 */

/** Text formats worth compressing. Source maps are left out: browsers only fetch them with devtools open. */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.css', '.json', '.html', '.svg', '.txt', '.xml']);
/** Below this a file is sent as it is: a few hundred bytes saved are not worth two more files. */
export const PRECOMPRESS_MIN_BYTES = 256;
/** An encoding is kept only when it is at least this much smaller than the file. */
const MIN_SAVING = 0.1;

const encodings = {
  br: {
    suffix: '.br',
    compress: (data: Buffer) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  gzip: { suffix: '.gz', compress: (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }) },
} as const;

export type Encoding = keyof typeof encodings;

/** Where an app's node build sits inside its dist folder (shared/build/rsbuild.ts). */
export const SERVER_BUNDLE_DIR = 'ssr';

export const isPrecompressible = (file: string) => PRECOMPRESSED_EXTENSIONS.has(extname(file).toLowerCase());

export interface PrecompressResult {
  /** Compressible files of at least PRECOMPRESS_MIN_BYTES. */
  files: number;
  /** .br/.gz files written now (those already there are left alone). */
  written: number;
  /** Total bytes of those files as they are, and as sent to a brotli or a gzip client. */
  bytes: { identity: number; br: number; gzip: number };
}

async function exists(path: string): Promise<number | null> {
  return stat(path).then(
    (s) => s.size,
    () => null,
  );
}

/** Writes through a temp file and a rename: a reader sees the whole file or none. */
async function writeAtomic(path: string, data: Buffer): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Every regular file under `dir` (absolute paths). */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Makes the missing `.br` and `.gz` of every compressible file under `dir`. Existing ones are kept
 * (a build or a publish made them from the same bytes; version folders never change). Safe to run
 * on a folder being served: each file appears whole.
 */
export async function precompressDir(dir: string, { concurrency = 2 } = {}): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, written: 0, bytes: { identity: 0, br: 0, gzip: 0 } };
  // The server bundle (ssr/, read by the server from disk, never sent) needs no compressed copies.
  const serverDir = join(dir, SERVER_BUNDLE_DIR);
  const files = (await walk(dir)).filter((f) => isPrecompressible(f) && !f.startsWith(`${serverDir}/`));
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const data = await readFile(file);
      if (data.length < PRECOMPRESS_MIN_BYTES) continue;
      result.files++;
      result.bytes.identity += data.length;
      for (const [name, encoding] of Object.entries(encodings) as [Encoding, (typeof encodings)[Encoding]][]) {
        const target = file + encoding.suffix;
        const present = await exists(target);
        if (present !== null) {
          result.bytes[name] += present;
          continue;
        }
        const compressed = await encoding.compress(data);
        if (compressed.length > data.length * (1 - MIN_SAVING)) {
          result.bytes[name] += data.length;
          continue;
        }
        await writeAtomic(target, compressed);
        result.written++;
        result.bytes[name] += compressed.length;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return result;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/**
 * Rsbuild plugin: after a production build, every output folder gets its `.br` and `.gz` files
 * (precompressDir). Not in the dev server, which serves from memory.
 */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'portal:precompress',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        for (const environment of Object.values(environments)) {
          if (environment.name === 'node') continue;
          const started = Date.now();
          const { files, written, bytes } = await precompressDir(environment.distPath);
          api.logger.info(
            `precompressed ${files} files (${written} written) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kb(bytes.identity)} → br ${kb(bytes.br)}, gzip ${kb(bytes.gzip)}`,
          );
        }
      });
    },
  };
}
