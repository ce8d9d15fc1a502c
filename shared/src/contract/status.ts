import { z } from 'zod';
import { emailAddress } from './auth.ts';
import { defineApi } from './define.ts';
import { epochMs, exactText, id } from './primitives.ts';

/**
 * Network status (issue 31, ask 6; decision 0048): the state of each product and region as the proxy
 * network reports it, the incidents operators open, update and resolve (`npm run ops -- status …`),
 * and e-mail subscriptions (double opt-in) to their updates.
 */

/** Business codes of the network status (module 014, `1_014_NNN_NNN`). */
export const StatusErrorCode = {
  /** Too many subscription requests from this address or to this e-mail: try again later. */
  TooManyRequests: 1_014_001_000,
  /** No e-mail can be sent now (no mail provider). */
  EmailUnavailable: 1_014_001_001,
  /** The confirmation or unsubscribe link is unknown, used up or expired. */
  LinkInvalid: 1_014_001_002,
} as const;

/** The products whose state the network reports. */
export const STATUS_PRODUCTS = ['dynamicResidential', 'staticIsp', 'nativeResidential', 'datacenter', 'chinaStaticIsp'] as const;
export type StatusProduct = (typeof STATUS_PRODUCTS)[number];

export const COMPONENT_STATES = ['operational', 'degraded', 'outage', 'maintenance'] as const;
export type ComponentState = (typeof COMPONENT_STATES)[number];

export const INCIDENT_SEVERITIES = ['minor', 'major', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

/** Resolved incidents stay on the status page this long. */
export const RESOLVED_INCIDENT_DAYS = 14;

/** A region: `global` (the whole product) or an ISO 3166-1 country code, upper case. */
export const statusRegion = z.string().regex(/^(?:global|[A-Z]{2})$/, 'validation.statusRegion');

export const componentReport = z.object({
  product: z.enum(STATUS_PRODUCTS, 'validation.statusProduct'),
  region: statusRegion,
  state: z.enum(COMPONENT_STATES, 'validation.statusState'),
});

/** The proxy network's batch of component states (proxyNetworkStatusApi.statusReport). */
export const statusReportBody = z.object({
  components: z.array(componentReport).min(1).max(500),
  /** When the network measured these states (epoch ms); now when absent. An older report than the stored one is ignored. */
  reportedAt: epochMs.optional(),
});
export const statusReportResult = z.object({
  /** Components whose row was written (new, or a newer report). */
  applied: z.number().int(),
  /** Components whose stored report is newer than this one (left as they are). */
  stale: z.number().int(),
});

export const proxyNetworkStatusApi = {
  statusReport: defineApi({
    method: 'POST',
    path: '/app-api/proxy-network/status',
    summary:
      'The state of each product and region (operational, degraded, outage, maintenance) as the proxy network sees it, in one batch; a newer report of a component replaces an older one; header x-api-key',
    tags: ['proxy network'],
    auth: false,
    body: statusReportBody,
    data: statusReportResult,
  }),
};

export const statusComponent = z.object({
  product: z.enum(STATUS_PRODUCTS),
  region: z.string(),
  state: z.enum(COMPONENT_STATES),
  /** When the network last reported it (epoch ms). */
  reportedAt: z.number().int(),
});
export type StatusComponent = z.output<typeof statusComponent>;

export const incidentUpdate = z.object({
  state: z.enum(INCIDENT_STATES),
  /** In the caller's language. */
  body: z.string(),
  at: z.number().int(),
});

export const incident = z.object({
  id,
  /** In the caller's language. */
  title: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES),
  state: z.enum(INCIDENT_STATES),
  /** Affected components: `product` (every region) or `product:REGION`. */
  components: z.array(z.string()),
  startedAt: z.number().int(),
  resolvedAt: z.number().int().nullable(),
  /** Newest first. */
  updates: z.array(incidentUpdate),
});
export type Incident = z.output<typeof incident>;

export const networkStatus = z.object({
  /** Every component ever reported, by product then region. Empty: the network has never reported. */
  components: z.array(statusComponent),
  /** Incidents not resolved yet, newest first. */
  ongoing: z.array(incident),
  /** Incidents resolved in the last RESOLVED_INCIDENT_DAYS days, newest first. */
  resolved: z.array(incident),
});
export type NetworkStatus = z.output<typeof networkStatus>;

export const statusSubscribeBody = z.object({ email: emailAddress });
export type StatusSubscribeBody = z.input<typeof statusSubscribeBody>;

/** A token of a confirmation or unsubscribe link. */
export const statusLinkBody = z.object({ token: exactText(100).regex(/^[A-Za-z0-9_-]{20,100}$/, 'validation.statusLink') });

export const statusApi = {
  networkStatus: defineApi({
    method: 'GET',
    path: '/app-api/status',
    summary:
      'The network status page: each product and region as last reported, ongoing incidents and those resolved in the last 14 days, in the caller language',
    tags: ['status'],
    auth: false,
    data: networkStatus,
  }),
  statusSubscribe: defineApi({
    method: 'POST',
    path: '/app-api/status/subscribe',
    summary:
      'Subscribe an e-mail address to incident updates: a confirmation link is sent (double opt-in); the same answer whether or not it was subscribed',
    tags: ['status'],
    auth: false,
    body: statusSubscribeBody,
    data: z.object({ to: z.string() }),
  }),
  statusSubscriptionConfirm: defineApi({
    method: 'POST',
    path: '/app-api/status/subscription/confirm',
    summary: 'Confirms a subscription with the token of its confirmation link',
    tags: ['status'],
    auth: false,
    body: statusLinkBody,
    data: z.object({ to: z.string() }),
  }),
  statusUnsubscribe: defineApi({
    method: 'POST',
    path: '/app-api/status/subscription/unsubscribe',
    summary: 'Ends a subscription with the token of the unsubscribe link every update carries',
    tags: ['status'],
    auth: false,
    body: statusLinkBody,
    data: z.object({ to: z.string() }),
  }),
};
