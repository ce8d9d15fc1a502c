import { z } from 'zod';
import { parseAllowedAddress } from '../proxy/allowed-address.ts';
import { defineApi } from './define.ts';
import { exactText, id, inQuery, text } from './primitives.ts';

/**
 * Proxy credentials (SPEC sections 1, 3, 5, 7): regions for targeting, the user's proxy accounts
 * (distinct from the login), the gateway endpoints, and the proxy network's credential check. The
 * username layout lives in `shared/src/proxy/credentials.ts`, the one definition everywhere.
 */

const bilingual = z.object({ en: z.string(), 'zh-CN': z.string() });

/** Business codes of proxy accounts (module 010, `1_010_NNN_NNN`). */
export const ProxyErrorCode = {
  AccountNotFound: 1_010_001_000,
  /** The main account cannot be deleted or disabled. */
  MainAccountFixed: 1_010_001_001,
  /** At most PROXY_MAX_SUB_ACCOUNTS sub-accounts. */
  TooManySubAccounts: 1_010_001_002,
  /** The sub-account name is taken. */
  NameTaken: 1_010_001_003,
  CountryNotFound: 1_010_002_000,
  /** The allow-list entry is not a public address or range of an allowed width. */
  AllowedIpInvalid: 1_010_003_000,
  // 1_010_003_001 was "another user holds this address" (issue 27: overlaps are allowed, and no
  // answer says what other users hold); not reused.
  /** At most PROXY_MAX_ALLOWED_IPS per account. */
  TooManyAllowedIps: 1_010_003_002,
  /** This account allows the address already. */
  AllowedIpDuplicate: 1_010_003_003,
  AllowedIpNotFound: 1_010_003_004,
  /** The entry would take the user's allow-lists, over all their accounts, past the address space bound. */
  AllowListSpaceFull: 1_010_003_005,
  /** The account has no list link. */
  ListLinkNotFound: 1_010_004_000,
  /** The generator's options cannot make lines (a postcode that does not exist, an unknown endpoint area). */
  ListLinkOptionsInvalid: 1_010_004_001,
} as const;

export const PROXY_MAX_SUB_ACCOUNTS = 50;

export const proxyCountry = z.object({
  /** ISO 3166-1 alpha-2, upper case. */
  code: z.string().regex(/^[A-Z]{2}$/),
  name: bilingual,
  /** The network has exit IPs there. */
  covered: z.boolean(),
});
export type ProxyCountry = z.output<typeof proxyCountry>;

export const proxyArea = z.object({
  /** ISO 3166-2 subdivision code without the country (`CA` of US-CA). */
  code: z.string(),
  name: bilingual,
  /** The token of the username's region part (`california`). */
  token: z.string().regex(/^[a-z0-9]+$/),
  covered: z.boolean(),
});
export type ProxyArea = z.output<typeof proxyArea>;

export const proxyCity = z.object({
  name: bilingual,
  token: z.string().regex(/^[a-z0-9]+$/),
  covered: z.boolean(),
});
export type ProxyCity = z.output<typeof proxyCity>;

export const countryCodeQuery = z.object({
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .toUpperCase(),
});
export const cityQuery = countryCodeQuery.extend({ areaCode: text(10).min(1) });

/** A sub-account's cap counts the calendar month (UTC; the default) or the account's whole life. */
export const CAP_PERIODS = ['month', 'total'] as const;
export const capPeriod = z.enum(CAP_PERIODS);
export type CapPeriod = z.output<typeof capPeriod>;

/**
 * Spend limits (issue 31, ask 4): traffic a day (UTC) or a calendar month (UTC) may use before the
 * verify call refuses; null: no limit. The account's limits count all of its traffic, a
 * sub-account's only its own.
 */
const limitMb = z.number().int().positive().max(100_000_000).nullable();
const spendFields = {
  dailyLimitMb: limitMb,
  monthlyLimitMb: limitMb,
  /** Traffic used today, UTC (MB, rounded up). */
  todayUsedMb: z.number().int().nonnegative(),
  /** Traffic used this calendar month, UTC (MB, rounded up). */
  monthUsedMb: z.number().int().nonnegative(),
};
export const accountSpend = z.object(spendFields);
export type AccountSpend = z.output<typeof accountSpend>;

export const proxyAccount = z.object({
  id: z.number().int(),
  /** The account part of the proxy username. */
  username: z.string(),
  /** Shown to its owner only; regenerate to change. */
  password: z.string(),
  main: z.boolean(),
  enabled: z.boolean(),
  /** Sub-accounts may be capped; null: no cap (the owner's balance is the limit). */
  trafficCapMb: z.number().int().positive().nullable(),
  /** What the cap counts: this calendar month (UTC) or everything since the account was made. */
  capPeriod: capPeriod,
  /** Traffic used in the cap's period (MB, rounded up). */
  usedMb: z.number().int().nonnegative(),
  /** Traffic used since the account was made (MB, rounded up). */
  totalUsedMb: z.number().int().nonnegative(),
  ...spendFields,
  remark: z.string(),
  createdAt: z.number().int(),
});
export type ProxyAccount = z.output<typeof proxyAccount>;

