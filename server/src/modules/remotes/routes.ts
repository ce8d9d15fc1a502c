import { isRemoteName, REMOTE_NAMES, REMOTES, type RegistryEntry, type RemoteName, remoteVersion } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { isServerCode } from './server-code.ts';
import { createRemoteRegistry, type RemoteRegistry } from './registry.ts';
import { createServedRemotes, type ServedRemotes, type ServedSet } from './served.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

type ServedRegistry = { remotes: Partial<Record<RemoteName, RegistryEntry>> };

/**
 * What /remotes.json says of a served set: each remote's version, where its federation manifest is
 * (its rsbuild dev server with DEV_REMOTES=1), and the pages and shared versions its manifest declares.
 */
export function registryJson(set: ServedSet, devRemotes: boolean): ServedRegistry {
  const served: ServedRegistry = { remotes: {} };
  for (const name of REMOTE_NAMES) {
    const remote = set.remotes[name];
    if (!remote) continue;
    served.remotes[name] = {
      version: remote.version,
      manifest: devRemotes
        ? `http://localhost:${REMOTES[name].devPort}/mf-manifest.json`
        : `/remotes/${name}/${remote.version}/mf-manifest.json`,
      routes: remote.manifest?.routes ?? [],
      builtAgainst: remote.manifest?.builtAgainst ?? {},
    };
  }
  return served;
}

export interface RemotesRoutesOptions {
  config: Pick<Config, 'dataDir' | 'devRemotes'>;
  registry?: RemoteRegistry;
  served?: ServedRemotes;
}

export async function remotesRoutes(app: FastifyInstance, options: RemotesRoutesOptions) {
  const { config } = options;
  const registry = options.registry ?? createRemoteRegistry(config.dataDir);
  const served = options.served ?? createServedRemotes(registry, { devRemotes: config.devRemotes });
  let lastProblems = '';

  // Read on every request (the file is tiny): a deploy or rollback from the CLI is live at once, on
  // every instance sharing the data folder, without a restart. no-cache makes browsers revalidate.
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (!config.devRemotes) {
      const { problems } = await registry.readServable();
      // A damaged file disables only its bad entries; log each distinct problem once, not per request.
      const summary = problems.join('\n');
      if (summary && summary !== lastProblems)
        request.log.error({ problems }, 'remote registry has malformed entries; serving the valid ones');
      lastProblems = summary;
    }
    return registryJson(await served.forRequest(request, reply), config.devRemotes);
  });

  // Version directories never change, so browsers and CDNs may keep these files for a year. Any
  // version the registry still names is served (a page loaded before a rollback keeps loading its
  // chunks); on PostgreSQL this instance copies it from the database on first use. Its node build
  // (ssr/) is the server's code and never served.
  app.get<{ Params: { name: string; version: string; '*': string } }>(
    '/remotes/:name/:version/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name, version, '*': file } = request.params;
      if (
        !isRemoteName(name) ||
        !remoteVersion.safeParse(version).success ||
        file === '' ||
        file.endsWith('/') ||
        isServerCode(file)
      ) {
        return reply.callNotFound();
      }
      const root = await registry.localVersionDir(name, version);
      if (!root) return reply.callNotFound();
      return reply.sendFile(file, root, {
        maxAge: YEAR_MS,
        immutable: true,
        dotfiles: 'ignore',
        index: false,
      });
    },
  );
}
