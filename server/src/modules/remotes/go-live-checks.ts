import {
  contractProblems,
  describeContractProblem,
  REMOTE_NAMES,
  type RemoteManifest,
  type RemoteName,
  routeConflicts,
} from '@portal/shared';
import { type Registry, RegistryError, liveVersions } from './registry-document.ts';

/** Where the go-live checks read other versions' manifests and what the shell provides. */
export interface GoLiveSources {
  versionManifest(name: RemoteName, version: string): Promise<RemoteManifest | null>;
  /** The exact versions of the shared singletons the current shell provides; absent or null: unchecked. */
  providedVersions?: (() => Promise<Record<string, string> | null>) | undefined;
}

/**
 * Refuses to make `manifest` the live version of `name` when another remote's live or staged
 * version claims one of its paths, or when the shell cannot provide what it was built against.
 */
export async function assertCanGoLive(
  registry: Registry,
  name: RemoteName,
  version: string,
  manifest: RemoteManifest | null,
  { versionManifest, providedVersions }: GoLiveSources,
) {
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
  const provided = await providedVersions?.();
  if (provided) {
    const problems = contractProblems(provided, manifest.builtAgainst);
    if (problems.length)
      throw new RegistryError(
        'version-mismatch',
        `${name} ${version} cannot go live:\n${problems.map((p) => `  ${describeContractProblem(p, name)}`).join('\n')}`,
      );
  }
}
