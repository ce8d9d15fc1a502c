import { redirectApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/contract.ts';
import { findRedirect, followableTarget } from './service.ts';

export async function redirectsRoutes(app: FastifyInstance): Promise<void> {
  // Asked on every client navigation: answered from the rules held in memory, which an operator's
  // change invalidates at once on every instance (service.ts, cache/invalidation.ts).
  route(app, redirectApi.redirectGet, async (request) => ({
    target: followableTarget(await findRedirect(app.db, request.query.path)),
  }));
}
