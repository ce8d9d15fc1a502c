import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  contractProblems,
  describeContractProblem,
  isRemoteName,
  PROVIDED_VERSIONS_FILE,
  parseRemoteManifest,
  REMOTE_MANIFEST_FILE,
  REMOTE_NAMES,
  type RemoteManifest,
  type RemoteName,
  remoteVersion,
  routeConflicts,
  sharedVersions,
} from '@portal/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { sharedInFlight } from '../../lib/in-flight.ts';
import { hashFiles, isDirectory, listFiles } from './files.ts';
import type { RegistryStore } from './store.ts';
import { createFileRegistryStore } from './store-files.ts';
import { createPostgresRegistryStore } from './store-postgres.ts';

/** Build facts beside a version's manifest (shared/build/route-manifests.ts): not part of its content hash. */
export const BUILD_INFO_FILE = 'build-info.json';

/**
 * The remote registry: one document says which version of each remote is live, and each version's
 * files never change once published. Deploying adds a version and moves `current`; rolling back
 * only moves `current`. Where both are kept is the store's business (store.ts): files under
 * DATA_DIR in the embedded mode, PostgreSQL with DATABASE_URL.
 */

const historyEntry = z.object({
  version: remoteVersion,
  deployedAt: z.iso.datetime(),
  /** sha256 of the published files (see hashFiles): a rebuild with identical output reuses the version. */
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 hex digest'),
  /** From the build's build-info.json (absent for versions published before it existed). */
  release: z.string().optional(),
  builtAt: z.iso.datetime().optional(),
  commit: z.string().nullable().optional(),
  /** Who or what published it (DEPLOYED_BY, else the OS user). */
  deployedBy: z.string().optional(),
});
export type HistoryEntry = z.output<typeof historyEntry>;

/** One change of what is live, for `remote history`. */
const activation = z.object({
  at: z.iso.datetime(),
  action: z.enum(['deploy', 'rollback', 'start', 'stage', 'promote', 'unstage']),
  version: remoteVersion,
  /** The version that was live before; null for the first one. */
  from: remoteVersion.nullable(),
  by: z.string(),
});
export type Activation = z.output<typeof activation>;

/** How many activations are remembered per remote. */
const ACTIVATIONS_MAX = 200;

const remoteState = z
  .object({
    /** null: published but never activated. */
    current: remoteVersion.nullable(),
    /** Every published version, oldest first. */
    history: z.array(historyEntry),
    /**
     * An operator chose `current` (deploy or rollback). `npm start` then leaves it alone; otherwise
     * a restart with new code activates the new build, as a developer expects.
     */
    pinned: z.boolean().default(false),
    /**
     * The versions that were live, oldest first, the current one last: a rollback steps back
     * through what users had, never to a version that was itself rolled away. Absent in registries
     * written before it existed (see trailOf).
     */
    live: z.array(remoteVersion).default([]),
    /** Every deploy, rollback and start-up activation, oldest first (absent in older registries). */
    activations: z.array(activation).default([]),
    /** A version served to about `percent`% of visitors (sticky per visitor) while the rest keep `current`. */
    stage: z
      .object({ version: remoteVersion, percent: z.number().int().min(1).max(99), since: z.iso.datetime() })
      .nullable()
      .default(null),
  })
  .superRefine((state, ctx) => {
    const versions = state.history.map((h) => h.version);
    if (new Set(versions).size !== versions.length) ctx.addIssue({ code: 'custom', message: 'history lists a version twice' });
    if (state.current !== null && !versions.includes(state.current))
      ctx.addIssue({ code: 'custom', path: ['current'], message: `current version ${state.current} is not in history` });
    if (state.live.some((v) => !versions.includes(v)))
      ctx.addIssue({ code: 'custom', path: ['live'], message: 'live lists a version that is not in history' });
    if (state.stage && !versions.includes(state.stage.version))
      ctx.addIssue({
        code: 'custom',
        path: ['stage', 'version'],
        message: `staged version ${state.stage.version} is not in history`,
      });
  });
export type RemoteState = z.output<typeof remoteState>;

/** How many live versions are remembered for stepping back. */
const LIVE_TRAIL_MAX = 50;

/** The live trail; a registry written before there was one falls back to the deploy order up to `current`. */
function trailOf(state: RemoteState): string[] {
  if (state.live.length > 0 && state.live.at(-1) === state.current) return state.live;
  const index = state.history.findIndex((h) => h.version === state.current);
  return index < 0 ? [] : state.history.slice(0, index + 1).map((h) => h.version);
}

