import { isRemoteName, REMOTE_NAMES, type RemoteName, remoteVersion } from '@portal/shared';
import { z } from 'zod';

/**
 * The registry document (which versions of each remote exist, which is live or staged, who did what
 * when): its schema, how it is read strictly (to change it) or leniently (to serve from it), and the
 * errors every registry operation reports.
 */
export const historyEntry = z.object({
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
export const activation = z.object({
  at: z.iso.datetime(),
  action: z.enum(['deploy', 'rollback', 'start', 'stage', 'promote', 'unstage']),
  version: remoteVersion,
  /** The version that was live before; null for the first one. */
  from: remoteVersion.nullable(),
  by: z.string(),
});
export type Activation = z.output<typeof activation>;

/** How many activations are remembered per remote. */
export const ACTIVATIONS_MAX = 200;

export const remoteState = z
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
export const LIVE_TRAIL_MAX = 50;

/** The live trail; a registry written before there was one falls back to the deploy order up to `current`. */
export function trailOf(state: RemoteState): string[] {
  if (state.live.length > 0 && state.live.at(-1) === state.current) return state.live;
  const index = state.history.findIndex((h) => h.version === state.current);
  return index < 0 ? [] : state.history.slice(0, index + 1).map((h) => h.version);
}

/** The trail after `version` goes live (the current version stays remembered beneath it). */
export const goLive = (state: RemoteState, version: string): string[] =>
  [...trailOf(state).filter((v) => v !== version), version].slice(-LIVE_TRAIL_MAX);

export const registryFile = z.object({
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

export const describe = (issues: z.core.$ZodIssue[], prefix: string) =>
  issues.map((i) => `${[prefix, ...i.path.map(String)].join('.')}: ${i.message}`).join('; ');

export function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new RegistryError('malformed', `${path} is not valid JSON (${(err as Error).message})`);
  }
}

/** Strict: any problem anywhere is an error, so nothing is ever written on top of a damaged file. */
export function parseStrict(text: string, path: string): Registry {
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

export function parseLenient(text: string, path: string): { registry: Registry; problems: string[] } {
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

export function assertRemoteName(name: string): asserts name is RemoteName {
  if (!isRemoteName(name))
    throw new RegistryError('unknown-remote', `unknown remote "${name}" (known: ${REMOTE_NAMES.join(', ')})`);
}

/** `20250314093005` in UTC: sorts in deploy order and reads as a date. */
export const stamp = (date: Date) => date.toISOString().replace(/\D/g, '').slice(0, 14);

/** The versions of a remote some visitors are served: the current one (and a staged one). */
export function liveVersions(state: RemoteState | undefined): string[] {
  return [...(state?.current ? [state.current] : []), ...(state?.stage ? [state.stage.version] : [])];
}
