import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@portal/shared';
import type { Database } from '../../db/client.ts';
import { sharedInFlight } from '../../lib/in-flight.ts';
import { assertCanGoLive } from './go-live-checks.ts';
import {
  ACTIVATIONS_MAX,
  type Activation,
  assertRemoteName,
  goLive,
  type HistoryEntry,
  liveVersions,
  parseLenient,
  parseStrict,
  type Registry,
  RegistryError,
  type RemoteState,
  stamp,
  trailOf,
} from './registry-document.ts';
import { type Dist, readVersionManifest, scanDist } from './version-files.ts';
import type { RegistryStore } from './store.ts';
import { createFileRegistryStore } from './store-files.ts';
import { createPostgresRegistryStore } from './store-postgres.ts';

/**
 * The remote registry: one document says which version of each remote is live, and each version's
 * files never change once published. Deploying adds a version and moves `current`; rolling back
 * only moves `current`. Where both are kept is the store's business (store.ts): files under
 * DATA_DIR in the embedded mode, PostgreSQL with DATABASE_URL.
 */

export interface PublishResult {
  version: string;
  /** Files identical to an existing version: that version was reused, nothing was copied. */
  reused: boolean;
  /** The version is now current. */
  activated: boolean;
}

export interface RemoteListing {
  name: RemoteName;
  current: string | null;
  stage: RemoteState['stage'];
  versions: (HistoryEntry & { current: boolean })[];
  activations: Activation[];
}

export interface RemoteRegistry {
  /** The folder versions are read from (DATA_DIR/remotes, or this instance's cache of them). */
  readonly root: string;
  /** Where the document lives: a file path, or the table on PostgreSQL. */
  readonly registryPath: string;
  readonly store: RegistryStore;
  readRegistry(): Promise<Registry>;
  /** What can be served even from a damaged file: the valid entries, plus what was wrong. */
  readServable(): Promise<{ registry: Registry; problems: string[] }>;
  /** `percent` (1-99) stages the version for that share of visitors instead of making it current. */
  publishRemote(
    name: string,
    distDir: string,
    options: { activate: boolean; percent?: number; now?: Date },
  ): Promise<PublishResult>;
  /** Makes the staged version current for everyone. */
  promote(name: string): Promise<{ from: string | null; to: string }>;
  ensurePublished(name: string, distDir: string, options?: { now?: Date }): Promise<PublishResult>;
  rollback(name: string, version?: string): Promise<{ from: string; to: string }>;
  listRegistry(): Promise<RemoteListing[]>;
  /** Removes the files and history of all but the newest `keep` versions, never a live one. */
  prune(name: string, keep: number): Promise<{ removed: string[]; kept: string[] }>;
  versionDir(name: RemoteName, version: string): string;
  /**
   * The local folder of a version named in the registry's history, copied from the store first if
   * this instance has not got it yet; null for a version the registry does not name.
   */
  localVersionDir(name: RemoteName, version: string): Promise<string | null>;
}

export interface RemoteRegistryOptions {
  /** Who deploys, for the history: DEPLOYED_BY, else the OS user. */
  actor?: string;
  /**
   * The exact versions of the shared singletons the current shell provides (its build's
   * shared-versions.json); null when no shell is built, and then the contract is not checked.
   */
  providedVersions?: () => Promise<Record<string, string> | null>;
  /** On PostgreSQL the registry and the versions' files live in the database (store-postgres.ts). */
  database?: Pick<Database, 'db' | 'kind' | 'withLock'>;
  /** Where to keep them; by default the database on PostgreSQL, DATA_DIR files on the embedded PGlite. */
  storage?: 'files' | 'database';
}

/** Who acts, from the environment: a CI job names itself in DEPLOYED_BY. */
export const actorFromEnv = (env: NodeJS.ProcessEnv = process.env) => env.DEPLOYED_BY || env.USER || env.LOGNAME || 'unknown';

