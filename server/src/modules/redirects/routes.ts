import { redirectApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/contract.ts';
import { findRedirect } from './service.ts';

export async function redirectsRoutes(app: FastifyInstance): Promise<void> {
  // Asked on every client navigation: one indexed lookup, no caching, so an operator's change
  // applies to the very next navigation on every instance.
  route(app, redirectApi.redirectGet, async (request) => ({ target: await findRedirect(app.db, request.query.path) }));
}
