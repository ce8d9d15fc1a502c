import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import {
  type ManifestRoute,
  ManifestError,
  parseRemoteManifest,
  parseRouteManifestSource,
  REMOTE_MANIFEST_FILE,
  type RemoteManifest,
} from '../src/routes/manifest.ts';
import { REMOTE_NAMES, REMOTES, type RemoteName } from '../src/registry/remotes.ts';
import { installedVersions } from './installed-versions.ts';
import { routePageImports } from './route-chunks.ts';

/** Where the repository is when these helpers run from its checkout (builds, tests, the dev server). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** What ops read about a version: written beside its manifest, left out of the version's content hash. */
export const BUILD_INFO_FILE = 'build-info.json';

export interface BuildInfo {
  /** REMOTE_RELEASE, shown as data-release on the remote's pages. */
  release: string;
  builtAt: string;
  /** The git commit the build was made from; null outside a checkout. */
  commit: string | null;
}

type Catalog = Record<string, string>;
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** A remote's declared pages (its routes.json), validated; a ManifestError names each bad field. */
export function readRouteSource(name: RemoteName, root = REPO_ROOT): ManifestRoute[] {
  const file = path.join(root, REMOTES[name].dir, 'routes.json');
  return parseRouteManifestSource(readJson(file), path.relative(root, file)).routes;
}

/** Every remote's declared pages, as the working tree has them. */
export function readAllRouteSources(root = REPO_ROOT): Record<RemoteName, ManifestRoute[]> {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, readRouteSource(name, root)])) as Record<
    RemoteName,
    ManifestRoute[]
  >;
}

/**
 * The manifest a build publishes: the remote's routes, the texts of every title and description
 * they name (the remote's catalog first, then the shared one), and the shared packages it resolved.
 * Throws a ManifestError when an id has no text in a language.
 */
export function buildRemoteManifest(name: RemoteName, root = REPO_ROOT): RemoteManifest {
  const dir = path.join(root, REMOTES[name].dir);
  const routes = readRouteSource(name, root);
  const catalog = (locale: 'en' | 'zh-CN'): Catalog => ({
    ...(readJson(path.join(root, 'shared/src/i18n/messages', `${locale}.json`)) as Catalog),
    ...(readJson(path.join(dir, 'src/messages', `${locale}.json`)) as Catalog),
  });
  const all = { en: catalog('en'), 'zh-CN': catalog('zh-CN') };
  const ids = new Set(routes.flatMap((r) => [r.title, ...(r.description ? [r.description] : [])]));
  const pick = (texts: Catalog) => Object.fromEntries([...ids].filter((id) => texts[id]).map((id) => [id, texts[id] as string]));
  return parseRemoteManifest(
    { routes, messages: { en: pick(all.en), 'zh-CN': pick(all['zh-CN']) }, builtAgainst: installedVersions(dir) },
    `${REMOTES[name].dir}/routes.json`,
  );
}

/** Paths of routes.json without a page in src/routes.tsx, and pages no route declares. */
export function pagesMismatch(routes: readonly ManifestRoute[], pages: ReadonlySet<string>): string[] {
  const declared = new Set(routes.map((r) => r.path));
  return [
    ...[...declared]
      .filter((p) => !pages.has(p))
      .map((p) => `${p} is declared in routes.json but src/routes.tsx has no page for it`),
    ...[...pages]
      .filter((p) => !declared.has(p))
      .map((p) => `src/routes.tsx has a page for ${p}, which routes.json does not declare`),
  ];
}

function gitCommit(cwd: string): string | null {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/**
 * Emits remote-manifest.json and build-info.json into the browser build (the dev server serves
 * them too). The build fails when routes.json is malformed, names a text that does not exist, or
 * disagrees with the pages of src/routes.tsx.
 */
export function pluginRemoteManifest(name: RemoteName): RsbuildPlugin {
  return {
    name: 'portal:remote-manifest',
    setup(api) {
      api.processAssets({ stage: 'additional', environments: ['web'] }, ({ compilation, sources }) => {
        const root = path.resolve(api.context.rootPath, '../..');
        const manifest = buildRemoteManifest(name, root);
        const pages = routePageImports(readFileSync(path.join(api.context.rootPath, 'src/routes.tsx'), 'utf8'));
        const problems = pagesMismatch(manifest.routes, new Set(pages.keys()));
        if (problems.length) throw new ManifestError(`${name}: ${problems.join('; ')}`);
        const info: BuildInfo = {
          release: process.env.REMOTE_RELEASE ?? 'local',
          builtAt: new Date().toISOString(),
          commit: gitCommit(root),
        };
        compilation.emitAsset(REMOTE_MANIFEST_FILE, new sources.RawSource(`${JSON.stringify(manifest, null, 1)}\n`));
        compilation.emitAsset(BUILD_INFO_FILE, new sources.RawSource(`${JSON.stringify(info, null, 1)}\n`));
      });
    },
  };
}