export const PROXY_PROTOCOLS = ['http', 'https', 'socks5'] as const;
export const proxyProtocol = z.enum(PROXY_PROTOCOLS);

/** A gateway entry point: an area (global, america, europe, asia…) and its host and ports. */
export const proxyEndpoint = z.object({
  area: z.string(),
  name: bilingual,
  host: z.string(),
  ports: z.object({ http: z.number().int(), https: z.number().int(), socks5: z.number().int() }),
});
export type ProxyEndpoint = z.output<typeof proxyEndpoint>;

export const proxyAccountsResult = z.object({
  accounts: z.array(proxyAccount),
  endpoints: z.array(proxyEndpoint),
  /** Whether policy requires real-name certification before the proxy service is used. */
  certificationRequired: z.boolean(),
  /** The IP allow-list's limits: entries per account, and the space of all the user's accounts together. */
  /** The whole account's spend limits and what they count. */
  spendLimits: accountSpend,
  allowList: z.object({
    maxEntries: z.number().int().positive(),
    /** IPv4 addresses (a /24 is 256). */
    maxIpv4Addresses: z.number().int().positive(),
    /** IPv6 /64 networks (a /48 is 65,536; a single address takes its /64). */
    maxIpv6Networks: z.number().int().positive(),
  }),
});

const subName = z
  .string()
  .trim()
  .regex(/^[a-z0-9]{3,16}$/, 'validation.proxySubName');
const cap = z.number().int().positive().max(100_000_000).nullable();
const remark = text(100, 'validation.remark');

export const proxyAccountCreateBody = z.object({
  /** Appended to the main account: `<main>_<name>`. */
  name: subName,
  trafficCapMb: cap.default(null),
  capPeriod: capPeriod.default('month'),
  dailyLimitMb: limitMb.default(null),
  monthlyLimitMb: limitMb.default(null),
  remark: remark.default(''),
});

export const proxyAccountUpdateBody = z.object({
  id,
  enabled: z.boolean().optional(),
  trafficCapMb: cap.optional(),
  capPeriod: capPeriod.optional(),
  dailyLimitMb: limitMb.optional(),
  monthlyLimitMb: limitMb.optional(),
  remark: remark.optional(),
});

/** The whole account's spend limits; null removes one. */
export const proxySpendLimitsBody = z.object({ dailyLimitMb: limitMb, monthlyLimitMb: limitMb });

export const proxyAccountIdBody = z.object({ id });

/** An address or range of the IP allow-list, as typed: checked by parseAllowedAddress. */
const allowedAddress = z
  .string()
  .trim()
  .max(64, 'validation.allowedIp.format')
  .superRefine((value, ctx) => {
    const parsed = parseAllowedAddress(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `validation.allowedIp.${parsed.reason}` });
  });

/** One entry of an account's IP allow-list. */
export const proxyAllowedIp = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  /** The normalised network, e.g. `203.0.113.7/32` or `2001:db8:1::/48`. */
  network: z.string(),
  note: z.string(),
  createdAt: z.number().int(),
});
export type ProxyAllowedIp = z.output<typeof proxyAllowedIp>;

export const proxyAllowedIpAddBody = z.object({
  accountId: id,
  address: allowedAddress,
  note: text(100, 'validation.remark').default(''),
});
export const proxyAllowedIpListQuery = z.object({ accountId: inQuery.id.optional() });

/**
 * The proxy network asks whether a request may use the proxy (`x-api-key`): with the username and
 * password, or with the username and the client's source address when it sent no password (IP
 * allow-list authentication).
 */
export const proxyVerifyBody = z
  .object({
    username: exactText(200),
    password: exactText(200).optional(),
    sourceIp: text(64).optional(),
  })
  .refine((b) => b.password !== undefined || b.sourceIp !== undefined, {
    message: 'a password or a sourceIp is required',
    path: ['password'],
  });
