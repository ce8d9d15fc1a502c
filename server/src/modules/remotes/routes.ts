import { isRemoteName, REMOTE_NAMES, REMOTES, type RegistryEntry, type RemoteName, remoteVersion } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { createRemoteRegistry } from './registry.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

type ServedRegistry = { remotes: Partial<Record<RemoteName, RegistryEntry>> };

/** Every remote served by its rsbuild dev server (DEV_REMOTES=1). */
export function devRegistry(): ServedRegistry {
  const remotes: ServedRegistry['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    remotes[name] = { version: 'dev', manifest: `http://localhost:${REMOTES[name].devPort}/mf-manifest.json` };
  }
  return { remotes };
}

export async function remotesRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'dataDir' | 'devRemotes'> }) {
  const registry = createRemoteRegistry(config.dataDir);
  let lastProblems = '';

  // Read on every request (the file is tiny): a deploy or rollback from the CLI is live at once, on
  // every instance sharing the data folder, without a restart. no-cache makes browsers revalidate.
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (config.devRemotes) return devRegistry();
    const { registry: state, problems } = await registry.readServable();
    // A damaged file disables only its bad entries; log each distinct problem once, not per request.
    const summary = problems.join('\n');
    if (summary && summary !== lastProblems)
      request.log.error({ problems }, 'remote registry has malformed entries; serving the valid ones');
    lastProblems = summary;
    const served: ServedRegistry = { remotes: {} };
    for (const name of REMOTE_NAMES) {
      const current = state.remotes[name]?.current;
      if (current) served.remotes[name] = { version: current, manifest: `/remotes/${name}/${current}/mf-manifest.json` };
    }
    return served;
  });

  // Version directories never change, so browsers and CDNs may keep these files for a year.
  app.get<{ Params: { name: string; version: string; '*': string } }>(
    '/remotes/:name/:version/*',
    { schema: { hide: true } },
    (request, reply) => {
      const { name, version, '*': file } = request.params;
      if (!isRemoteName(name) || !remoteVersion.safeParse(version).success || file === '' || file.endsWith('/')) {
        return reply.callNotFound();
      }
      return reply.sendFile(file, registry.versionDir(name, version), {
        maxAge: YEAR_MS,
        immutable: true,
        dotfiles: 'ignore',
        index: false,
      });
    },
  );
}
