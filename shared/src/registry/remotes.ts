import { z } from 'zod';
import { manifestRoute } from '../routes/manifest.ts';

/**
 * The four remotes. `name` is what people type (CLI, registry, URLs); `federationName` is the
 * Module Federation container name, which must be a JavaScript identifier.
 */
export const REMOTES = {
  marketing: { federationName: 'marketing', dir: 'remotes/marketing', devPort: 3001 },
  checkout: { federationName: 'checkout', dir: 'remotes/checkout', devPort: 3002 },
  'user-center': { federationName: 'user_center', dir: 'remotes/user-center', devPort: 3003 },
  'static-ip': { federationName: 'static_ip', dir: 'remotes/static-ip', devPort: 3004 },
} as const;
export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];
export const isRemoteName = (v: string): v is RemoteName => Object.hasOwn(REMOTES, v);

/** Version ids are path segments under /remotes/<name>/: keep them boring and URL-safe. */
export const remoteVersion = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'version must be a URL-safe id');

export const registryEntry = z.object({
  version: remoteVersion,
  /** URL of that version's mf-manifest.json (absolute, or root-relative on this origin). */
  manifest: z.string().min(1),
  /** The pages that version declares (its route manifest): the browser routes and guards by them. */
  routes: z.array(manifestRoute),
  /** What it was built against (shared package → exact version), checked against what the shell provides. */
  builtAgainst: z.record(z.string(), z.string()),
});
export type RegistryEntry = z.output<typeof registryEntry>;

/** What `/remotes.json` serves to the browser. */
export const remotesJson = z.object({
  remotes: z.record(z.string(), z.unknown()),
});

/**
 * Parses the served registry entry by entry, so one malformed entry disables only its own remote.
 */
export function parseRegistry(raw: unknown): { entries: Partial<Record<RemoteName, RegistryEntry>>; problems: string[] } {
  const problems: string[] = [];
  const entries: Partial<Record<RemoteName, RegistryEntry>> = {};
  const top = remotesJson.safeParse(raw);
  if (!top.success) return { entries, problems: ['remotes.json: expected { "remotes": { ... } }'] };
  for (const [name, value] of Object.entries(top.data.remotes)) {
    if (!isRemoteName(name)) {
      problems.push(`remotes.json: unknown remote "${name}"`);
      continue;
    }
    const entry = registryEntry.safeParse(value);
    if (entry.success) entries[name] = entry.data;
    else problems.push(`remotes.json: entry "${name}" is malformed (${entry.error.issues.map((i) => i.message).join('; ')})`);
  }
  return { entries, problems };
}
