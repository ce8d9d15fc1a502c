import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type CapPeriod,
  PROXY_MAX_SUB_ACCOUNTS,
  type ProxyAccount,
  type ProxyEndpoint,
  ProxyErrorCode,
  parseUsername,
  type proxyVerifyResult,
} from '@portal/shared';
import { postcodeExists } from '@portal/shared/proxy/postcode-data';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProxyConfig } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { memberUsers } from '../accounts/tables.ts';
import { sourceAllowed } from './allowed-ips.ts';
import { capBytes, countersOf, limitReached, toMb, usedNow } from './periods.ts';
import { proxyAccounts, proxyListLinks, proxySpend } from './tables.ts';

type Row = typeof proxyAccounts.$inferSelect;
export type VerifyResult = z.output<typeof proxyVerifyResult>;

/** identification_status of a certified member. */
const CERTIFIED = 3;
const MAIN_USERNAME_LENGTH = 9;
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** No 0/O, 1/l/I: read off a screen and typed by hand. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const PASSWORD_LENGTH = 12;

const randomFrom = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

export const generatePassword = () => randomFrom(PASSWORD_ALPHABET, PASSWORD_LENGTH);

/** `u` + the user id in base 36, padded with random lower-case letters and digits to 9 characters. */
export function mainUsername(userId: number): string {
  const base = `u${userId.toString(36)}`;
  return base + randomFrom(LOWER_ALNUM, Math.max(0, MAIN_USERNAME_LENGTH - base.length));
}

type CounterColumns = Pick<Row, 'dayUsedBytes' | 'usageDay' | 'monthUsedBytes' | 'usageMonth'>;

/** Bytes the cap counts now: this month's for a monthly cap (0 when nothing was reported this month). */
export const periodBytes = (row: Pick<Row, 'capPeriod' | 'usedBytes'> & CounterColumns, now: number) =>
  capBytes({ ...row, month: countersOf(row).month }, now);

const toAccount = (row: Row, now: number): ProxyAccount => ({
  id: row.id,
  username: row.username,
  password: row.password,
  main: row.main,
  enabled: row.enabled,
  trafficCapMb: row.trafficCapMb,
  capPeriod: row.capPeriod,
  usedMb: toMb(periodBytes(row, now)),
  totalUsedMb: toMb(row.usedBytes),
  dailyLimitMb: row.dailyLimitMb,
  monthlyLimitMb: row.monthlyLimitMb,
  ...usedNow(countersOf(row), now),
  remark: row.remark,
  createdAt: row.createdAt.getTime(),
});

const notFound = () => new BusinessError(ProxyErrorCode.AccountNotFound, 'proxy.accountNotFound');
const mainFixed = () => new BusinessError(ProxyErrorCode.MainAccountFixed, 'proxy.mainAccountFixed');

async function findMain(db: Db, userId: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(proxyAccounts)
    .where(and(eq(proxyAccounts.userId, userId), eq(proxyAccounts.main, true)));
  return row;
}

/**
 * The user's main account, created on first use. Concurrent first calls race on the partial unique
 * index (one main per user): the loser's insert does nothing and it reads the winner's. A username
 * collision (the random padding) also does nothing: then another username is tried.
 */
export async function ensureMainAccount(db: Db, now: Date, userId: number): Promise<Row> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const existing = await findMain(db, userId);
    if (existing) return existing;
    await db
      .insert(proxyAccounts)
      .values({ userId, username: mainUsername(userId), password: generatePassword(), main: true, createdAt: now })
      .onConflictDoNothing();
  }
  throw new Error(`could not create the main proxy account of user ${userId}`);
}

const GLOBAL_NAME: ProxyEndpoint['name'] = { en: 'Global', 'zh-CN': '全球' };
const AREA_NAMES: Partial<Record<string, ProxyEndpoint['name']>> = {
  global: GLOBAL_NAME,
  america: { en: 'America', 'zh-CN': '美洲' },
  europe: { en: 'Europe', 'zh-CN': '欧洲' },
  asia: { en: 'Asia', 'zh-CN': '亚洲' },
};

/** The gateway's entry points: the global one first, then the configured areas. */
export function endpoints(config: ProxyConfig): ProxyEndpoint[] {
  const global = { area: 'global', name: GLOBAL_NAME, host: config.gatewayHost, ports: config.ports };
  return [
    global,
    ...config.areaHosts.map(({ area, host }) => ({
      area,
      name: AREA_NAMES[area] ?? { en: area, 'zh-CN': area },
      host,
      ports: config.ports,
    })),
  ];
}

