import type { AllowListSpace } from '@portal/shared';
import { z } from 'zod';
import { flag, HOST_NAME, hostName, optional } from './parse.ts';

/** Ports of the gateway, per protocol. */
export interface ProxyPorts {
  http: number;
  https: number;
  socks5: number;
}

export interface ProxyConfig {
  /** The global entry point (PROXY_GATEWAY_HOST). */
  gatewayHost: string;
  ports: ProxyPorts;
  /** Regional entry points (PROXY_AREA_HOSTS), in the order given; the global one is not among them. */
  areaHosts: { area: string; host: string }[];
  /** SPEC section 5: the proxy service needs real-name certification first. */
  requireCertification: boolean;
  /**
   * How much address space the IP allow-lists of all of one user's accounts may cover together
   * (PROXY_ALLOW_LIST_MAX_IPV4_ADDRESSES, PROXY_ALLOW_LIST_MAX_IPV6_NETWORKS; decision 0023).
   */
  allowListSpace: AllowListSpace;
}

/** `http:7777,https:7778,socks5:7779`: every protocol exactly once. */
const proxyPorts = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const ports: Partial<Record<string, number>> = {};
    for (const part of v.split(',')) {
      const m = /^\s*(http|https|socks5)\s*:\s*(\d{1,5})\s*$/i.exec(part);
      const protocol = m?.[1]?.toLowerCase() ?? '';
      const number = Number(m?.[2]);
      if (!m || number < 1 || number > 65535 || ports[protocol] !== undefined) {
        ctx.addIssue({ code: 'custom', message: `expected http:PORT,https:PORT,socks5:PORT; bad entry: ${part.trim()}` });
        return z.NEVER;
      }
      ports[protocol] = number;
    }
    const { http, https, socks5 } = ports;
    if (http === undefined || https === undefined || socks5 === undefined) {
      ctx.addIssue({ code: 'custom', message: 'expected a port for each of http, https and socks5' });
      return z.NEVER;
    }
    return { http, https, socks5 } satisfies ProxyPorts;
  });

/** `america=us.gate.novaproxy.com,europe=eu.gate.novaproxy.com`: area keys of lower-case letters, digits, `-`. */
const proxyAreaHosts = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const list: { area: string; host: string }[] = [];
    for (const part of v.split(',')) {
      const [area = '', host = '', ...rest] = part.split('=').map((s) => s.trim());
      const key = area.toLowerCase();
      if (
        rest.length > 0 ||
        !/^[a-z0-9-]{1,32}$/.test(key) ||
        key === 'global' ||
        !HOST_NAME.test(host) ||
        list.some((e) => e.area === key)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `expected area=host pairs separated by commas (not "global", each area once); bad entry: ${part.trim()}`,
        });
        return z.NEVER;
      }
      list.push({ area: key, host: host.toLowerCase() });
    }
    return list;
  });

const wholeNumber = (min: number, max: number) => {
  const expected = `expected a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, expected)
    .transform(Number)
    .refine((n) => n >= min && n <= max, expected);
};

/** The proxy network: its usage ingestion key and the gateway's entry points. */
export const proxyEnv = {
  PROXY_NETWORK_API_KEY: optional(
    z
      .string()
      .trim()
      .refine((v) => v.length >= 24 && /^[\x21-\x7e]+$/.test(v), 'expected at least 24 printable characters without spaces'),
  ),
  PROXY_GATEWAY_HOST: optional(hostName).default('gate.novaproxy.com'),
  PROXY_PORTS: optional(proxyPorts).default({ http: 7777, https: 7778, socks5: 7779 }),
  PROXY_AREA_HOSTS: optional(proxyAreaHosts).default([]),
  PROXY_REQUIRE_CERTIFICATION: optional(flag).default(true),
  // At least the widest single entry (a /24, a /48), so every entry the form accepts can be added.
  PROXY_ALLOW_LIST_MAX_IPV4_ADDRESSES: optional(wholeNumber(256, 16_777_216)).default(4_096),
  PROXY_ALLOW_LIST_MAX_IPV6_NETWORKS: optional(wholeNumber(65_536, 4_294_967_296)).default(262_144),
  API_RATE_LIMIT_PER_MINUTE: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, 'expected a whole number from 1 to 10000')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 10_000, 'expected a whole number from 1 to 10000'),
  ).default(120),
};
