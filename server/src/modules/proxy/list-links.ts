import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  PROXY_LIST_CONTENT_TYPES,
  type ProxyGeneratorOptions,
  type ProxyListFormat,
  type ProxyListLink,
  ProxyErrorCode,
  proxyGeneratorOptions,
  proxyListRows,
  proxyParamsOf,
  renderProxyList,
  validateParams,
} from '@portal/shared';
import { postcodeExists } from '@portal/shared/proxy/postcode-data';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ProxyConfig } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { endpoints } from './service.ts';
import { proxyAccounts, proxyListLinks } from './tables.ts';

/**
 * Proxy list links (issue 31 ask 5, docs/decisions/0051). The URL is `<public origin>/proxy-list/
 * <token>.<format>`; the token is 32 random bytes (base64url), kept only as its SHA-256, so the URL
 * is shown in the answer of create and rotate and never again.
 */
export const LIST_PATH = '/proxy-list/';
const TOKEN_PREFIX = 'pl_';
/** `pl_` + 43 base64url characters: anything else is refused before the database is asked. */
export const LIST_FILE = /^(pl_[A-Za-z0-9_-]{43})\.(txt|csv|json)$/;
const LAST_USED_INTERVAL_MS = 60_000;

type Row = typeof proxyListLinks.$inferSelect;

/**
 * A URL as the access log writes it: a list link's token cut to its first 6 characters, so log
 * readers can tell links apart but never download one (the file holds the account's password).
 */
export const redactListToken = (url: string) => url.replace(/^(\/proxy-list\/pl_[A-Za-z0-9_-]{0,6})[^./?]*/, '$1…');

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
export const hashListToken = sha256;
const newToken = () => TOKEN_PREFIX + randomBytes(32).toString('base64url');
const urlOf = (origin: string, token: string, format: ProxyListFormat) => `${origin}${LIST_PATH}${token}.${format}`;

const toLink = (row: Row, url: string | null): ProxyListLink => ({
  accountId: row.accountId,
  format: row.format,
  options: row.options,
  url,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
});

const accountNotFound = () => new BusinessError(ProxyErrorCode.AccountNotFound, 'proxy.accountNotFound');
const linkNotFound = () => new BusinessError(ProxyErrorCode.ListLinkNotFound, 'proxy.listLinkNotFound');

/** The user's links, oldest account first; no URLs (the server does not have them). */
export async function listLinks(db: Db, userId: number): Promise<ProxyListLink[]> {
  const rows = await db
    .select()
    .from(proxyListLinks)
    .where(eq(proxyListLinks.userId, userId))
    .orderBy(asc(proxyListLinks.accountId));
  return rows.map((row) => toLink(row, null));
}

export interface NewLink {
  accountId: number;
  format: ProxyListFormat;
  options: ProxyGeneratorOptions;
}

/** The options must make lines here: a postcode that exists, an endpoint area this gateway has. */
function checkOptions(config: ProxyConfig, options: ProxyGeneratorOptions) {
  const known = endpoints(config).some((e) => e.area === options.endpointArea);
  if (!known || validateParams(proxyParamsOf(options, 'account'), postcodeExists).length > 0) {
    throw new BusinessError(ProxyErrorCode.ListLinkOptionsInvalid, 'proxy.listLinkOptionsInvalid');
  }
}

/** Creates the account's link, or replaces its link (a new URL: the old one stops working). */
export async function createLink(db: Db, now: Date, userId: number, config: ProxyConfig, origin: string, input: NewLink) {
  checkOptions(config, input.options);
  const [account] = await db
    .select({ id: proxyAccounts.id, password: proxyAccounts.password })
    .from(proxyAccounts)
    .where(and(eq(proxyAccounts.id, input.accountId), eq(proxyAccounts.userId, userId)));
  if (!account) throw accountNotFound();
  const token = newToken();
  const values = {
    tokenHash: sha256(token),
    passwordHash: sha256(account.password),
    format: input.format,
    options: input.options,
    createdAt: now,
    lastUsedAt: null,
  };
  const [row] = await db
    .insert(proxyListLinks)
    .values({ accountId: account.id, userId, ...values })
    .onConflictDoUpdate({ target: proxyListLinks.accountId, set: values })
    .returning();
  if (!row) throw new Error('upsert returned nothing');
  return toLink(row, urlOf(origin, token, row.format));
}

/** A new URL for the same format and options; the old URL is dead at once. */
export async function rotateLink(db: Db, userId: number, origin: string, accountId: number) {
  const token = newToken();
  const [row] = await db
    .update(proxyListLinks)
    .set({ tokenHash: sha256(token) })
    .where(and(eq(proxyListLinks.accountId, accountId), eq(proxyListLinks.userId, userId)))
    .returning();
  if (!row) throw linkNotFound();
  return toLink(row, urlOf(origin, token, row.format));
}

export async function revokeLink(db: Db, userId: number, accountId: number): Promise<boolean> {
  const deleted = await db
    .delete(proxyListLinks)
    .where(and(eq(proxyListLinks.accountId, accountId), eq(proxyListLinks.userId, userId)))
    .returning({ id: proxyListLinks.id });
  if (deleted.length === 0) throw linkNotFound();
  return true;
}

export interface ListFile {
  body: string;
  contentType: string;
  filename: string;
}

const cryptoRandom = (min: number, max: number) => randomInt(min, max);

/**
 * The file of a token, or null (unknown, revoked, rotated away, the account deleted, disabled or its
 * password changed: one answer for all). The account's current password goes into the lines.
 */
export async function listFile(db: Db, now: Date, config: ProxyConfig, token: string, format: ProxyListFormat) {
  const [found] = await db
    .select({ link: proxyListLinks, account: proxyAccounts })
    .from(proxyListLinks)
    .innerJoin(proxyAccounts, eq(proxyAccounts.id, proxyListLinks.accountId))
    .where(eq(proxyListLinks.tokenHash, sha256(token)));
  if (!found) return null;
  const { link, account } = found;
  if (link.format !== format || !account.enabled || link.passwordHash !== sha256(account.password)) return null;
  const options = proxyGeneratorOptions.safeParse(link.options);
  if (!options.success) return null;
  const gateways = endpoints(config);
  // An area the operator has since removed: the global entry point, which reaches every area.
  const endpoint = gateways.find((e) => e.area === options.data.endpointArea) ?? gateways[0];
  if (!endpoint) return null;
  const rows = proxyListRows(
    options.data,
    account,
    { host: endpoint.host, port: endpoint.ports[options.data.protocol] },
    cryptoRandom,
  );
  const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
  if (!link.lastUsedAt || link.lastUsedAt < staleBefore) {
    await db
      .update(proxyListLinks)
      .set({ lastUsedAt: now })
      .where(
        and(eq(proxyListLinks.id, link.id), or(isNull(proxyListLinks.lastUsedAt), lt(proxyListLinks.lastUsedAt, staleBefore))),
      );
  }
  return {
    body: renderProxyList(format, account.username, rows),
    contentType: PROXY_LIST_CONTENT_TYPES[format],
    filename: `proxies-${account.username}.${format}`,
  } satisfies ListFile;
}
