import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  defineConfig,
  type EnvironmentConfig,
  type ModifyRspackConfigUtils,
  type RsbuildConfig,
  type RsbuildPlugin,
} from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { sharedSingletons } from '../src/mf/shared-singletons.ts';
import { REMOTES, type RemoteName } from '../src/registry/remotes.ts';
import { installedVersions } from './installed-versions.ts';
import { pluginGlobalCss } from './global-css.ts';
import { pluginPrecompress, SERVER_BUNDLE_DIR } from './precompress.ts';
import { pluginProvidedVersions } from './provided-versions.ts';
import { pluginRemoteManifest } from './route-manifests.ts';
import { pluginRouteChunks } from './route-chunks.ts';

/** Port of the API in development; the shell's dev server proxies API, registry and sandbox to it. */
const API_DEV_TARGET = process.env.API_DEV_TARGET ?? 'http://127.0.0.1:8080';
export const SHELL_DEV_PORT = 3000;

/**
 * A remote: exposes `./routes` only, builds with `assetPrefix: 'auto'` so one build works from
 * whatever versioned folder (/remotes/<name>/<version>/) or CDN it is published to.
 */
export function defineRemoteConfig(name: RemoteName): RsbuildConfig {
  const remote = REMOTES[name];
  const federation = {
    name: remote.federationName,
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    dts: false,
  } as const;
  return defineConfig({
    plugins: [pluginReact()],
    source: {
      entry: { index: './src/index.ts' },
      // Which release a page came from (ops and the deploy e2e read it); set by REMOTE_RELEASE.
      define: { __REMOTE_RELEASE__: JSON.stringify(process.env.REMOTE_RELEASE ?? 'local') },
    },
    tools: { htmlPlugin: false, rspack: zodEnglishOnly },
    output: { assetPrefix: 'auto', cleanDistPath: true, sourceMap: { js: benchSourceMaps() } },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    server: { port: remote.devPort, cors: { origin: '*' } },
    dev: { assetPrefix: `http://localhost:${remote.devPort}/` },
    environments: {
      web: {
        plugins: [
          pluginModuleFederation(
            // The shell provides the federation runtime: ~30 kB gzip less per remote entry.
            { ...federation, experiments: { externalRuntime: true } },
            { environment: 'web' },
          ),
          // route-chunks.json: each page's files, for the server's preload hints.
          pluginRouteChunks(),
          // remote-manifest.json: its pages, their titles, what it was built against (decision 0042).
          pluginRemoteManifest(name),
          // .br and .gz beside every compressible output file (docs/decisions/0015).
          pluginPrecompress(),
        ],
      },
      ...serverEnvironment(federation),
    },
  });
}

/** The node build is CommonJS inside packages that say "type": "module": its folder says otherwise. */
function pluginCommonJsFolder(): RsbuildPlugin {
  return {
    name: 'portal:commonjs-folder',
    setup(api) {
      api.onAfterBuild(({ environments }) => {
        const node = environments.node;
        if (node) writeFileSync(join(node.distPath, 'package.json'), '{ "type": "commonjs" }\n');
      });
    },
  };
}

/**
 * Every app also builds for Node (Module Federation's node target: CommonJS, chunks read from disk)
 * into dist/ssr, published inside the same immutable version folder as the browser build, so the
 * server renders public pages with the very version the browser hydrates (docs/decisions/0017).
 * Only production builds: the dev servers render in the browser.
 */
function serverEnvironment(
  federation: Parameters<typeof pluginModuleFederation>[0],
  entry?: Record<string, string>,
): Record<string, EnvironmentConfig> {
  if (process.env.NODE_ENV === 'development') return {};
  return {
    node: {
      plugins: [pluginModuleFederation(federation, { target: 'node', environment: 'node' }), pluginCommonJsFolder()],
      source: entry ? { entry } : {},
      output: {
        target: 'node',
        distPath: { root: `dist/${SERVER_BUNDLE_DIR}` },
        cleanDistPath: true,
        minify: false,
        emitAssets: false,
        filenameHash: false,
      },
    },
  };
}

/**
 * zod's classic and core entries re-export every locale (`z.locales`: 60-odd languages' error
 * messages, ≈ 150 kB raw), and a Module Federation shared module keeps every export, so all of them
 * went to every first visit with the shared zod. The apps never read `z.locales` (the server, built
 * separately, uses zh-CN and en for its error maps), and zod's default configuration imports English
 * on its own: the locales index is replaced by one holding English only (decision 0040).
 */
export const ZOD_LOCALES_INDEX = /^\.\.\/locales\/index\.js$/;
export const ZOD_ENTRY_FOLDER = /[\\/]zod[\\/]v4[\\/](classic|core)$/;
function zodEnglishOnly(_config: unknown, { rspack, appendPlugins }: ModifyRspackConfigUtils) {
  appendPlugins(
    new rspack.NormalModuleReplacementPlugin(ZOD_LOCALES_INDEX, (resource: { request: string; context: string }) => {
      if (ZOD_ENTRY_FOLDER.test(resource.context))
        resource.request = fileURLToPath(new URL('./zod-locales-en.ts', import.meta.url));
    }),
  );
}

/**
 * PORTAL_SOURCE_MAPS=hidden (npm run bench sets it): a `.map` beside each JS file, with no
 * sourceMappingURL comment, so the files served are byte for byte those of a normal build and the
 * bench can still attribute their bytes to packages. Otherwise no maps, as before.
 */
function benchSourceMaps(): 'hidden-source-map' | false {
  return process.env.PORTAL_SOURCE_MAPS === 'hidden' ? 'hidden-source-map' : false;
}

/** The host: owns the router and loads every remote at run time from /remotes.json. */
export function defineShellConfig(): RsbuildConfig {
  // The exact versions of the shared packages this shell provides (rsbuild runs in the app's folder).
  const provided = installedVersions(process.cwd());
  const federation = {
    name: 'shell',
    remotes: {},
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    dts: false,
  } as const;
  return defineConfig({
    plugins: [pluginReact()],
    source: {
      // Base URL of the API (empty: same origin, the all-in-one default).
      define: {
        'process.env.PUBLIC_API_BASE_URL': JSON.stringify(process.env.PUBLIC_API_BASE_URL ?? ''),
        // The same record, for the shell's run-time check of what a remote was built against.
        __PROVIDED_VERSIONS__: JSON.stringify(provided),
      },
    },
    tools: { rspack: zodEnglishOnly },
    output: { assetPrefix: '/', cleanDistPath: true, sourceMap: { js: benchSourceMaps() } },
    server: {
      port: SHELL_DEV_PORT,
      historyApiFallback: true,
      proxy: {
        '/app-api': API_DEV_TARGET,
        '/remotes.json': API_DEV_TARGET,
        '/remotes': API_DEV_TARGET,
        '/sandbox': API_DEV_TARGET,
        '/healthz': API_DEV_TARGET,
      },
    },
    environments: {
      web: {
        plugins: [
          pluginModuleFederation({ ...federation, experiments: { provideExternalRuntime: true } }, { environment: 'web' }),
          // shared-versions.json: what `remote deploy` checks a remote's requirements against.
          pluginProvidedVersions(provided),
          // Chakra's global CSS as one cached stylesheet linked from index.html (decision 0035).
          pluginGlobalCss(),
          pluginPrecompress(),
        ],
        source: { entry: { index: './src/index.ts' } },
        html: { template: './index.html' },
        output: { manifest: 'build-manifest.json' },
      },
      // The server's entry: render(url) → the page's HTML and its data (shell/src/server).
      ...serverEnvironment(federation, { index: './src/server/index.ts' }),
    },
  });
}
