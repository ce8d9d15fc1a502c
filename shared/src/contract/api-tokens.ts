import { z } from 'zod';
import { dashboardStatistics, rechargeOrder } from './commerce.ts';
import { defineApi, pageQuery } from './define.ts';
import { id, inQuery, text } from './primitives.ts';
import { publicUsageQuery, usageBreakdown } from './usage.ts';
import { proxyAccount, proxyAccountCreateBody, proxyAccountUpdateBody, proxyAllowedIp, proxyAllowedIpAddBody } from './proxy.ts';

/**
 * Personal API tokens (issue 18, docs/decisions/0022): a member creates tokens in the user centre
 * (`/app-api/member/api-token/*`, the portal's `{ code, data, msg }` envelope) and automates with
 * them through the public, versioned API under `/api/v1/` (plain JSON resources, errors as
 * `{ error: { code, message } }`, `Authorization: Bearer npt_…`).
 */

/**
 * What a token may do. `usage:read`: read the balance, daily usage and recharge orders.
 * `proxy:write`: manage proxy accounts (list them with their passwords, create, enable, disable,
 * cap, reset passwords, delete) and their IP allow-lists.
 */
export const API_SCOPES = ['usage:read', 'proxy:write'] as const;
export const apiScope = z.enum(API_SCOPES);
export type ApiScope = z.output<typeof apiScope>;

/** At most this many live (not revoked) tokens per member. */
export const API_TOKEN_MAX_PER_USER = 20;
/** Every token starts with this, so a leaked one is recognised (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'npt_';
/** `npt_` and 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /^npt_[A-Za-z0-9_-]{43}$/;
/** Expiry choices in days; null: never. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** Business codes of API tokens (module 015, `1_015_NNN_NNN`; 011 is content's). */
export const ApiTokenErrorCode = {
  NotFound: 1_015_001_000,
  /** At most API_TOKEN_MAX_PER_USER live tokens. */
  TooMany: 1_015_001_001,
} as const;

/** A token as listed: never its secret (only its first characters, to tell tokens apart). */
export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(apiScope),
  /** `npt_` and the first 6 characters of the secret. */
  hint: z.string(),
  createdAt: z.number().int(),
  /** null: never used. */
  lastUsedAt: z.number().int().nullable(),
  /** null: never expires. */
  expiresAt: z.number().int().nullable(),
});
export type ApiToken = z.output<typeof apiToken>;