/** The user's accounts, the main one first (created on first use). */
export async function listAccounts(db: Db, now: Date, userId: number): Promise<ProxyAccount[]> {
  await ensureMainAccount(db, now, userId);
  const rows = await db
    .select()
    .from(proxyAccounts)
    .where(eq(proxyAccounts.userId, userId))
    .orderBy(desc(proxyAccounts.main), asc(proxyAccounts.id));
  return rows.map((row) => toAccount(row, now.getTime()));
}

export interface NewSubAccount {
  name: string;
  trafficCapMb: number | null;
  capPeriod: CapPeriod;
  dailyLimitMb: number | null;
  monthlyLimitMb: number | null;
  remark: string;
}

/** Adds `<main>_<name>`; the main row is locked so the count and the name check hold under concurrency. */
export async function createSubAccount(db: Db, now: Date, userId: number, input: NewSubAccount): Promise<ProxyAccount> {
  await ensureMainAccount(db, now, userId);
  return db.transaction(async (tx) => {
    const [main] = await tx
      .select()
      .from(proxyAccounts)
      .where(and(eq(proxyAccounts.userId, userId), eq(proxyAccounts.main, true)))
      .for('update');
    if (!main) throw new Error(`main proxy account of user ${userId} is gone`);
    const username = `${main.username}_${input.name}`;
    const [taken] = await tx.select({ id: proxyAccounts.id }).from(proxyAccounts).where(eq(proxyAccounts.username, username));
    if (taken) throw new BusinessError(ProxyErrorCode.NameTaken, 'proxy.nameTaken');
    const [subs] = await tx
      .select({ n: count() })
      .from(proxyAccounts)
      .where(and(eq(proxyAccounts.userId, userId), eq(proxyAccounts.main, false)));
    if ((subs?.n ?? 0) >= PROXY_MAX_SUB_ACCOUNTS) {
      throw new BusinessError(ProxyErrorCode.TooManySubAccounts, 'proxy.tooManySubAccounts', { max: PROXY_MAX_SUB_ACCOUNTS });
    }
    const [row] = await tx
      .insert(proxyAccounts)
      .values({
        userId,
        username,
        password: generatePassword(),
        main: false,
        trafficCapMb: input.trafficCapMb,
        capPeriod: input.capPeriod,
        dailyLimitMb: input.dailyLimitMb,
        monthlyLimitMb: input.monthlyLimitMb,
        remark: input.remark,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return toAccount(row, now.getTime());
  });
}

/** One of the user's own accounts; another user's id is "not found", never "forbidden". */
async function ownAccount(db: Db, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(proxyAccounts)
    .where(and(eq(proxyAccounts.id, id), eq(proxyAccounts.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export interface AccountChange {
  id: number;
  enabled?: boolean | undefined;
  trafficCapMb?: number | null | undefined;
  capPeriod?: CapPeriod | undefined;
  dailyLimitMb?: number | null | undefined;
  monthlyLimitMb?: number | null | undefined;
  remark?: string | undefined;
}

const setsLimit = (v: number | null | undefined) => v !== undefined && v !== null;

/** The main account keeps enabled, uncapped and unlimited (the account's limits cover it): only its remark can change. */
export async function updateAccount(db: Db, now: Date, userId: number, change: AccountChange): Promise<ProxyAccount> {
  const row = await ownAccount(db, userId, change.id);
  if (
    row.main &&
    (change.enabled === false ||
      setsLimit(change.trafficCapMb) ||
      setsLimit(change.dailyLimitMb) ||
      setsLimit(change.monthlyLimitMb))
  ) {
    throw mainFixed();
  }
  const set: Partial<Row> = {};
  if (change.enabled !== undefined) set.enabled = change.enabled;
  if (change.trafficCapMb !== undefined) set.trafficCapMb = change.trafficCapMb;
  if (change.capPeriod !== undefined) set.capPeriod = change.capPeriod;
  if (change.dailyLimitMb !== undefined) set.dailyLimitMb = change.dailyLimitMb;
  if (change.monthlyLimitMb !== undefined) set.monthlyLimitMb = change.monthlyLimitMb;
  if (change.remark !== undefined) set.remark = change.remark;
  if (Object.keys(set).length === 0) return toAccount(row, now.getTime());
  const [updated] = await db
    .update(proxyAccounts)
    .set(set)
    .where(and(eq(proxyAccounts.id, row.id), eq(proxyAccounts.userId, userId)))
    .returning();
  if (!updated) throw notFound();
  return toAccount(updated, now.getTime());
}

/** A new password; the account's list link goes with the old one (decision 0051). */
export async function resetPassword(db: Db, now: Date, userId: number, id: number): Promise<ProxyAccount> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(proxyAccounts)
      .set({ password: generatePassword() })
      .where(and(eq(proxyAccounts.id, id), eq(proxyAccounts.userId, userId)))
      .returning();
    if (!updated) throw notFound();
    await tx.delete(proxyListLinks).where(eq(proxyListLinks.accountId, updated.id));
    return toAccount(updated, now.getTime());
  });
}

export async function deleteAccount(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await ownAccount(db, userId, id);
  if (row.main) throw mainFixed();
  await db.delete(proxyAccounts).where(and(eq(proxyAccounts.id, row.id), eq(proxyAccounts.userId, userId)));
  return true;
}

// Hashing first gives equal lengths, so the comparison takes the same time whatever is sent.
const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const samePassword = (given: string, stored: string) => timingSafeEqual(digest(given), digest(stored));

/**
 * The proxy network's question: may this request use the proxy? By the username and password, or,
 * when no password is given, by the username and the client's source address on that account's
 * IP allow-list. Always an answer (the network decides what to do with it); details are filled in
 * as far as they are known. Every other rule is the same either way.
 */
export async function verifyCredentials(
  db: Db,
  now: Date,
  policy: Pick<ProxyConfig, 'requireCertification'>,
  { username, password, sourceIp }: { username: string; password?: string | undefined; sourceIp?: string | undefined },
): Promise<VerifyResult> {
  const parsed = parseUsername(username, postcodeExists);
  if (!parsed)
    return { allowed: false, reason: 'bad_username', method: null, userId: null, account: null, remainingMb: 0, target: null };
  const target = { region: parsed.region, postcode: parsed.postcode, isp: parsed.isp, session: parsed.session };
  const [found] = await db
    .select({
      account: proxyAccounts,
      balance: memberUsers.limitBalance,
      status: memberUsers.identificationStatus,
      spend: proxySpend,
    })
    .from(proxyAccounts)
    .innerJoin(memberUsers, eq(memberUsers.id, proxyAccounts.userId))
    .leftJoin(proxySpend, eq(proxySpend.userId, proxyAccounts.userId))
    .where(eq(proxyAccounts.username, parsed.account));
  const method = password === undefined ? 'allowed_ip' : 'password';
  if (method === 'allowed_ip') {
    const allowed = found && sourceIp !== undefined && (await sourceAllowed(db, found.account.id, sourceIp));
    if (!found || !allowed) {
      return {
        allowed: false,
        reason: 'ip_not_allowed',
        method: null,
        userId: null,
        account: parsed.account,
        remainingMb: 0,
        target,
      };
    }
  } else {
    // An unknown account still costs a comparison, so timing does not tell which accounts exist.
    const matches = samePassword(password ?? '', found?.account.password ?? '\u0000unknown');
    if (!found || !matches) {
      return {
        allowed: false,
        reason: 'bad_credentials',
        method: null,
        userId: null,
        account: parsed.account,
        remainingMb: 0,
        target,
      };
    }
  }
  const { account, balance, status, spend } = found;
  const result = { method, userId: account.userId, account: account.username, remainingMb: balance, target } as const;
  const refuse = (reason: Exclude<VerifyResult['reason'], 'ok'>): VerifyResult => ({ allowed: false, reason, ...result });
  if (!account.enabled) return refuse('disabled');
  if (balance <= 0) return refuse('no_flow');
  if (!account.main && account.trafficCapMb !== null && toMb(periodBytes(account, now.getTime())) >= account.trafficCapMb) {
    return refuse('cap_reached');
  }
  // The whole account's limits first: they stop every account of the user.
  const limit =
    (spend ? limitReached(spend, countersOf(spend), now.getTime(), 'account') : null) ??
    (account.main ? null : limitReached(account, countersOf(account), now.getTime(), 'sub_account'));
  if (limit) return { ...refuse(limit.period === 'day' ? 'daily_limit_reached' : 'monthly_limit_reached'), limit };
  if (policy.requireCertification && status !== CERTIFIED) return refuse('certification_required');
  return { allowed: true, reason: 'ok', ...result };
}
