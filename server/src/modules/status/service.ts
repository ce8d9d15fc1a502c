import { createHash, randomBytes } from 'node:crypto';
import {
  type ComponentState,
  type Incident,
  type IncidentSeverity,
  type IncidentState,
  type Locale,
  type NetworkStatus,
  RESOLVED_INCIDENT_DAYS,
  STATUS_PRODUCTS,
  type StatusProduct,
} from '@portal/shared';
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS, deepFreeze } from '../../cache/cache.ts';
import { cacheFor, changed } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { consume } from '../limits/limits.ts';
import { statusComponents, statusIncidents, statusIncidentUpdates, statusNotifications, statusSubscribers } from './tables.ts';

// ---- Component states (the proxy network's report) ----

export interface ComponentReport {
  product: StatusProduct;
  region: string;
  state: ComponentState;
}

/**
 * Stores a batch of component states measured at `reportedAt`: one upsert, where a component whose
 * stored report is newer keeps it (a late or resent batch never turns a state back). Repeated
 * components in one batch: the last one counts. Rows are written in key order, so parallel batches
 * over the same components wait for each other instead of deadlocking.
 */
export async function reportComponents(
  db: Db,
  components: readonly ComponentReport[],
  reportedAt: Date,
): Promise<{ applied: number; stale: number }> {
  const byKey = new Map<string, ComponentReport>();
  for (const c of components) byKey.set(`${c.product}\u0000${c.region}`, c);
  const rows = [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, c]) => ({ ...c, reportedAt, changedAt: reportedAt }));
  const written = await db
    .insert(statusComponents)
    .values(rows)
    .onConflictDoUpdate({
      target: [statusComponents.product, statusComponents.region],
      set: {
        state: sql`excluded.state`,
        reportedAt: sql`excluded.reported_at`,
        changedAt: sql`case when ${statusComponents.state} is distinct from excluded.state then excluded.changed_at else ${statusComponents.changedAt} end`,
      },
      setWhere: sql`${statusComponents.reportedAt} <= excluded.reported_at`,
    })
    .returning({ product: statusComponents.product });
  changed(db, 'status');
  return { applied: written.length, stale: rows.length - written.length };
}

// ---- The public read ----

const productOrder = (p: string) => STATUS_PRODUCTS.indexOf(p as StatusProduct);

async function loadNetworkStatus(db: Db, now: Date, locale: Locale): Promise<NetworkStatus> {
  const components = (await db.select().from(statusComponents))
    .map((c) => ({ product: c.product, region: c.region, state: c.state, reportedAt: c.reportedAt.getTime() }))
    .sort(
      (a, b) =>
        productOrder(a.product) - productOrder(b.product) ||
        (a.region === 'global' ? -1 : b.region === 'global' ? 1 : a.region.localeCompare(b.region)),
    );
  const since = new Date(now.getTime() - RESOLVED_INCIDENT_DAYS * 24 * 60 * 60_000);
  const [ongoing, resolved] = await Promise.all([
    db.select().from(statusIncidents).where(isNull(statusIncidents.resolvedAt)).orderBy(desc(statusIncidents.startedAt)),
    db
      .select()
      .from(statusIncidents)
      .where(gte(statusIncidents.resolvedAt, since))
      .orderBy(desc(statusIncidents.resolvedAt))
      .limit(50),
  ]);
  const ids = [...ongoing, ...resolved].map((i) => i.id);
  const updates =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(statusIncidentUpdates)
          .where(inArray(statusIncidentUpdates.incidentId, ids))
          .orderBy(desc(statusIncidentUpdates.createdAt), desc(statusIncidentUpdates.id));
  const toIncident = (row: IncidentRow): Incident => ({
    id: row.id,
    title: locale === 'en' ? row.titleEn : row.titleZh,
    severity: row.severity,
    state: row.state,
    components: row.components,
    startedAt: row.startedAt.getTime(),
    resolvedAt: row.resolvedAt?.getTime() ?? null,
    updates: updates
      .filter((u) => u.incidentId === row.id)
      .map((u) => ({ state: u.state, body: locale === 'en' ? u.bodyEn : u.bodyZh, at: u.createdAt.getTime() })),
  });
  return { components, ongoing: ongoing.map(toIncident), resolved: resolved.map(toIncident) };
}

