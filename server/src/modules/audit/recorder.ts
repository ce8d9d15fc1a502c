import { type ApiEntry, type AuditSummary, api, type PublicApiEntry, publicApi } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  preSerializationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../plugins/auth.ts';
import { toFastifyPath } from '../../plugins/contract.ts';
import { USER_AGENT_MAX } from '../accounts/devices.ts';
import {
  AUDIT_RULES,
  type AuditInput,
  type AuditRule,
  isAuditedEntry,
  isAuditedPublicEntry,
  PUBLIC_AUDIT_RULES,
  type PublicAuditRule,
} from './rules.ts';
import { auditPending } from './tables.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The pending audit row of this mutating call, until its outcome is recorded. */
    auditPendingId: number | null;
    /** The envelope this call answered, seen before serialisation. */
    auditEnvelope: { code?: unknown; data?: unknown } | null;
  }
}

/** A rule and where its call comes from: the portal (session, envelope) or the public API (API token, HTTP status). */
type Recorded = { rule: AuditRule; publicApi: false } | { rule: PublicAuditRule; publicApi: true };

/** `POST /app-api/ip/proxy-account/create` → its rule, for every audited entry of both contracts. */
function rulesByRoute(): Map<string, Recorded> {
  const byRoute = new Map<string, Recorded>();
  for (const [key, entry] of Object.entries(api) as [keyof typeof api, ApiEntry][]) {
    const rule = AUDIT_RULES[key] as AuditRule | undefined;
    if (rule && isAuditedEntry(entry)) byRoute.set(`${entry.method} ${toFastifyPath(entry.path)}`, { rule, publicApi: false });
  }
  for (const [key, entry] of Object.entries(publicApi) as [keyof typeof publicApi, PublicApiEntry][]) {
    const rule = PUBLIC_AUDIT_RULES[key] as PublicAuditRule | undefined;
    if (rule && isAuditedPublicEntry(entry))
      byRoute.set(`${entry.method} ${toFastifyPath(entry.path)}`, { rule, publicApi: true });
  }
  return byRoute;
}

/** Who acts: the session's account and person, or the API token's owner (and the token, in the summary). */
function actorOf(request: FastifyRequest, publicCall: boolean): { teamId: number; memberId: number; extra: AuditSummary } {
  if (!publicCall) {
    const user = currentUser(request);
    return { teamId: user.id, memberId: user.memberId, extra: {} };
  }
  const token = (request as { apiToken?: { tokenId: number; userId: number; memberId: number } | null }).apiToken;
  if (!token) throw new Error('audit: a public API call without its token identity');
  // The member who made the token acts through it (decision 0054: it carries at most their role).
  return { teamId: token.userId, memberId: token.memberId, extra: { apiTokenId: token.tokenId } };
}

const asObjectId = (id: number | string | null | undefined) => (id === null || id === undefined ? null : String(id));

/** Writes the pending row of a call about to run (after authentication, before the handler). */
async function begin(db: Db, recorded: Recorded, request: FastifyRequest, at: Date): Promise<number> {
  const { rule } = recorded as { rule: AuditRule };
  const actor = actorOf(request, recorded.publicApi);
  const input = request as unknown as AuditInput<ApiEntry>;
  const [row] = await db
    .insert(auditPending)
    .values({
      teamId: actor.teamId,
      actorMemberId: actor.memberId,
      action: rule.action,
      objectType: rule.object,
      objectId: asObjectId(rule.id?.(input, undefined)),
      summary: { ...rule.summary?.(input, undefined), ...actor.extra },
      at,
      ip: request.ip,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
    })
    .returning({ id: auditPending.id });
  if (!row) throw new Error('audit pending row not written');
  return row.id;
}