/** The trail after `version` goes live (the current version stays remembered beneath it). */
const goLive = (state: RemoteState, version: string): string[] =>
  [...trailOf(state).filter((v) => v !== version), version].slice(-LIVE_TRAIL_MAX);

const registryFile = z.object({
  remotes: z.record(z.string(), z.unknown()),
});

export type Registry = { remotes: Partial<Record<RemoteName, RemoteState>> };

export type RegistryErrorKind =
  | 'no-stage'
  | 'malformed'
  | 'unknown-remote'
  | 'invalid-dist'
  | 'unknown-version'
  | 'no-previous-version'
  | 'route-conflict'
  | 'version-mismatch';

export class RegistryError extends Error {
  constructor(
    readonly kind: RegistryErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'RegistryError';
  }
}

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

const describe = (issues: z.core.$ZodIssue[], prefix: string) =>
  issues.map((i) => `${[prefix, ...i.path.map(String)].join('.')}: ${i.message}`).join('; ');

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new RegistryError('malformed', `${path} is not valid JSON (${(err as Error).message})`);
  }
}

/** Strict: any problem anywhere is an error, so nothing is ever written on top of a damaged file. */
function parseStrict(text: string, path: string): Registry {
  const top = registryFile.safeParse(parseJson(text, path));
  if (!top.success)
    throw new RegistryError('malformed', `${path}: expected { "remotes": { ... } } (${describe(top.error.issues, 'registry')})`);
  const remotes: Registry['remotes'] = {};
  for (const [name, value] of Object.entries(top.data.remotes)) {
    if (!isRemoteName(name)) throw new RegistryError('malformed', `${path}: unknown remote "${name}"`);
    const state = remoteState.safeParse(value);
    if (!state.success) throw new RegistryError('malformed', `${path}: ${describe(state.error.issues, `remotes.${name}`)}`);
    remotes[name] = state.data;
  }
  return { remotes };
}

function parseLenient(text: string, path: string): { registry: Registry; problems: string[] } {
  const registry: Registry = { remotes: {} };
  let raw: unknown;
  try {
    raw = parseJson(text, path);
  } catch (err) {
    return { registry, problems: [(err as Error).message] };
  }
  const top = registryFile.safeParse(raw);
  if (!top.success) return { registry, problems: [`${path}: expected { "remotes": { ... } }`] };
  const problems: string[] = [];
  for (const [name, value] of Object.entries(top.data.remotes)) {
    const state = remoteState.safeParse(value);
    if (!isRemoteName(name)) problems.push(`${path}: unknown remote "${name}"`);
    else if (!state.success) problems.push(`${path}: ${describe(state.error.issues, `remotes.${name}`)}`);
    else registry.remotes[name] = state.data;
  }
  return { registry, problems };
}

function assertRemoteName(name: string): asserts name is RemoteName {
  if (!isRemoteName(name))
    throw new RegistryError('unknown-remote', `unknown remote "${name}" (known: ${REMOTE_NAMES.join(', ')})`);
}

/** `20250314093005` in UTC: sorts in deploy order and reads as a date. */
const stamp = (date: Date) => date.toISOString().replace(/\D/g, '').slice(0, 14);

interface Dist {
  files: string[];
  hash: string;
  manifest: RemoteManifest;
  info: z.output<typeof buildInfo> | null;
}