export function createRemoteRegistry(dataDir: string, options: RemoteRegistryOptions = {}): RemoteRegistry {
  const actor = options.actor ?? actorFromEnv();
  const logActivation = (state: RemoteState, entry: Omit<Activation, 'by'>) => {
    state.activations = [...state.activations, { ...entry, by: actor }].slice(-ACTIVATIONS_MAX);
  };
  const storage = options.storage ?? (options.database?.kind === 'postgres' ? 'database' : 'files');
  if (storage === 'database' && !options.database) throw new Error('the database registry store needs a database');
  const fileStore = storage === 'files' ? createFileRegistryStore(dataDir) : null;
  const cacheRoot = join(dataDir, 'cache', 'remotes');
  const store: RegistryStore =
    fileStore ?? createPostgresRegistryStore(options.database as NonNullable<typeof options.database>, cacheRoot);
  const root = fileStore?.root ?? cacheRoot;
  const registryPath = store.location;
  const versionDir = (name: RemoteName, version: string) => store.versionDir(name, version);

  let servable: { key: string; value: Awaited<ReturnType<RemoteRegistry['readServable']>> } | null = null;
  /** Versions known to be readable here (copied or checked), so serving asks the store once per version. */
  const local = new Set<string>();

  async function readRegistry(): Promise<Registry> {
    const text = await store.readText();
    return text === null ? { remotes: {} } : parseStrict(text, registryPath);
  }

  const write = (registry: Registry) => store.writeText(`${JSON.stringify(registry, null, 2)}\n`);

  const locked = <T>(fn: () => Promise<T>): Promise<T> => store.locked(fn);

  async function materialize(name: RemoteName, version: string): Promise<boolean> {
    const key = `${name}@${version}`;
    if (local.has(key)) return true;
    const here = await store.materialize(name, version);
    if (here) local.add(key);
    return here;
  }

  const versionManifest = async (name: RemoteName, version: string) =>
    (await materialize(name, version)) ? readVersionManifest(versionDir(name, version)) : null;
  const goLiveSources = { versionManifest, providedVersions: options.providedVersions };

  /** Must run under the lock. `activate` decides from the remote's state whether to make it current. */
  async function publishLocked(
    name: RemoteName,
    distDir: string,
    dist: Dist,
    activate: (state: RemoteState | undefined) => boolean,
    now: Date,
    pin: boolean,
    percent?: number,
  ): Promise<PublishResult> {
    const registry = await readRegistry();
    const state: RemoteState = registry.remotes[name] ?? {
      current: null,
      history: [],
      pinned: false,
      live: [],
      activations: [],
      stage: null,
    };
    let version: string;
    let reused = false;
    const existing = state.history.find((h) => h.hash === dist.hash);
    if (existing && (await store.hasVersion(name, existing.version))) {
      version = existing.version;
      reused = true;
      // A version published before builds were precompressed gets its .br/.gz now.
      await store.refreshVersion(name, version);
    } else {
      version = `${stamp(now)}-${dist.hash.slice(0, 8)}`;
      if (await store.hasVersion(name, version))
        throw new RegistryError(
          'malformed',
          `${versionDir(name, version)} exists but is not in the registry; refusing to overwrite it`,
        );
      await store.addVersion(name, version, distDir, dist.files);
      state.history.push({
        version,
        deployedAt: now.toISOString(),
        hash: dist.hash,
        ...(dist.info && { release: dist.info.release, builtAt: dist.info.builtAt, commit: dist.info.commit }),
        deployedBy: actor,
      });
    }

    if (percent !== undefined) {
      if (state.current === version)
        throw new RegistryError('unknown-version', `${name}: ${version} is already current for everyone; nothing to stage`);
      if (!state.current)
        throw new RegistryError(
          'no-previous-version',
          `${name} has no current version to keep for the other visitors: deploy it without --percent`,
        );
      await assertCanGoLive(
        { remotes: { ...registry.remotes, [name]: { ...state, stage: null } } },
        name,
        version,
        dist.manifest,
        goLiveSources,
      );
      logActivation(state, { at: now.toISOString(), action: 'stage', version, from: state.current });
      state.stage = { version, percent, since: now.toISOString() };
      await write({ remotes: { ...registry.remotes, [name]: state } });
      return { version, reused, activated: false };
    }
    const activated = state.current === version || activate(state);
    if (activated && state.current !== version) {
      try {
        await assertCanGoLive(registry, name, version, dist.manifest, goLiveSources);
      } catch (err) {
        // Published but not live: the files stay, so a later deploy after the fix reuses nothing stale.
        if (!reused) await write({ remotes: { ...registry.remotes, [name]: state } });
        throw err;
      }
    }
    const changed = !reused || (activated && (state.current !== version || state.pinned !== pin));
    if (activated) {
      if (state.current !== version) {
        logActivation(state, { at: now.toISOString(), action: pin ? 'deploy' : 'start', version, from: state.current });
        state.live = goLive(state, version);
        // A deploy for everyone ends a stage.
        state.stage = null;
      }
      state.current = version;
      state.pinned = pin;
    }
    if (changed) await write({ remotes: { ...registry.remotes, [name]: state } });
    return { version, reused, activated };
  }

  return {
    root,
    registryPath,
    store,
    versionDir,
    readRegistry,

    // Read on every page answer (preload hints, server rendering) and /remotes.json: parsed again
    // only when the document changed. Every version some visitor is served is readable here before
    // the registry is answered, so pages, server rendering and preload hints can read its folder.
    readServable: sharedInFlight(async () => {
      const { text, key } = await store.readServingText(servable?.key);
      if (key !== null && servable?.key === key) return servable.value;
      const value = text === null ? { registry: { remotes: {} }, problems: [] } : parseLenient(text, registryPath);
      for (const name of REMOTE_NAMES) {
        const state = value.registry.remotes[name];
        if (!state) continue;
        if (state.stage && !(await materialize(name, state.stage.version))) {
          value.problems.push(`${name} ${state.stage.version} is staged but its files are missing`);
          state.stage = null;
        }
        if (state.current && !(await materialize(name, state.current))) {
          value.problems.push(`${name} ${state.current} is current but its files are missing`);
          delete value.registry.remotes[name];
        }
      }
      servable = key === null ? null : { key, value };
      return value;
    }),

    async localVersionDir(name, version) {
      const { registry } = await this.readServable();
      if (!registry.remotes[name]?.history.some((h) => h.version === version)) return null;
      return (await materialize(name, version)) ? versionDir(name, version) : null;
    },

    async publishRemote(name, distDir, { activate, percent, now = new Date() }) {
      assertRemoteName(name);
      if (percent !== undefined && (!Number.isInteger(percent) || percent < 1 || percent > 99))
        throw new RegistryError('malformed', `--percent must be a whole number from 1 to 99 (got ${percent})`);
      const dist = await scanDist(distDir);
      return locked(() => publishLocked(name, distDir, dist, () => activate, now, true, percent));
    },

    async promote(name) {
      assertRemoteName(name);
      return locked(async () => {
        const registry = await readRegistry();
        const state = registry.remotes[name];
        if (!state?.stage) throw new RegistryError('no-stage', `${name} has no staged version to promote (see \`remote list\`)`);
        const to = state.stage.version;
        const next: RemoteState = { ...state, current: to, pinned: true, live: goLive(state, to), stage: null };
        logActivation(next, { at: new Date().toISOString(), action: 'promote', version: to, from: state.current });
        await write({ remotes: { ...registry.remotes, [name]: next } });
        return { from: state.current, to };
      });
    },

    // A restart must never undo a rollback: only a remote with no live version gets activated.
    async ensurePublished(name, distDir, { now = new Date() } = {}) {
      assertRemoteName(name);
      const dist = await scanDist(distDir);
      // Only what an operator pinned (deploy, rollback) survives a restart with a new build, and
      // only if it can still serve: a version published before route manifests declares no pages.
      return locked(async () => {
        const current = (await readRegistry()).remotes[name]?.current;
        const servesPages = current ? (await versionManifest(name, current)) !== null : false;
        return publishLocked(name, distDir, dist, (state) => !state?.current || !state.pinned || !servesPages, now, false);
      });
    },

    async rollback(name, version) {
      assertRemoteName(name);
      return locked(async () => {
        const registry = await readRegistry();
        const state = registry.remotes[name];
        if (state?.stage && version === undefined) {
          // Rolling back a stage ends it: everyone keeps the current version.
          const next: RemoteState = { ...state, stage: null };
          logActivation(next, {
            at: new Date().toISOString(),
            action: 'unstage',
            version: state.current ?? state.stage.version,
            from: state.stage.version,
          });
          await write({ remotes: { ...registry.remotes, [name]: next } });
          return { from: state.stage.version, to: state.current ?? state.stage.version };
        }
        if (!state?.current) throw new RegistryError('no-previous-version', `${name} has no current version to roll back from`);
        const from = state.current;
        let to: string;
        let live: string[];
        if (version === undefined) {
          // Back to what was live before the current version; the current one leaves the trail, so
          // a second rollback goes further back instead of returning to it.
          live = trailOf(state).slice(0, -1);
          const previous = live.at(-1);
          if (!previous)
            throw new RegistryError(
              'no-previous-version',
              `${name}: no version was deployed before ${from} that is left to go back to`,
            );
          to = previous;
        } else {
          if (!state.history.some((h) => h.version === version))
            throw new RegistryError('unknown-version', `${name} has no version ${version} (see \`remote list\`)`);
          to = version;
          live = goLive(state, version);
        }
        if (!(await materialize(name, to)))
          throw new RegistryError('unknown-version', `${versionDir(name, to)} is missing; cannot roll back to ${to}`);
        await assertCanGoLive(registry, name, to, await versionManifest(name, to), goLiveSources);
        const next: RemoteState = { ...state, current: to, pinned: true, live, stage: null };
        if (from !== to) logActivation(next, { at: new Date().toISOString(), action: 'rollback', version: to, from });
        await write({ remotes: { ...registry.remotes, [name]: next } });
        return { from, to };
      });
    },

    async listRegistry() {
      const registry = await readRegistry();
      return REMOTE_NAMES.map((name) => {
        const state = registry.remotes[name];
        const current = state?.current ?? null;
        return {
          name,
          current,
          stage: state?.stage ?? null,
          versions: (state?.history ?? []).map((h) => ({ ...h, current: h.version === current })),
          activations: state?.activations ?? [],
        };
      });
    },

    async prune(name, keep) {
      assertRemoteName(name);
      if (!Number.isInteger(keep) || keep < 1)
        throw new RegistryError('malformed', `--keep must be a whole number of at least 1 (got ${keep})`);
      return locked(async () => {
        const registry = await readRegistry();
        const state = registry.remotes[name];
        if (!state) return { removed: [], kept: [] };
        const live = new Set(liveVersions(state));
        const newest = new Set(state.history.slice(-keep).map((h) => h.version));
        const removed = state.history.filter((h) => !newest.has(h.version) && !live.has(h.version)).map((h) => h.version);
        const gone = new Set(removed);
        const next: RemoteState = {
          ...state,
          history: state.history.filter((h) => !gone.has(h.version)),
          live: state.live.filter((v) => !gone.has(v)),
        };
        // The registry first: a version it no longer names is never served, so its files can go after.
        await write({ remotes: { ...registry.remotes, [name]: next } });
        for (const version of removed) {
          await store.removeVersion(name, version);
          local.delete(`${name}@${version}`);
        }
        return { removed, kept: next.history.map((h) => h.version) };
      });
    },
  };
}
