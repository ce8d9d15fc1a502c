import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { sharedSingletons } from '../src/mf/shared-singletons.ts';
import { REMOTES, type RemoteName } from '../src/registry/remotes.ts';
import { pluginPrecompress } from './precompress.ts';
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
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: remote.federationName,
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/routes.tsx' },
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        // The shell provides the federation runtime: ~30 kB gzip less per remote entry.
        experiments: { externalRuntime: true },
        dts: false,
      }),
      // route-chunks.json: each page's files, for the server's preload hints.
      pluginRouteChunks(),
      // .br and .gz beside every compressible output file (docs/decisions/0015).
      pluginPrecompress(),
    ],
    source: {
      entry: { index: './src/index.ts' },
      // Which release a page came from (ops and the deploy e2e read it); set by REMOTE_RELEASE.
      define: { __REMOTE_RELEASE__: JSON.stringify(process.env.REMOTE_RELEASE ?? 'local') },
    },
    tools: { htmlPlugin: false },
    output: { assetPrefix: 'auto', cleanDistPath: true },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    server: { port: remote.devPort, cors: { origin: '*' } },
    dev: { assetPrefix: `http://localhost:${remote.devPort}/` },
  });
}

/** The host: owns the router and loads every remote at run time from /remotes.json. */
export function defineShellConfig(): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        experiments: { provideExternalRuntime: true },
        dts: false,
      }),
      pluginPrecompress(),
    ],
    source: {
      entry: { index: './src/index.ts' },
      // Base URL of the API (empty: same origin, the all-in-one default).
      define: { 'process.env.PUBLIC_API_BASE_URL': JSON.stringify(process.env.PUBLIC_API_BASE_URL ?? '') },
    },
    html: { template: './index.html' },
    output: { assetPrefix: '/', cleanDistPath: true, manifest: 'build-manifest.json' },
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
  });
}