/** How long the public read is kept (per instance, per language); any change drops it at once. */
export const STATUS_CACHE_MS = Math.min(10_000, CACHE_MAX_STALE_MS);

/** The status page's data in one language: cached briefly, dropped when incidents or states change. */
export function networkStatus(db: Db, now: () => Date, locale: Locale): Promise<NetworkStatus> {
  return cacheFor(db).cached(`status:${locale}`, STATUS_CACHE_MS, () => loadNetworkStatus(db, now(), locale).then(deepFreeze), {
    tags: ['status'],
  });
}

// ---- Incidents (ops) ----

export type IncidentRow = typeof statusIncidents.$inferSelect;

export interface Bilingual {
  en: string;
  zh: string;
}

/**
 * Adds an update to an incident and queues it for every confirmed subscriber, in one transaction:
 * the update and its mails exist together or not at all. Returns the update's id and how many mails were queued.
 */
async function addUpdate(
  tx: Db,
  incidentId: number,
  state: IncidentState,
  body: Bilingual,
  now: Date,
): Promise<{ updateId: number; queued: number }> {
  const [update] = await tx
    .insert(statusIncidentUpdates)
    .values({ incidentId, state, bodyEn: body.en, bodyZh: body.zh, createdAt: now })
    .returning({ id: statusIncidentUpdates.id });
  if (!update) throw new Error('insert returned no row');
  const subscribers = await tx
    .select({ id: statusSubscribers.id })
    .from(statusSubscribers)
    .where(eq(statusSubscribers.status, 'confirmed'));
  if (subscribers.length > 0) {
    await tx
      .insert(statusNotifications)
      .values(subscribers.map((s) => ({ subscriberId: s.id, updateId: update.id, nextAt: now })))
      .onConflictDoNothing();
  }
  return { updateId: update.id, queued: subscribers.length };
}

export interface NewIncident {
  title: Bilingual;
  body: Bilingual;
  severity: IncidentSeverity;
  state: Exclude<IncidentState, 'resolved'>;
  components: string[];
}

export async function openIncident(db: Db, incident: NewIncident, now: Date): Promise<{ id: number; queued: number }> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(statusIncidents)
      .values({
        titleEn: incident.title.en,
        titleZh: incident.title.zh,
        severity: incident.severity,
        state: incident.state,
        components: incident.components,
        startedAt: now,
      })
      .returning({ id: statusIncidents.id });
    if (!row) throw new Error('insert returned no row');
    const { queued } = await addUpdate(tx as unknown as Db, row.id, incident.state, incident.body, now);
    return { id: row.id, queued };
  });
  changed(db, 'status');
  return result;
}

export type UpdateOutcome =
  | { ok: true; incident: IncidentRow; queued: number }
  | { ok: false; reason: 'not_found' | 'already_resolved' };

/**
 * A new state and note of an open incident (`resolved` closes it). The incident row is updated first
 * and only while it is open, so two operators resolving it at once resolve it once.
 */
export async function updateIncident(
  db: Db,
  id: number,
  change: { state: IncidentState; body: Bilingual; severity?: IncidentSeverity },
  now: Date,
): Promise<UpdateOutcome> {
  const outcome = await db.transaction(async (tx): Promise<UpdateOutcome> => {
    const [row] = await tx
      .update(statusIncidents)
      .set({
        state: change.state,
        ...(change.severity && { severity: change.severity }),
        ...(change.state === 'resolved' && { resolvedAt: now }),
      })
      .where(and(eq(statusIncidents.id, id), isNull(statusIncidents.resolvedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: statusIncidents.id }).from(statusIncidents).where(eq(statusIncidents.id, id));
      return { ok: false, reason: exists ? 'already_resolved' : 'not_found' };
    }
    const { queued } = await addUpdate(tx as unknown as Db, id, change.state, change.body, now);
    return { ok: true, incident: row, queued };
  });
  if (outcome.ok) changed(db, 'status');
  return outcome;
}

