import { z } from 'zod';
import { type LineFormat, MAX_LINES, type ProxyParams, validateParams } from '../proxy/credentials.ts';
import { defineApi } from './define.ts';
import { exactText, id, text } from './primitives.ts';
import { PROXY_PROTOCOLS } from './proxy.ts';

/**
 * Proxy list links (issue 31, ask 5; docs/decisions/0051): one revocable URL per proxy account that
 * answers the account's generated lines as a TXT, CSV or JSON file, for tools that pull a list. The
 * link keeps the generator's options, so it answers what the generator shows for them.
 */

export const PROXY_LIST_FORMATS = ['txt', 'csv', 'json'] as const;
export const proxyListFormat = z.enum(PROXY_LIST_FORMATS);
export type ProxyListFormat = z.output<typeof proxyListFormat>;

export const PROXY_LINE_FORMATS = [
  'host:port:user:pass',
  'user:pass@host:port',
  'protocol://user:pass@host:port',
  'host:port:user',
] as const satisfies readonly LineFormat[];

const token = z.string().regex(/^[a-z0-9]{1,64}$/);

/**
 * The endpoint generator's options, as the generator reads its form (`readForm`): targeting, session,
 * protocol, endpoint area, line format and number of lines. Every rule of the username applies
 * (`validateParams`); a postcode's existence is checked by the server.
 */
export const proxyGeneratorOptions = z
  .object({
    /** ISO 3166-1 alpha-2, upper case; absent: any country. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    /** Area token (`california`); needs a country. */
    state: token.optional(),
    /** City token; needs a state. */
    city: token.optional(),
    postcode: text(10).pipe(z.string().min(1)).optional(),
    asn: z.number().int().positive().max(4_294_967_295).optional(),
    session: z.enum(['rotating', 'sticky', 'extended']),
    /** Sticky sessions only; absent: a random id per line. */
    sessionId: exactText(64).optional(),
    /** Sticky and extended sessions only. */
    minutes: z.number().int().optional(),
    protocol: z.enum(PROXY_PROTOCOLS),
    /** The gateway area (`global`, `america`…), one of the account list's endpoints. */
    endpointArea: z.string().regex(/^[a-z0-9-]{1,32}$/),
    lineFormat: z.enum(PROXY_LINE_FORMATS),
    count: z.number().int().min(1).max(MAX_LINES),
  })
  .superRefine((options, ctx) => {
    if (validateParams(proxyParamsOf(options, 'account')).length > 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.proxyListOptions' });
    }
  });
export type ProxyGeneratorOptions = z.output<typeof proxyGeneratorOptions>;

/** The username parameters of the options, for one account. */
export function proxyParamsOf(
  options: Omit<ProxyGeneratorOptions, 'protocol' | 'endpointArea' | 'lineFormat' | 'count'>,
  account: string,
): ProxyParams {
  return {
    account,
    session: options.session,
    ...(options.country !== undefined && { country: options.country }),
    ...(options.state !== undefined && { state: options.state }),
    ...(options.city !== undefined && { city: options.city }),
    ...(options.postcode !== undefined && { postcode: options.postcode }),
    ...(options.asn !== undefined && { asn: options.asn }),
    ...(options.sessionId !== undefined && { sessionId: options.sessionId }),
    ...(options.minutes !== undefined && { minutes: options.minutes }),
  };
}

export const proxyListLink = z.object({
  accountId: z.number().int(),
  format: proxyListFormat,
  options: proxyGeneratorOptions,
  /**
   * The download URL, only in the answer of create and rotate: the server keeps the token's
   * SHA-256, never the token, so a list never shows it again.
   */
  url: z.string().nullable(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
});
export type ProxyListLink = z.output<typeof proxyListLink>;

export const proxyListLinkCreateBody = z.object({ accountId: id, format: proxyListFormat, options: proxyGeneratorOptions });
export const proxyListLinkAccountBody = z.object({ accountId: id });

/** One proxy of the JSON list file. `password` is null in the IP allow-list line format. */
export const proxyListEntry = z.object({
  line: z.string(),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  password: z.string().nullable(),
  protocol: z.enum(PROXY_PROTOCOLS),
});
/** The JSON list file (`GET /proxy-list/<token>.json`). */
export const proxyListFile = z.object({ account: z.string(), count: z.number().int(), proxies: z.array(proxyListEntry) });

export const proxyListLinkApi = {
  proxyListLinkList: defineApi({
    method: 'GET',
    path: '/app-api/ip/proxy-account/list-link/list',
    summary: "The list links of the caller's proxy accounts (without their URLs: those are shown once)",
    tags: ['proxy'],
    auth: true,
    data: z.array(proxyListLink),
  }),
  proxyListLinkCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/list-link/create',
    summary:
      "Creates the list link of one of the caller's proxy accounts with a file format and the generator's options, replacing its old link; answers the URL once",
    tags: ['proxy'],
    auth: true,
    body: proxyListLinkCreateBody,
    data: proxyListLink,
  }),
  proxyListLinkRotate: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/list-link/rotate',
    summary: 'Gives the list link a new URL with the same format and options; the old URL stops working',
    tags: ['proxy'],
    auth: true,
    body: proxyListLinkAccountBody,
    data: proxyListLink,
  }),
  proxyListLinkRevoke: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/list-link/revoke',
    summary: "Deletes the account's list link; its URL answers 404 from now on",
    tags: ['proxy'],
    auth: true,
    body: proxyListLinkAccountBody,
    data: z.boolean(),
  }),
};
