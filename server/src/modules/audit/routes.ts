import { Readable } from 'node:stream';
import {
  AUDIT_EXPORT_PATH,
  AUDIT_EXPORT_WINDOW_MINUTES,
  AUDIT_EXPORTS_PER_WINDOW,
  auditApi,
  auditFilters,
  ResultCode,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { BEARER_AUTH, requireRole, route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { consume } from '../limits/limits.ts';
import { csvHead, csvLine } from './csv.ts';
import { auditActors, auditEventsForExport, auditPage } from './service.ts';

/**
 * Reading the audit log (docs/decisions/0055): the team's owner and admins (the role table's
 * `audit`), of the session's team only (`currentUser(request).id`), so a caller never sees another
 * team's events.
 */
export async function auditRoutes(app: FastifyInstance) {
  route(app, auditApi.auditPage, (request) => auditPage(app.db, currentUser(request).id, request.query));
  route(app, auditApi.auditActors, (request) => auditActors(app.db, currentUser(request).id));

  if (!app.authenticate) throw new Error('audit routes need the auth plugin');
  app.withTypeProvider<ZodTypeProvider>().get(
    AUDIT_EXPORT_PATH,
    {
      schema: {
        summary:
          "The team's audit log matching the filters, newest first, as a text/csv attachment (streamed; headers in the request's language; not JSON)",
        tags: ['audit'],
        querystring: auditFilters,
        security: [{ [BEARER_AUTH]: [] }],
      },
      preHandler: [app.authenticate, requireRole('audit')],
    },
    async (request, reply) => {
      const teamId = currentUser(request).id;
      const t = request.t.bind(request);
      const taken = await consume(
        app.db,
        [{ key: `audit-export:team:${teamId}`, limit: AUDIT_EXPORTS_PER_WINDOW, windowMs: AUDIT_EXPORT_WINDOW_MINUTES * 60_000 }],
        app.now(),
      );
      if (!taken.ok) {
        throw new BusinessError(ResultCode.TooManyRequests, 'audit.exportLimit', {
          minutes: Math.max(1, Math.ceil(taken.retryAfterMs / 60_000)),
        });
      }
      const events = auditEventsForExport(app.db, teamId, request.query);
      // Rows are read 500 at a time as the client takes them: a year of events never sits in memory.
      async function* lines() {
        yield csvHead(t);
        for await (const e of events) yield csvLine(t, e);
      }
      const day = new Date(app.now()).toISOString().slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(lines()));
    },
  );
}
