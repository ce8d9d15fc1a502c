#!/usr/bin/env node
// Builds the server to plain JavaScript for `npm start` (docs/decisions/0019): each entry point is
// bundled with esbuild into server/dist/<name>.js and runs with `node`, no TypeScript loader.
//
//   src/main.ts       → dist/main.js     the server
//   src/cli/ops.ts    → dist/ops.js      `npm run ops`
//   src/cli/remote.ts → dist/remote.js   `npm run remote`
//
// Bundled: the server's own source and the workspace package @portal/shared (TypeScript source, which
// Node cannot run from node_modules). Every other package stays external and is loaded from
// server/node_modules at run time (native and wasm ones: pg, @electric-sql/pglite, @napi-rs/canvas).
//
// import.meta: the source finds folders relative to its own file (server/drizzle, server/content, the
// repository root …). In the bundle, `import.meta.url`, `.filename` and `.dirname` of each module are
// rewritten to that module's source location, computed from the bundle's own URL at run time
// (server/dist → ../src/…), so every path resolves as under tsx and the build can be moved together
// with the repository. The entry module keeps the bundle's own `import.meta.filename`: the CLIs run
// only when they are the script node was started with (cli/runner.ts runScript), and the server
// bundles cli/ops.ts (the ops socket) without running it.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER = path.dirname(fileURLToPath(import.meta.url));
export const DIST = path.join(SERVER, 'dist');
export const ENTRIES = { main: 'src/main.ts', ops: 'src/cli/ops.ts', remote: 'src/cli/remote.ts' };

/** Packages bundled in; every other bare import is left to Node. */
const BUNDLED_PACKAGE = /^@portal\/shared(\/|$)/;
const IMPORT_META = /\bimport\.meta\.(url|filename|dirname)\b/g;

const BANNER = [
  "import { fileURLToPath as __sourcePath } from 'node:url';",
  "/** The URL of a bundled module's source file, relative to this bundle (see server/build.mjs). */",
  'const __sourceUrl = (relative) => new URL(relative, import.meta.url).href;',
].join('\n');

/** @param {string} entryFile absolute path of the entry's source */
function sourceLocations(entryFile) {
  return {
    name: 'source-locations',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        BUNDLED_PACKAGE.test(args.path) || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
      );
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
        if (!source.includes('import.meta')) return { contents: source, loader };
        const file = path.relative(DIST, args.path).split(path.sep).join('/');
        const dir = path.posix.dirname(file);
        const contents = source.replace(IMPORT_META, (whole, key) => {
          if (key === 'filename' && args.path === entryFile) return whole;
          if (key === 'url') return `__sourceUrl(${JSON.stringify(file)})`;
          if (key === 'filename') return `__sourcePath(__sourceUrl(${JSON.stringify(file)}))`;
          return `__sourcePath(__sourceUrl(${JSON.stringify(dir)}))`;
        });
        return { contents, loader };
      });
    },
  };
}

/**
 * @portal/shared is bundled, but the packages its source imports stay external and are loaded from
 * server/node_modules at run time: each must be a dependency of the server too, or the built server
 * fails at start (`Cannot find package`) where tsx, resolving from shared/, did not.
 */
async function assertSharedDependenciesAreServers() {
  const read = async (dir) => JSON.parse(await readFile(path.join(SERVER, dir, 'package.json'), 'utf8'));
  const [shared, server] = await Promise.all([read('../shared'), read('.')]);
  const missing = Object.keys(shared.dependencies ?? {}).filter((name) => !(name in (server.dependencies ?? {})));
  if (missing.length > 0)
    throw new Error(`server/package.json must depend on what @portal/shared imports at run time: ${missing.join(', ')}`);
}

export async function buildServer() {
  await assertSharedDependenciesAreServers();
  await rm(DIST, { recursive: true, force: true });
  await Promise.all(
    Object.entries(ENTRIES).map(([name, entry]) => {
      const entryFile = path.join(SERVER, entry);
      return build({
        entryPoints: { [name]: entryFile },
        outdir: DIST,
        // A dynamic import stays lazy: its module (and the packages only it imports, e.g. the build
        // helpers' TypeScript) goes into a chunk loaded on first use. Chunks sit beside the entries,
        // so the relative source locations above hold for them too.
        splitting: true,
        chunkNames: `${name}-[name]-[hash]`,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: 'linked',
        banner: { js: BANNER },
        plugins: [sourceLocations(entryFile)],
        logLevel: 'warning',
      });
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(
    `server built: ${path.relative(process.cwd(), DIST) || DIST}/{${Object.keys(ENTRIES).join(',')}}.js (${Date.now() - started} ms)`,
  );
}
