import { createHash, randomBytes } from 'node:crypto';
import {
  createRouteTable,
  type Locale,
  type ManifestRoute,
  REMOTE_NAMES,
  type RemoteManifest,
  type RemoteName,
  type RouteOwner,
  type RouteTable,
} from '@portal/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteRegistry } from './registry.ts';
import type { Registry } from './registry-document.ts';
import { readVersionManifest } from './version-files.ts';

/** One remote as a visitor gets it: the version and that version's manifest. */
export interface ServedRemote {
  version: string;
  /** null for a version published before versions carried manifests: it serves no pages. */
  manifest: RemoteManifest | null;
}

/** The versions one visitor is served, and the pages those versions declare. */
export interface ServedSet {
  /** Identifies the version set (`marketing@v1,checkout@v3`): caches key on it. */
  key: string;
  remotes: Partial<Record<RemoteName, ServedRemote>>;
  table: RouteTable;
  /** The text of a title or description id a served manifest names; undefined when none does. */
  text(id: string, locale: Locale): string | undefined;
  /** When the served version of a page's owner was published (the sitemap's lastmod); null when unknown. */
  releasedAt(owner: RouteOwner): Date | null;
}

export type VersionChoice = Partial<Record<RemoteName, string>>;

/** The visitor's random id for staged rollouts: only which version they see depends on it. */
export const VISITOR_COOKIE = 'portal_visitor';
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The visitor id a request carries, or null. */
export function visitorOf(cookieHeader: string | undefined): string | null {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name === VISITOR_COOKIE && value && VISITOR_ID.test(value)) return value;
  }
  return null;
}

/**
 * Whether a visitor gets the staged version of a remote: a stable hash of visitor, remote and
 * staged version in [0, 100) below the percent. Sticky for one stage; a new stage draws afresh.
 */
export function inStage(visitor: string, name: RemoteName, stage: { version: string; percent: number }): boolean {
  const digest = createHash('sha256').update(`${visitor}\0${name}\0${stage.version}`).digest();
  return digest.readUInt32BE(0) % 100 < stage.percent;
}

export function servedSet(
  remotes: Partial<Record<RemoteName, ServedRemote>>,
  deployedAt: (name: RemoteName, version: string) => Date | null = () => null,
): ServedSet {
  const routes: Partial<Record<RemoteName, readonly ManifestRoute[]>> = {};
  for (const [name, served] of Object.entries(remotes) as Array<[RemoteName, ServedRemote]>)
    if (served.manifest) routes[name] = served.manifest.routes;
  const entries = Object.entries(remotes) as Array<[RemoteName, ServedRemote]>;
  return {
    key: entries.map(([name, s]) => `${name}@${s.version}`).join(','),
    remotes,
    table: createRouteTable(routes),
    text(id, locale) {
      for (const [, served] of entries) {
        const text = served.manifest?.messages[locale][id];
        if (text) return text;
      }
      return undefined;
    },
    releasedAt(owner) {
      if (owner === 'shell') return null;
      const version = remotes[owner]?.version;
      return version ? deployedAt(owner, version) : null;
    },
  };
}

export interface ServedRemotesOptions {
  /** Remote dev servers (DEV_REMOTES=1): the working tree's routes.json files instead of the registry. */
  devRemotes: boolean;
}

/**
 * What each visitor is served: the registry's current versions (or, during a staged rollout, the
 * version the visitor was assigned) with their route manifests, read once per version (versions
 * never change). Every page answer, /remotes.json, the sitemap and server rendering ask this.
 */