export const apiTokenCreateBody = z.object({
  name: text(50, 'validation.apiTokenName').min(1, 'validation.apiTokenName'),
  scopes: z
    .array(apiScope)
    .min(1, 'validation.apiTokenScopes')
    .max(API_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  /** Days until it expires (1 to 365); null or absent: never. */
  expiresInDays: z.number().int().min(1).max(365).nullable().default(null),
});
export type ApiTokenCreateBody = z.input<typeof apiTokenCreateBody>;

/** The answer of a creation: the only time the secret is ever shown. */
export const apiTokenCreated = z.object({ token: apiToken, secret: z.string() });

export const apiTokenApi = {
  apiTokenList: defineApi({
    method: 'GET',
    path: '/app-api/member/api-token/list',
    summary: "The caller's live API tokens (not revoked), newest first; never their secrets",
    tags: ['api tokens'],
    auth: true,
    data: z.array(apiToken),
  }),
  apiTokenCreate: defineApi({
    method: 'POST',
    path: '/app-api/member/api-token/create',
    summary: 'Creates an API token for /api/v1/ (at most 20 live ones); its secret is in this answer only',
    tags: ['api tokens'],
    auth: true,
    body: apiTokenCreateBody,
    data: apiTokenCreated,
  }),
  apiTokenRevoke: defineApi({
    method: 'POST',
    path: '/app-api/member/api-token/revoke',
    summary: 'Revokes one of the caller’s API tokens: its next call is refused (401)',
    tags: ['api tokens'],
    auth: true,
    body: z.object({ id }),
    data: z.boolean(),
  }),
};

// ---------------------------------------------------------------------------------------------
// The public API, version 1.

/** The error body of every refusal of /api/v1/. */
export const publicApiError = z.object({
  error: z.object({
    /** Stable, machine-readable: unauthorized, forbidden, not_found, invalid_request, conflict, rate_limited, internal. */
    code: z.string(),
    /** In the caller's language (Accept-Language: en or zh-CN). */
    message: z.string(),
    /** invalid_request: the message of each invalid field. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** One operation of /api/v1/: the response is the resource itself, no envelope. */
export interface PublicApiEntry<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** The scope the token needs. */
  scope: ApiScope;
  query?: Q;
  params?: P;
  body?: B;
  /** The success status: 200, 201 (created) or 204 (no body; `response` is then ignored). */
  status: 200 | 201 | 204;
  response: R;
}

export function definePublicApi<
  R extends z.ZodType,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(entry: PublicApiEntry<Q, P, B, R>): PublicApiEntry<Q, P, B, R> {
  return entry;
}

export const PUBLIC_API_PREFIX = '/api/v1';

/** Balance and the last 30 UTC days of usage. */
export const publicUsage = dashboardStatistics
  .pick({
    remainingMb: true,
    totalRechargeMb: true,
    totalConsumptionMb: true,
    daily: true,
  })
  .extend({
    /** Traffic and requests by hour or day, grouped as asked (`from`, `to`, `granularity`, `groupBy`, `timeZone`). */
    breakdown: usageBreakdown,
  });

export const publicOrdersPage = z.object({
  items: z.array(rechargeOrder),
  total: z.number().int().nonnegative(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

export const publicProxyAccounts = z.object({ items: z.array(proxyAccount) });
const accountParams = z.object({ id: inQuery.id });
const allowedIpParams = z.object({ id: inQuery.id, entryId: inQuery.id });
export const publicAllowedIps = z.object({ items: z.array(proxyAllowedIp) });
export const publicAllowedIpAddBody = proxyAllowedIpAddBody.omit({ accountId: true });
export const publicProxyAccountChange = proxyAccountUpdateBody.omit({ id: true });

export const publicApi = {
  getUsage: definePublicApi({
    method: 'GET',
    path: '/api/v1/usage',
    operationId: 'getUsage',
    summary:
      'Remaining traffic, totals, the daily usage of the last 30 UTC days (MB), and a breakdown: from/to (epoch ms; default the last 30 days), granularity hour|day (hour for at most 31 days), groupBy none|subAccount|domain|country (the busiest 20 domains and the rest), timeZone (IANA, default UTC)',
    tags: ['usage'],
    scope: 'usage:read',
    query: publicUsageQuery,
    status: 200,
    response: publicUsage,
  }),
  listOrders: definePublicApi({
    method: 'GET',
    path: '/api/v1/orders',
    operationId: 'listOrders',
    summary: 'Your recharge orders, newest first, a page at a time (pageNo from 1, pageSize up to 100)',
    tags: ['usage'],
    scope: 'usage:read',
    query: pageQuery,
    status: 200,
    response: publicOrdersPage,
  }),
  listProxyAccounts: definePublicApi({
    method: 'GET',
    path: '/api/v1/proxy-accounts',
    operationId: 'listProxyAccounts',
    summary: 'Your proxy accounts with their passwords, the main one first',
    tags: ['proxy accounts'],
    scope: 'proxy:write',
    status: 200,
    response: publicProxyAccounts,
  }),
  createProxyAccount: definePublicApi({
    method: 'POST',
    path: '/api/v1/proxy-accounts',
    operationId: 'createProxyAccount',
    summary: 'Creates a sub-account `<main>_<name>` with a generated password and an optional traffic cap',
    tags: ['proxy accounts'],
    scope: 'proxy:write',
    body: proxyAccountCreateBody,
    status: 201,
    response: proxyAccount,
  }),
  updateProxyAccount: definePublicApi({
    method: 'PATCH',
    path: '/api/v1/proxy-accounts/{id}',
    operationId: 'updateProxyAccount',
    summary: 'Enables or disables a sub-account, sets or removes its traffic cap (MB), changes its remark',
    tags: ['proxy accounts'],
    scope: 'proxy:write',
    params: accountParams,
    body: publicProxyAccountChange,
    status: 200,
    response: proxyAccount,
  }),
  resetProxyAccountPassword: definePublicApi({
    method: 'POST',
    path: '/api/v1/proxy-accounts/{id}/reset-password',
    operationId: 'resetProxyAccountPassword',
    summary: 'Generates a new password (the old one stops working at once)',
    tags: ['proxy accounts'],
    scope: 'proxy:write',
    params: accountParams,
    status: 200,
    response: proxyAccount,
  }),
  deleteProxyAccount: definePublicApi({
    method: 'DELETE',
    path: '/api/v1/proxy-accounts/{id}',
    operationId: 'deleteProxyAccount',
    summary: 'Deletes a sub-account (the main account cannot be deleted)',
    tags: ['proxy accounts'],
    scope: 'proxy:write',
    params: accountParams,
    status: 204,
    response: z.null(),
  }),
  listAllowedIps: definePublicApi({
    method: 'GET',
    path: '/api/v1/proxy-accounts/{id}/allowed-ips',
    operationId: 'listAllowedIps',
    summary: "The account's IP allow-list: addresses that may use it without its password, newest first",
    tags: ['proxy accounts'],
    scope: 'proxy:write',
    params: accountParams,
    status: 200,
    response: publicAllowedIps,
  }),
  addAllowedIp: definePublicApi({
    method: 'POST',
    path: '/api/v1/proxy-accounts/{id}/allowed-ips',
    operationId: 'addAllowedIp',
    summary:
      'Allows a public IPv4/IPv6 address or range (at most /24 or /48) to use the account without its password: 50 entries per account, and all your accounts together cover at most the address space your shop allows (4,096 IPv4 addresses and 262,144 IPv6 /64 networks by default; space on several accounts counts once), otherwise 409 limit_reached',
    tags: ['proxy accounts'],
    scope: 'proxy:write',
    params: accountParams,
    body: publicAllowedIpAddBody,
    status: 201,
    response: proxyAllowedIp,
  }),
  deleteAllowedIp: definePublicApi({
    method: 'DELETE',
    path: '/api/v1/proxy-accounts/{id}/allowed-ips/{entryId}',
    operationId: 'deleteAllowedIp',
    summary: "Removes an address from the account's allow-list",
    tags: ['proxy accounts'],
    scope: 'proxy:write',
    params: allowedIpParams,
    status: 204,
    response: z.null(),
  }),
};
export type PublicApi = typeof publicApi;
