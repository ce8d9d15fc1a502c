import type { Locale, LeadUseCase, LeadVolume } from '@portal/shared';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { translate } from '../../i18n/index.ts';
import { memberUsers } from '../accounts/tables.ts';
import { consume, type Quota } from '../limits/limits.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { translateForUnverified } from '../messaging/unverified.ts';
import { type LeadStatus, leads } from './tables.ts';

/**
 * Requests from one address: a team fills the form once; 5 an hour leaves room for corrections
 * without letting one address fill the table.
 */
export const LEAD_IP_QUOTA = { limit: 5, windowMs: 60 * 60_000 };
/** Confirmations to one contact: each request sends it an SMS or e-mail, so this bounds what a stranger can make it receive. */
export const LEAD_CONTACT_QUOTA = { limit: 3, windowMs: 24 * 60 * 60_000 };

/** A confirmation is tried this many times (about half an hour in all), then given up and logged. */
export const CONFIRMATION_MAX_ATTEMPTS = 6;
/** Wait before retry n (1-based): 1, 2, 4, 8, 16 minutes. */
export const confirmationBackoffMs = (attempt: number) => 60_000 * 2 ** (attempt - 1);
/**
 * A claimed attempt moves the lead's due time this far ahead: if the sender dies mid-send, another
 * instance (or this one, later) tries again; a provider call never lasts this long.
 */
export const CONFIRMATION_LEASE_MS = 5 * 60_000;

export type LeadQuotaRefusal = { ok: false; retryAfterMs: number };

/** Takes one unit of the address and contact quotas, or none (then how long until it frees up). */
export async function takeLeadQuota(
  db: Db,
  { ip, contact }: { ip: string; contact: string },
  now: Date,
): Promise<{ ok: true } | LeadQuotaRefusal> {
  const quotas: Quota[] = [
    { key: `lead:ip:${ip}`, ...LEAD_IP_QUOTA },
    { key: `lead:contact:${contact}`, ...LEAD_CONTACT_QUOTA },
  ];
  const taken = await consume(db, quotas, now);
  return taken.ok ? { ok: true } : { ok: false, retryAfterMs: taken.retryAfterMs };
}

/** The mobile (preferred) or e-mail of an account: where a logged-in user's confirmation goes when the form leaves it empty. */
export async function accountContact(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ mobile: memberUsers.mobile, email: memberUsers.email })
    .from(memberUsers)
    .where(eq(memberUsers.id, userId));
  return row?.mobile ?? row?.email ?? null;
}

export interface NewLead {
  company: string;
  contactName: string;
  contact: string;
  channel: 'sms' | 'email';
  volume: LeadVolume;
  useCase: LeadUseCase;
  message: string;
  locale: Locale;
  host: string;
  userId: number | null;
  ip: string;
}

/** Stores the lead with its confirmation due at once. */
export async function createLead(db: Db, lead: NewLead, now: Date): Promise<{ id: number }> {
  const [row] = await db
    .insert(leads)
    .values({ ...lead, createdAt: now, confirmationNextAt: now })
    .returning({ id: leads.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export type LeadRow = typeof leads.$inferSelect;

/**
 * Claims confirmations that are due (all, or the one of `id`): one statement that takes unlocked
 * rows only (`FOR UPDATE SKIP LOCKED`), counts the attempt and pushes the due time out by the lease.
 * Two instances never claim the same lead at once; a lead whose sender died is due again after the
 * lease.
 */
export async function claimDueConfirmations(db: Db, now: Date, { id, limit = 20 }: { id?: number; limit?: number } = {}) {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const due = db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.confirmationStatus, 'pending'),
        lte(leads.confirmationNextAt, nowSql),
        id === undefined ? undefined : eq(leads.id, id),
      ),
    )
    .orderBy(asc(leads.confirmationNextAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(leads)
    .set({
      confirmationAttempts: sql`${leads.confirmationAttempts} + 1`,
      confirmationNextAt: new Date(now.getTime() + CONFIRMATION_LEASE_MS),
    })
    .where(inArray(leads.id, due))
    .returning();
}

/** Records the outcome of a claimed attempt: sent, a retry after the backoff, or given up. */
export async function finishConfirmation(
  db: Db,
  lead: LeadRow,
  now: Date,
  error: string | null,
): Promise<'sent' | 'retry' | 'failed'> {
  if (error === null) {
    await db
      .update(leads)
      .set({ confirmationStatus: 'sent', confirmationSentAt: now, confirmationNextAt: null, confirmationError: null })
      .where(eq(leads.id, lead.id));
    return 'sent';
  }
  const giveUp = lead.confirmationAttempts >= CONFIRMATION_MAX_ATTEMPTS;
  await db
    .update(leads)
    .set({
      confirmationStatus: giveUp ? 'failed' : 'pending',
      confirmationNextAt: giveUp ? null : new Date(now.getTime() + confirmationBackoffMs(lead.confirmationAttempts)),
      confirmationError: error.slice(0, 500),
    })
    .where(eq(leads.id, lead.id));
  return giveUp ? 'failed' : 'retry';
}

/**
 * Whether a lead's contact is an address the portal has verified: the mobile number or e-mail of the
 * member who sent it (login ids, proven by a code at registration). Anything else was only typed.
 */
export async function contactIsVerified(db: Db, lead: Pick<LeadRow, 'userId' | 'contact'>): Promise<boolean> {
  if (lead.userId === null) return false;
  const [row] = await db
    .select({ mobile: memberUsers.mobile, email: memberUsers.email })
    .from(memberUsers)
    .where(eq(memberUsers.id, lead.userId));
  return row !== undefined && (row.mobile === lead.contact || row.email === lead.contact);
}

/**
 * The confirmation of a lead, in the language of the page it was sent from. To the member's own
 * verified address it repeats what they wrote; to any other address only a fixed text and the
 * request number (whoever typed the address may not own it: no request text goes there).
 */
export function confirmationMessage(lead: LeadRow, site: string, contactVerified: boolean): OutgoingMessage {
  const base = { channel: lead.channel, to: lead.contact, kind: 'text' as const, code: null, locale: lead.locale };
  if (!contactVerified) {
    const params = { site, id: lead.id };
    return {
      ...base,
      subject: translateForUnverified(lead.locale, 'message.leadReceived.subject', params),
      text: translateForUnverified(lead.locale, 'message.leadReceived', params),
    };
  }
  const params = { site, name: lead.contactName, company: lead.company, id: lead.id };
  return {
    ...base,
    subject: translate(lead.locale, 'message.lead.subject', params),
    text: translate(lead.locale, 'message.lead', params),
  };
}

export async function listLeads(db: Db, status: LeadStatus | 'all'): Promise<LeadRow[]> {
  return db
    .select()
    .from(leads)
    .where(status === 'all' ? undefined : eq(leads.status, status))
    .orderBy(desc(leads.createdAt), desc(leads.id));
}

export type CloseOutcome = { ok: true; lead: LeadRow } | { ok: false; reason: 'not_found' | 'already_closed' };

/** Closes an open lead with an optional note (one UPDATE: two operators closing it at once close it once). */
export async function closeLead(db: Db, id: number, note: string | null, now: Date): Promise<CloseOutcome> {
  const [row] = await db
    .update(leads)
    .set({ status: 'closed', closedAt: now, note })
    .where(and(eq(leads.id, id), eq(leads.status, 'open')))
    .returning();
  if (row) return { ok: true, lead: row };
  const [exists] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
  return { ok: false, reason: exists ? 'already_closed' : 'not_found' };
}