/** Moves a succeeded call's pending row into the log, with what the answer adds, in one statement. */
async function commit(db: Db, pendingId: number, recorded: Recorded, request: FastifyRequest, data: unknown): Promise<void> {
  const { rule } = recorded as { rule: AuditRule };
  const input = request as unknown as AuditInput<ApiEntry>;
  const objectId = asObjectId(rule.id?.(input, data));
  const summary = { ...rule.summary?.(input, data), ...actorOf(request, recorded.publicApi).extra };
  const teamId = rule.team?.(data) ?? null;
  await db.execute(sql`
    with moved as (delete from audit_pending where id = ${pendingId} returning *)
    insert into audit_events (team_id, actor_member_id, action, object_type, object_id, summary, at, ip, user_agent, confirmed)
    select coalesce(${teamId}::integer, team_id), actor_member_id, action, object_type, coalesce(${objectId}::text, object_id),
           ${JSON.stringify(summary)}::jsonb, at, ip, user_agent, true
    from moved`);
}

type Outcome = { kind: 'ok'; data: unknown } | { kind: 'failed' } | { kind: 'unknown' };

/**
 * Whether the answer is the envelope of a success, and its data: from the object the handler or the
 * error handler sent (captured before serialisation), else from the JSON text. Anything else is
 * unknown, and the pending row is left to the sweep rather than guessed.
 */
function outcome(request: FastifyRequest, reply: FastifyReply, payload: unknown, publicCall: boolean): Outcome {
  if (reply.statusCode >= 400) return { kind: 'failed' };
  // The public API answers the resource itself with 200, 201 or 204.
  if (publicCall) return { kind: 'ok', data: request.auditEnvelope ?? undefined };
  let body = request.auditEnvelope;
  if (!body && typeof payload === 'string') {
    try {
      body = JSON.parse(payload) as { code?: unknown; data?: unknown };
    } catch {
      return { kind: 'unknown' };
    }
  }
  if (!body || typeof body !== 'object') return { kind: 'unknown' };
  return body.code === 0 ? { kind: 'ok', data: body.data } : { kind: 'failed' };
}

/**
 * The one recorder of the audit log (decision 0055). Every route of a mutating call that needs a
 * login gets, as it is declared, a preHandler after authentication that writes a pending row, and a
 * first onSend hook (before compression) that moves the row into the log when the answer is a
 * success and deletes it otherwise; the answer leaves only once that is written. Register it
 * before any route.
 */
export const auditRecorderPlugin = fp(
  async (app: FastifyInstance) => {
    const byRoute = rulesByRoute();
    app.decorateRequest('auditPendingId', null);
    app.decorateRequest('auditEnvelope', null);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.length !== 1) return;
      const recorded = byRoute.get(`${methods[0]} ${route.url}`);
      if (!recorded) return;
      const start: preHandlerHookHandler = async (request) => {
        request.auditPendingId = await begin(app.db, recorded, request, app.now());
      };
      const settle: onSendHookHandler = async (request, reply, payload) => {
        const pendingId = request.auditPendingId;
        if (pendingId === null) return payload;
        request.auditPendingId = null;
        const result = outcome(request, reply, payload, recorded.publicApi);
        if (result.kind === 'ok') await commit(app.db, pendingId, recorded, request, result.data);
        else if (result.kind === 'failed') await app.db.delete(auditPending).where(eq(auditPending.id, pendingId));
        else app.log.warn({ pendingId }, 'audit: outcome of a call unknown; the sweep records it unconfirmed');
        return payload;
      };
      const capture: preSerializationHookHandler<unknown> = (request, _reply, payload, done) => {
        if (payload && typeof payload === 'object') request.auditEnvelope = payload as { code?: unknown; data?: unknown };
        done(null, payload);
      };
      route.preSerialization = [...(route.preSerialization ? [route.preSerialization].flat() : []), capture];
      const before = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [...before, start];
      const sends = route.onSend ? [route.onSend].flat() : [];
      route.onSend = [settle, ...sends];
    });
  },
  { name: 'audit-recorder' },
);
