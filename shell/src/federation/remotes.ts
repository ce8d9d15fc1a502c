import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  contractProblems,
  describeContractProblem,
  parseRegistry,
  REMOTES,
  type RegistryEntry,
  type RemoteName,
  splitLocale,
} from '@portal/shared';
import type { RemoteRoutesModule } from '@portal/shared/browser';
import { setServedRoutes } from '../routing/route-table.ts';
import { ownerOf } from './mounts.ts';
// The shell provides every singleton, also those only remotes import.
import './provided.ts';
import { fetchWithRetry, retryPlugin } from './retry-plugin.ts';

let registry: Partial<Record<RemoteName, RegistryEntry>> = {};

/** What the shell loaded at boot; the update check compares the live registry with it. */
export const loadedRegistry = () => registry;

/**
 * Reads /remotes.json (never cached: it is how ops ship and roll back) and registers every valid
 * entry. A malformed entry only takes its own remote down.
 */
export async function initRemotes(): Promise<void> {
  registerPlugins([retryPlugin()]);
  try {
    const res = await fetchWithRetry('/remotes.json', { cache: 'no-store' });
    const parsed = parseRegistry(await res.json());
    for (const problem of parsed.problems) console.error(problem);
    registry = parsed.entries;
  } catch (e) {
    console.error('remotes.json could not be loaded', e);
    registry = {};
  }
  // The pages of the served versions: what the router, the guard and ownership go by.
  setServedRoutes(Object.fromEntries(Object.entries(registry).map(([name, entry]) => [name, entry.routes])));
  registerRemotes(
    Object.entries(registry).map(([name, entry]) => ({
      name: REMOTES[name as RemoteName].federationName,
      entry: new URL(entry.manifest, window.location.href).href,
    })),
  );
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause?: unknown,
  ) {
    super(`remote ${remote} is unavailable`, { cause });
  }
}

const pending = new Map<RemoteName, Promise<RemoteRoutesModule>>();
const reported = new Set<RemoteName>();

/**
 * What the shell cannot give a remote of what it was built against (another major of a shared
 * singleton): such a remote would run against the wrong React or router. `remote deploy` refuses
 * it; one that slips through (a shell rolled back under it) is reported once and not loaded.
 */
function contractBroken(name: RemoteName, entry: RegistryEntry): boolean {
  const problems = contractProblems(__PROVIDED_VERSIONS__, entry.builtAgainst);
  if (!problems.length) return false;
  if (!reported.has(name)) {
    reported.add(name);
    console.error(
      `remote ${name} ${entry.version} was not loaded:\n${problems.map((p) => describeContractProblem(p, name)).join('\n')}`,
    );
  }
  return true;
}

/** Loads a remote's `./routes` once; a failed load is not cached, so a retry starts afresh. */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  let p = pending.get(name);
  if (!p) {
    p = (async () => {
      const entry = registry[name];
      if (!entry) throw new RemoteUnavailableError(name, 'not in the registry');
      // The reason was reported once above; the router shows the remote's fallback.
      if (contractBroken(name, entry)) throw new RemoteUnavailableError(name, 'shared package versions the shell cannot provide');
      const mod = await loadRemote<{ default: RemoteRoutesModule }>(`${REMOTES[name].federationName}/routes`);
      if (!mod?.default?.pages) throw new RemoteUnavailableError(name, 'no pages exposed');
      return mod.default;
    })().catch((e) => {
      pending.delete(name);
      throw e instanceof RemoteUnavailableError ? e : new RemoteUnavailableError(name, e);
    });
    pending.set(name, p);
  }
  return p;
}

/**
 * Starts loading the remote that owns `pathname` (the first page's), so its manifest, entry and
 * routes arrive while the shell's own code does; the router then finds them loaded or in flight.
 * A failure is left to the router, which reports it and shows the remote's fallback.
 */
export function prefetchRemoteOf(pathname: string): void {
  const owner = ownerOf(splitLocale(pathname).path);
  if (owner && registry[owner]) loadRemoteRoutes(owner).catch(() => {});
}