/** The versions of a remote some visitors are served: the current one (and a staged one). */
function liveVersions(state: RemoteState | undefined): string[] {
  return [...(state?.current ? [state.current] : []), ...(state?.stage ? [state.stage.version] : [])];
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

const readJsonFile = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8'));

/** A version folder's route manifest; null for a version published before manifests existed. */
export async function readVersionManifest(dir: string): Promise<RemoteManifest | null> {
  const file = join(dir, REMOTE_MANIFEST_FILE);
  let raw: unknown;
  try {
    raw = await readJsonFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return parseRemoteManifest(raw, file);
}

/** What the shell built in `shellDist` provides (its shared-versions.json); null when it is not built. */
export async function readProvidedVersions(shellDist: string): Promise<Record<string, string> | null> {
  const file = join(shellDist, PROVIDED_VERSIONS_FILE);
  try {
    return sharedVersions.parse(await readJsonFile(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new RegistryError('malformed', `${file} is unreadable (${(err as Error).message}): rebuild the shell`);
  }
}

/** Who acts, from the environment: a CI job names itself in DEPLOYED_BY. */
export const actorFromEnv = (env: NodeJS.ProcessEnv = process.env) => env.DEPLOYED_BY || env.USER || env.LOGNAME || 'unknown';

const buildInfo = z.object({ release: z.string(), builtAt: z.iso.datetime(), commit: z.string().nullable() });

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

  async function scanDist(distDir: string): Promise<Dist> {
    if (!(await isDirectory(distDir)))
      throw new RegistryError('invalid-dist', `${distDir} is not a directory: build the remote first`);
    const all = await listFiles(distDir);
    // Without its manifest a version cannot be loaded by the shell: refuse to publish it.
    if (!all.includes('mf-manifest.json')) throw new RegistryError('invalid-dist', `${distDir} has no mf-manifest.json`);
    // Without its route manifest it would serve no pages at all.
    if (!all.includes(REMOTE_MANIFEST_FILE))
      throw new RegistryError(
        'invalid-dist',
        `${distDir} has no ${REMOTE_MANIFEST_FILE}: rebuild the remote with the current build configuration`,
      );
    let manifest: RemoteManifest;
    try {
      manifest = parseRemoteManifest(
        await readJsonFile(join(distDir, REMOTE_MANIFEST_FILE)),
        join(distDir, REMOTE_MANIFEST_FILE),
      );
    } catch (err) {
      throw new RegistryError('invalid-dist', (err as Error).message);
    }
    // Build facts (time, commit) differ between identical builds: they do not make a new version.
    const files = all.filter((f) => f !== BUILD_INFO_FILE);
    const info = all.includes(BUILD_INFO_FILE)
      ? (buildInfo.safeParse(await readJsonFile(join(distDir, BUILD_INFO_FILE)).catch(() => null)).data ?? null)
      : null;
    return { files: all, hash: await hashFiles(distDir, files), manifest, info };
  }

  const versionManifest = async (name: RemoteName, version: string) =>
    (await materialize(name, version)) ? readVersionManifest(versionDir(name, version)) : null;

  /**
   * Refuses to make `manifest` the live version of `name` when another remote's live or staged
   * version claims one of its paths, or when the shell cannot provide what it was built against.
   */
  async function assertCanGoLive(registry: Registry, name: RemoteName, version: string, manifest: RemoteManifest | null) {
    if (!manifest) return;
    for (const other of REMOTE_NAMES) {
      if (other === name) continue;
      for (const live of liveVersions(registry.remotes[other])) {
        const theirs = await versionManifest(other, live);
        if (!theirs) continue;
        const conflicts = routeConflicts({ [name]: manifest.routes, [other]: theirs.routes });
        if (conflicts.length) {
          const versionOf = (owner: string) => (owner === name ? version : owner === other ? live : '');
          const described = conflicts.map(
            (c) =>
              `${c.path} is claimed by ${c.owners.map((o) => (o === 'shell' ? 'the shell' : `${o} ${versionOf(o)}`)).join(' and ')}`,
          );
          throw new RegistryError(
            'route-conflict',
            `${name} ${version} cannot go live: ${described.join('; ')}. Remove the path from one of them (its routes.json) and deploy again.`,
          );
        }
      }
    }
    const shellOnly = routeConflicts({ [name]: manifest.routes });
    if (shellOnly.length)
      throw new RegistryError(
        'route-conflict',
        `${name} ${version} cannot go live: ${shellOnly.map((c) => `${c.path} is a page of the shell`).join('; ')}.`,
      );
    const provided = await options.providedVersions?.();
    if (provided) {
      const problems = contractProblems(provided, manifest.builtAgainst);
      if (problems.length)
        throw new RegistryError(
          'version-mismatch',
          `${name} ${version} cannot go live:\n${problems.map((p) => `  ${describeContractProblem(p, name)}`).join('\n')}`,
        );
    }
  }

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
      );
      logActivation(state, { at: now.toISOString(), action: 'stage', version, from: state.current });
      state.stage = { version, percent, since: now.toISOString() };
      await write({ remotes: { ...registry.remotes, [name]: state } });
      return { version, reused, activated: false };
    }
    const activated = state.current === version || activate(state);
    if (activated && state.current !== version) {
      try {
        await assertCanGoLive(registry, name, version, dist.manifest);
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
        await assertCanGoLive(registry, name, to, await versionManifest(name, to));
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