/** Incidents, newest first: the open ones, or all. */
export async function listIncidents(db: Db, which: 'open' | 'all'): Promise<IncidentRow[]> {
  return db
    .select()
    .from(statusIncidents)
    .where(which === 'open' ? isNull(statusIncidents.resolvedAt) : undefined)
    .orderBy(desc(statusIncidents.startedAt), desc(statusIncidents.id));
}

// ---- Subscriptions ----

/** Subscription requests from one address (its /64 for IPv6, as limits count). */
export const SUBSCRIBE_IP_QUOTA = { limit: 5, windowMs: 60 * 60_000 };
/** Confirmation mails to one address: bounds what a stranger can make it receive. */
export const SUBSCRIBE_EMAIL_QUOTA = { limit: 3, windowMs: 24 * 60 * 60_000 };
/** A confirmation link works this long. */
export const CONFIRM_LINK_MS = 24 * 60 * 60_000;

const token = () => randomBytes(32).toString('base64url');
export const hashToken = (value: string) => createHash('sha256').update(value).digest('hex');

/** Takes one unit of the address and e-mail quotas, or none (then how long until it frees up). */
export async function takeSubscribeQuota(
  db: Db,
  { ip, email }: { ip: string; email: string },
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  const taken = await consume(
    db,
    [
      { key: `status-subscribe:ip:${ip}`, ...SUBSCRIBE_IP_QUOTA },
      { key: `status-subscribe:email:${email}`, ...SUBSCRIBE_EMAIL_QUOTA },
    ],
    now,
  );
  return taken.ok ? { ok: true } : { ok: false, retryAfterMs: taken.retryAfterMs };
}

/**
 * Records a subscription request. A new or still-unconfirmed address gets a fresh confirmation
 * token (returned, for the mail); an address already confirmed gets nothing (null): its owner
 * already receives the updates, and the answer to the form is the same either way.
 */
export async function requestSubscription(
  db: Db,
  { email, locale, origin }: { email: string; locale: Locale; origin: string },
  now: Date,
): Promise<{ confirmToken: string } | null> {
  const confirmToken = token();
  const confirmExpiresAt = new Date(now.getTime() + CONFIRM_LINK_MS);
  const [row] = await db
    .insert(statusSubscribers)
    .values({
      email,
      locale,
      origin,
      confirmTokenHash: hashToken(confirmToken),
      confirmExpiresAt,
      unsubscribeToken: token(),
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: statusSubscribers.email,
      set: { locale, origin, confirmTokenHash: hashToken(confirmToken), confirmExpiresAt },
      setWhere: sql`${statusSubscribers.status} = 'pending'`,
    })
    .returning({ id: statusSubscribers.id });
  return row ? { confirmToken } : null;
}

/** Confirms the subscription of a confirmation token that has not expired; its e-mail, or null. */
export async function confirmSubscription(db: Db, confirmToken: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(statusSubscribers)
    .set({ status: 'confirmed', confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(statusSubscribers.confirmTokenHash, hashToken(confirmToken)),
        gte(statusSubscribers.confirmExpiresAt, now),
        eq(statusSubscribers.status, 'pending'),
      ),
    )
    .returning({ email: statusSubscribers.email });
  return row?.email ?? null;
}

/** Ends the subscription of an unsubscribe token (its queued mails go with it); its e-mail, or null. */
export async function unsubscribe(db: Db, unsubscribeToken: string): Promise<string | null> {
  const [row] = await db
    .delete(statusSubscribers)
    .where(eq(statusSubscribers.unsubscribeToken, unsubscribeToken))
    .returning({ email: statusSubscribers.email });
  return row?.email ?? null;
}

export async function subscriberCounts(db: Db): Promise<{ confirmed: number; pending: number }> {
  const rows = await db
    .select({ status: statusSubscribers.status, n: sql<number>`count(*)::int` })
    .from(statusSubscribers)
    .groupBy(statusSubscribers.status);
  return {
    confirmed: rows.find((r) => r.status === 'confirmed')?.n ?? 0,
    pending: rows.find((r) => r.status === 'pending')?.n ?? 0,
  };
}
