import { z } from 'zod';
import { defineApi, page, pageQuery } from './define.ts';
import { inQuery } from './primitives.ts';
import { deviceInfo } from './sessions.ts';

/**
 * The audit log (issue 32, ask 2; docs/decisions/0055): every successful change made in a team —
 * who, what, which object, when, from which address and device — kept append-only for 365 days.
 * Owner and admins read it (today: the account itself), page by page with filters or as a CSV.
 */

/** Days an event is kept; the database refuses to delete a younger one. */
export const AUDIT_RETENTION_DAYS = 365;

/** What an event changed. */
export const AUDIT_OBJECT_TYPES = [
  'account',
  'session',
  'certification',
  'order',
  'staticOrder',
  'staticIp',
  'proxyAccount',
  'allowedIp',
  'listLink',
  'apiToken',
  'invoice',
  'team',
  'member',
  'invitation',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** Every kind of change the log records; each has a sentence in the user centre and the CSV. */
export const AUDIT_ACTIONS = [
  'session.signOut',
  'session.revoke',
  'session.revokeOthers',
  'account.rename',
  'password.change',
  'newDeviceNotice.update',
  'certification.submit',
  'order.create',
  'order.pay',
  'order.refund',
  'staticOrder.create',
  'staticOrder.pay',
  'staticOrder.renew',
  'staticOrder.remark',
  'staticIp.renew',
  'staticIp.exchange',
  'proxyAccount.create',
  'proxyAccount.update',
  'proxyAccount.resetPassword',
  'proxyAccount.delete',
  'spendLimits.update',
  'allowedIp.add',
  'allowedIp.delete',
  'listLink.create',
  'listLink.rotate',
  'listLink.revoke',
  'apiToken.create',
  'apiToken.revoke',
  'invoice.request',
  'alerts.update',
  'alerts.emailCode',
  'alerts.emailConfirm',
  'twoFactor.enable',
  'twoFactor.recoveryCodesRenew',
  'twoFactor.disable',
  'twoFactor.requirementUpdate',
  'twoFactor.passkeyAdd',
  'twoFactor.passkeyRename',
  'twoFactor.passkeyRemove',
  'member.invite',
  'invitation.revoke',
  'invitation.accept',
  'member.roleChange',
  'member.remove',
  'member.leave',
  'team.transfer',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an event says about its object: ids, names, counts and amounts, never a secret. */
export const auditSummary = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditSummary = z.output<typeof auditSummary>;

export const auditEvent = z.object({
  id: z.number().int(),
  actor: z.object({
    memberId: z.number().int(),
    /** The member's nickname now; null when the member no longer exists. */
    name: z.string().nullable(),
  }),
  action: z.enum(AUDIT_ACTIONS),
  objectType: z.enum(AUDIT_OBJECT_TYPES),
  objectId: z.string().nullable(),
  summary: auditSummary,
  /** Epoch ms. */
  at: z.number().int(),
  ip: z.string(),
  device: deviceInfo,
  /** False when the call's outcome was never recorded (the server stopped mid-call) and a sweep wrote it. */
  confirmed: z.boolean(),
});
export type AuditEvent = z.output<typeof auditEvent>;

/** The filters of the page and the CSV: a time range (epoch ms, `from` inclusive, `to` exclusive), who, what. */
export const auditFilters = z.object({
  from: inQuery.epochMs.optional(),
  to: inQuery.epochMs.optional(),
  actorMemberId: inQuery.id.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  objectType: z.enum(AUDIT_OBJECT_TYPES).optional(),
});
export type AuditFilters = z.output<typeof auditFilters>;

export const auditPageQuery = pageQuery.extend(auditFilters.shape);

export const auditActor = z.object({ memberId: z.number().int(), name: z.string().nullable() });

/**
 * `GET` with the filters of `auditPage` (bearer token): the matching events, newest first, as a
 * streamed `text/csv` attachment with headers and sentences in the request's language (not JSON, so
 * not an `api` entry). Cells a spreadsheet would run as a formula are neutralised.
 */
export const AUDIT_EXPORT_PATH = '/app-api/ip/audit/export';
/**
 * Downloads of the audit log a team may start per AUDIT_EXPORT_WINDOW_MINUTES: each can stream a
 * year of events, so a script looping on it would load the database for everyone.
 */
export const AUDIT_EXPORTS_PER_WINDOW = 10;
export const AUDIT_EXPORT_WINDOW_MINUTES = 10;

export const auditApi = {
  auditPage: defineApi({
    method: 'GET',
    path: '/app-api/ip/audit/page',
    summary: "The team's audit log of the last 365 days, newest first, filtered by time range, member, action and object type",
    tags: ['audit'],
    auth: true,
    query: auditPageQuery,
    data: page(auditEvent),
  }),
  auditActors: defineApi({
    method: 'GET',
    path: '/app-api/ip/audit/actors',
    summary: "The members who appear in the team's audit log (for the member filter)",
    tags: ['audit'],
    auth: true,
    data: z.array(auditActor),
  }),
};