export const proxyVerifyResult = z.object({
  allowed: z.boolean(),
  reason: z.enum([
    'ok',
    'bad_username',
    'bad_credentials',
    /** No password, and the source address is not on the account's allow-list. */
    'ip_not_allowed',
    'disabled',
    'no_flow',
    'cap_reached',
    /** A spend limit is used up (`limit` says which, and when it resets). */
    'daily_limit_reached',
    'monthly_limit_reached',
    'certification_required',
  ]),
  /** The spend limit that refused: the whole account's or this sub-account's; absent otherwise. */
  limit: z
    .object({
      scope: z.enum(['account', 'sub_account']),
      period: z.enum(['day', 'month']),
      limitMb: z.number().int().positive(),
      usedMb: z.number().int().nonnegative(),
      /** When the period ends (the next UTC midnight or first of a month): the network may cache the refusal until then. */
      resetsAt: z.number().int(),
    })
    .optional(),
  /** How the request was let in: its password or its source address. */
  method: z.enum(['password', 'allowed_ip']).nullable(),
  userId: z.number().int().nullable(),
  account: z.string().nullable(),
  /** The owner's remaining traffic (MB). */
  remainingMb: z.number().int().nonnegative(),
  /** The targeting of the username, parsed. */
  target: z
    .object({
      region: z.string(),
      /** The postcode targeted (`-zip-`), in the region's country; null: none. */
      postcode: z.string().nullable(),
      /** The ISP targeted (`-asn-`), one of the region's country's; null: any. */
      isp: z.object({ asn: z.number().int().positive(), name: z.string() }).nullable(),
      session: z.object({ kind: z.enum(['sid', 'lsid']), id: z.string(), minutes: z.number().int() }).nullable(),
    })
    .nullable(),
});

export const proxyApi = {
  countryList: defineApi({
    method: 'GET',
    path: '/app-api/ip/country-code/countryList',
    summary: 'Every country (ISO 3166-1, English and Chinese names) and whether the network covers it',
    tags: ['proxy'],
    auth: false,
    data: z.array(proxyCountry),
  }),
  areaList: defineApi({
    method: 'GET',
    path: '/app-api/ip/country-code/areaList',
    summary: "A country's provinces or states (ISO 3166-2) with their username tokens",
    tags: ['proxy'],
    auth: false,
    query: countryCodeQuery,
    data: z.array(proxyArea),
  }),
  cityList: defineApi({
    method: 'GET',
    path: '/app-api/ip/country-code/cityList',
    summary: "A province's or state's cities with their username tokens",
    tags: ['proxy'],
    auth: false,
    query: cityQuery,
    data: z.array(proxyCity),
  }),
  proxyAccountList: defineApi({
    method: 'GET',
    path: '/app-api/ip/proxy-account/list',
    summary: "The caller's proxy accounts (the main one is created on first use), gateway endpoints and the policy",
    tags: ['proxy'],
    auth: true,
    data: proxyAccountsResult,
  }),
  proxyAccountCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/create',
    summary: 'Adds a sub-account with its own generated password and an optional traffic cap',
    tags: ['proxy'],
    auth: true,
    body: proxyAccountCreateBody,
    data: proxyAccount,
  }),
  proxyAccountUpdate: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/update',
    summary: 'Enables or disables a sub-account, changes its cap or remark',
    tags: ['proxy'],
    auth: true,
    body: proxyAccountUpdateBody,
    data: proxyAccount,
  }),
  proxySpendLimitsUpdate: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/spend-limits',
    summary: "Sets the whole account's daily and monthly traffic limits (UTC); null removes one",
    tags: ['proxy'],
    auth: true,
    body: proxySpendLimitsBody,
    data: accountSpend,
  }),
  proxyAccountResetPassword: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/reset-password',
    summary: "Generates a new password for one of the caller's proxy accounts (the old one stops working)",
    tags: ['proxy'],
    auth: true,
    body: proxyAccountIdBody,
    data: proxyAccount,
  }),
  proxyAccountDelete: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/delete',
    summary: 'Deletes a sub-account',
    tags: ['proxy'],
    auth: true,
    body: proxyAccountIdBody,
    data: z.boolean(),
  }),
  proxyAllowedIpList: defineApi({
    method: 'GET',
    path: '/app-api/ip/proxy-account/allowed-ip/list',
    summary: "The IP allow-list of the caller's proxy accounts (one account with accountId), newest first",
    tags: ['proxy'],
    auth: true,
    query: proxyAllowedIpListQuery,
    data: z.array(proxyAllowedIp),
  }),
  proxyAllowedIpAdd: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/allowed-ip/add',
    summary:
      "Allows a public address or range (≤ /24 IPv4, ≤ /48 IPv6) to use one of the caller's proxy accounts without its password, within the account's entry limit and the address space of all the caller's accounts",
    tags: ['proxy'],
    auth: true,
    body: proxyAllowedIpAddBody,
    data: proxyAllowedIp,
  }),
  proxyAllowedIpDelete: defineApi({
    method: 'POST',
    path: '/app-api/ip/proxy-account/allowed-ip/delete',
    summary: 'Removes an address from the allow-list',
    tags: ['proxy'],
    auth: true,
    body: proxyAccountIdBody,
    data: z.boolean(),
  }),
};

/** The proxy network's calls (server to server, `x-api-key`): not part of the browser's `api`. */
export const proxyNetworkVerifyApi = {
  proxyVerify: defineApi({
    method: 'POST',
    path: '/app-api/proxy-network/verify',
    summary:
      "Whether a proxy username and password may be used: the account, the owner's remaining traffic, the parsed targeting; header x-api-key",
    tags: ['proxy network'],
    auth: false,
    body: proxyVerifyBody,
    data: proxyVerifyResult,
  }),
};