export function createServedRemotes(
  registry: Pick<RemoteRegistry, 'readServable' | 'versionDir'>,
  options: ServedRemotesOptions,
) {
  const manifests = new Map<string, Promise<RemoteManifest | null>>();
  const sets = new Map<string, ServedSet>();
  let dev: Promise<ServedSet> | null = null;
  /** The registry as last read: release times come from it, not from when a set was first built. */
  let latest: Registry = { remotes: {} };

  function manifestOf(name: RemoteName, version: string, log?: FastifyBaseLogger): Promise<RemoteManifest | null> {
    const key = `${name}@${version}`;
    let manifest = manifests.get(key);
    if (!manifest) {
      manifest = readVersionManifest(registry.versionDir(name, version)).catch((err) => {
        // A damaged manifest takes only its version's pages down, never the portal.
        log?.error({ err, remote: name, version }, 'remote manifest unreadable: the version serves no pages');
        manifests.delete(key);
        return null;
      });
      manifests.set(key, manifest);
    }
    return manifest;
  }

  async function devSet(): Promise<ServedSet> {
    // Only the dev server needs the build helpers (and TypeScript); production never loads them.
    const { buildRemoteManifest } = await import('@portal/shared/route-manifests');
    const remotes: Partial<Record<RemoteName, ServedRemote>> = {};
    for (const name of REMOTE_NAMES) remotes[name] = { version: 'dev', manifest: buildRemoteManifest(name) };
    return servedSet(remotes);
  }

  /** The served set of `choice` (remote → version), from the registry state it was chosen from. */
  async function setOf(choice: VersionChoice, state: Registry, log?: FastifyBaseLogger): Promise<ServedSet> {
    latest = state;
    const key = Object.entries(choice)
      .map(([name, version]) => `${name}@${version}`)
      .join(',');
    const cached = sets.get(key);
    if (cached) return cached;
    const remotes: Partial<Record<RemoteName, ServedRemote>> = {};
    for (const [name, version] of Object.entries(choice) as Array<[RemoteName, string]>)
      remotes[name] = { version, manifest: await manifestOf(name, version, log) };
    const set = servedSet(remotes, (name, version) => {
      const entry = latest.remotes[name]?.history.find((h) => h.version === version);
      return entry ? new Date(entry.deployedAt) : null;
    });
    // A handful of sets exist at once (current, plus staged combinations); forget the oldest.
    if (sets.size >= 32) sets.delete(sets.keys().next().value as string);
    sets.set(key, set);
    return set;
  }

  function currentOf(state: Registry, log?: FastifyBaseLogger): Promise<ServedSet> {
    const choice: VersionChoice = {};
    for (const name of REMOTE_NAMES) {
      const version = state.remotes[name]?.current;
      if (version) choice[name] = version;
    }
    return setOf(choice, state, log);
  }

  return {
    /** The versions everyone is served (no stage applies): sitemap, start-up warming. */
    async current(log?: FastifyBaseLogger): Promise<ServedSet> {
      if (options.devRemotes) {
        dev ??= devSet();
        return dev;
      }
      const { registry: state } = await registry.readServable();
      return currentOf(state, log);
    },

    /**
     * The versions this visitor is served: during a staged rollout, the staged version for about
     * its percent of visitors, sticky by a visitor cookie (set here when missing). Page answers,
     * server rendering and /remotes.json all ask this, so they agree.
     */
    async forRequest(request: Pick<FastifyRequest, 'log' | 'headers'>, reply?: Pick<FastifyReply, 'header'>): Promise<ServedSet> {
      if (options.devRemotes) return this.current(request.log);
      const { registry: state } = await registry.readServable();
      const staged = REMOTE_NAMES.filter((name) => state.remotes[name]?.stage && state.remotes[name]?.current);
      if (!staged.length) return currentOf(state, request.log);
      let visitor = visitorOf(request.headers.cookie);
      if (!visitor) {
        visitor = randomBytes(18).toString('base64url');
        reply?.header('set-cookie', `${VISITOR_COOKIE}=${visitor}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`);
      }
      // What this visitor sees depends on their cookie: no shared cache may keep it.
      reply?.header('cache-control', 'private, no-cache');
      const choice: VersionChoice = {};
      for (const name of REMOTE_NAMES) {
        const remote = state.remotes[name];
        if (!remote?.current) continue;
        choice[name] = remote.stage && inStage(visitor, name, remote.stage) ? remote.stage.version : remote.current;
      }
      return setOf(choice, state, request.log);
    },
    manifestOf,
  };
}

export type ServedRemotes = ReturnType<typeof createServedRemotes>;
