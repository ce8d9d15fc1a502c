import { AUDIT_RETENTION_DAYS, type AuditEvent, type AuditFilters } from '@portal/shared';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parseUserAgent } from '../accounts/devices.ts';
import { memberUsers } from '../accounts/tables.ts';
import { auditEvents } from './tables.ts';

/** The audit log's reads, retention and recovery (docs/decisions/0055). */

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** A pending row older than this belongs to a call that will never settle (the server stopped). */
export const PENDING_ABANDONED_MS = 15 * 60 * 1000;

function conditions(teamId: number, filters: AuditFilters): SQL[] {
  const where: SQL[] = [eq(auditEvents.teamId, teamId)];
  if (filters.from !== undefined) where.push(gte(auditEvents.at, new Date(filters.from)));
  if (filters.to !== undefined) where.push(lt(auditEvents.at, new Date(filters.to)));
  if (filters.actorMemberId !== undefined) where.push(eq(auditEvents.actorMemberId, filters.actorMemberId));
  if (filters.action !== undefined) where.push(eq(auditEvents.action, filters.action));
  if (filters.objectType !== undefined) where.push(eq(auditEvents.objectType, filters.objectType));
  return where;
}

const columns = {
  id: auditEvents.id,
  actorMemberId: auditEvents.actorMemberId,
  actorName: memberUsers.nickname,
  action: auditEvents.action,
  objectType: auditEvents.objectType,
  objectId: auditEvents.objectId,
  summary: auditEvents.summary,
  at: auditEvents.at,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  confirmed: auditEvents.confirmed,
};

type Row = Omit<typeof auditEvents.$inferSelect, 'teamId'> & { actorName: string | null };

const toEvent = (r: Row): AuditEvent => ({
  id: r.id,
  actor: { memberId: r.actorMemberId, name: r.actorName },
  action: r.action as AuditEvent['action'],
  objectType: r.objectType,
  objectId: r.objectId,
  summary: r.summary,
  at: r.at.getTime(),
  ip: r.ip,
  device: parseUserAgent(r.userAgent),
  confirmed: r.confirmed,
});

const select = (db: Db) =>
  db.select(columns).from(auditEvents).leftJoin(memberUsers, eq(memberUsers.id, auditEvents.actorMemberId));

/** One page of the team's events, newest first. Only the team's own rows: the team id is the caller's account. */
export async function auditPage(
  db: Db,
  teamId: number,
  query: AuditFilters & { pageNo: number; pageSize: number },
): Promise<{ list: AuditEvent[]; total: number }> {
  const where = and(...conditions(teamId, query));
  const [rows, [counted]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(auditEvents)
      .where(where),
  ]);
  return { list: rows.map(toEvent), total: counted?.total ?? 0 };
}

/** Every event matching the filters, newest first, read in batches by keyset (the CSV streams them). */
export async function* auditEventsForExport(db: Db, teamId: number, filters: AuditFilters, batch = 500) {
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const where = conditions(teamId, filters);
    if (after) where.push(sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at}, ${after.id})`);
    const rows: Row[] = await select(db)
      .where(and(...where))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(batch);
    for (const r of rows) yield toEvent(r);
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { at: last.at, id: last.id };
  }
}

/** The members who appear in the team's log, for the member filter. */
export async function auditActors(db: Db, teamId: number): Promise<{ memberId: number; name: string | null }[]> {
  const rows = await db
    .selectDistinct({ memberId: auditEvents.actorMemberId, name: memberUsers.nickname })
    .from(auditEvents)
    .leftJoin(memberUsers, eq(memberUsers.id, auditEvents.actorMemberId))
    .where(eq(auditEvents.teamId, teamId))
    .orderBy(auditEvents.actorMemberId);
  return rows;
}

/**
 * Deletes events older than the retention, by the database's clock (the same clock as the trigger
 * that refuses younger deletes), in batches so a first run over a big table holds no long lock.
 */
export async function purgeExpiredEvents(db: Db, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from audit_events where id in (
        select id from audit_events where at < now() - make_interval(days => ${AUDIT_RETENTION_DAYS}) limit ${batch})
      returning id`);
    const deleted = rowsOf(result).length;
    total += deleted;
    if (deleted < batch) return total;
  }
}

/**
 * Moves pending rows of calls that never settled (the process stopped between a change and its
 * record) into the log as not confirmed: the change may or may not have been committed, and a
 * committed one must not be missing. One statement, so two instances never move a row twice.
 */
export async function sweepAbandonedCalls(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`
    with moved as (delete from audit_pending where at < ${new Date(now.getTime() - PENDING_ABANDONED_MS)} returning *)
    insert into audit_events (team_id, actor_member_id, action, object_type, object_id, summary, at, ip, user_agent, confirmed)
    select team_id, actor_member_id, action, object_type, object_id, summary, at, ip, user_agent, false from moved
    returning id`);
  return rowsOf(result).length;
}
