import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { getInstance, loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { type PageRenderRequest, REMOTES, type RemoteName } from '@portal/shared';
import type { RemoteRoutesModule } from '@portal/shared/browser';

/**
 * Remote entries are file: URLs into the published version folders. The federation runtime would
 * fetch them over HTTP; this plugin evaluates them from disk instead, like Node evaluates CommonJS,
 * with __dirname set to the version's ssr folder so the remote reads its own chunks from there.
 */
const fileEntries: ModuleFederationRuntimePlugin = {
  name: 'portal-file-entries',
  async loadEntry({ remoteInfo }) {
    if (!remoteInfo.entry.startsWith('file:')) return undefined;
    const filename = fileURLToPath(remoteInfo.entry);
    const source = await readFile(filename, 'utf8');
    const module = { exports: {} as Record<string, unknown> };
    new Script(`(function (exports, module, require, __dirname, __filename) {${source}\n})`, { filename }).runInThisContext()(
      module.exports,
      module,
      createRequire(filename),
      dirname(filename),
      filename,
    );
    const exported = module.exports;
    return (exported[remoteInfo.entryGlobalName] ?? exported) as never;
  },
};

let pluginsRegistered = false;
/** Node entry each remote is registered with now. */
const registered = new Map<RemoteName, string>();
/** One load per version: versions never change, and the routes module is the same for every page. */
const modules = new Map<string, Promise<RemoteRoutesModule>>();

/**
 * Points the federation runtime at the versions the registry serves now: a deploy or rollback is
 * rendered by the next request, without a restart. A remote whose entry changed is registered
 * again (`force` drops the old container).
 */
export function selectRemoteVersions(remotes: PageRenderRequest['remotes']): void {
  if (!pluginsRegistered) {
    registerPlugins([fileEntries]);
    pluginsRegistered = true;
  }
  const changed = (Object.entries(remotes) as Array<[RemoteName, { entry: string }]>).filter(
    ([name, { entry }]) => registered.get(name) !== entry,
  );
  if (!changed.length) return;
  // Dropping a container also drops the shared modules it provided, even those the shell and the
  // other remotes already run (React, Chakra, @portal/shared, loaded from whichever container was
  // registered first). The new version would then load its own copies: a second React context, a
  // second HTTP client, and its server render fails. Put the loaded copies back so it adopts them.
  const inUse = loadedSharedModules();
  registerRemotes(
    changed.map(([name, { entry }]) => ({ name: REMOTES[name].federationName, entry })),
    { force: true },
  );
  restoreSharedModules(inUse);
  for (const [name, { entry }] of changed) registered.set(name, entry);
}

type ShareScopes = Record<string, Record<string, Record<string, { loaded?: boolean; lib?: unknown }>>>;
type SharedEntry = [scope: string, pkg: string, version: string, shared: ShareScopes[string][string][string]];

function shareScopes(): ShareScopes {
  return (getInstance()?.shareScopeMap ?? {}) as ShareScopes;
}

/** The shared modules evaluated so far in this process, each as the share scope holds it. */
function loadedSharedModules(): SharedEntry[] {
  const entries: SharedEntry[] = [];
  for (const [scope, packages] of Object.entries(shareScopes()))
    for (const [pkg, versions] of Object.entries(packages ?? {}))
      for (const [version, shared] of Object.entries(versions ?? {}))
        if (shared && (shared.loaded || shared.lib)) entries.push([scope, pkg, version, shared]);
  return entries;
}

function restoreSharedModules(entries: SharedEntry[]): void {
  const scopes = shareScopes();
  for (const [scope, pkg, version, shared] of entries) {
    scopes[scope] ??= {};
    scopes[scope][pkg] ??= {};
    scopes[scope][pkg][version] ??= shared;
  }
}

/** The `./routes` module of a remote's registered version. */
export function loadServerRemote(name: RemoteName): Promise<RemoteRoutesModule> {
  const entry = registered.get(name);
  if (!entry) return Promise.reject(new Error(`${name} has no server bundle in the registry`));
  let module = modules.get(entry);
  if (!module) {
    module = loadRemote<{ default: RemoteRoutesModule }>(`${REMOTES[name].federationName}/routes`).then((mod) => {
      if (!mod?.default?.pages) throw new Error(`${name}: its server bundle exposes no pages`);
      return mod.default;
    });
    modules.set(entry, module);
    module.catch(() => modules.delete(entry));
  }
  return module;
}
