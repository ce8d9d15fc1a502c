import {
  type AllowListSpace,
  allowListSpace,
  isIpAddress,
  PROXY_MAX_ALLOWED_IPS,
  type ProxyAllowedIp,
  ProxyErrorCode,
  parseAllowedAddress,
} from '@portal/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { proxyAccounts, proxyAllowedIps } from './tables.ts';

/**
 * IP allow-list authentication (issue 18): addresses allowed to use a proxy account without its
 * password. The proxy network names the account by its username and the address is looked up in
 * that account's list alone, so entries of different users may overlap (issue 27): nothing here
 * looks at, or tells of, what other users hold. A user's adds are serialised by a
 * transaction-scoped advisory lock on the user, so the per-account entry limit and the address
 * space bound over all the user's accounts hold however many adds arrive at once, on every
 * instance. The lookup the proxy network makes is one indexed containment query.
 */
const ALLOW_LIST_LOCK_SPACE = 10_003;

type Row = typeof proxyAllowedIps.$inferSelect;
const toEntry = (row: Row): ProxyAllowedIp => ({
  id: row.id,
  accountId: row.accountId,
  network: row.network,
  note: row.note,
  createdAt: row.createdAt.getTime(),
});

const accountNotFound = () => new BusinessError(ProxyErrorCode.AccountNotFound, 'proxy.accountNotFound');

/** Whether `sourceIp` is inside one of the networks allowed for the account. */
export async function sourceAllowed(db: Db, accountId: number, sourceIp: string): Promise<boolean> {
  if (!isIpAddress(sourceIp)) return false;
  const [hit] = await db
    .select({ id: proxyAllowedIps.id })
    .from(proxyAllowedIps)
    .where(and(eq(proxyAllowedIps.accountId, accountId), sql`${proxyAllowedIps.network} >>= ${sourceIp.trim()}::inet`))
    .limit(1);
  return hit !== undefined;
}

/** One of the user's own accounts, or "not found" (never "forbidden": another user's is not told). */
export async function assertOwnAccount(db: Db, userId: number, accountId: number): Promise<void> {
  const [account] = await db
    .select({ id: proxyAccounts.id })
    .from(proxyAccounts)
    .where(and(eq(proxyAccounts.id, accountId), eq(proxyAccounts.userId, userId)));
  if (!account) throw accountNotFound();
}

/** The caller's allow-list entries (one account's with accountId), newest first. */
export async function listAllowedIps(db: Db, userId: number, accountId?: number): Promise<ProxyAllowedIp[]> {
  const rows = await db
    .select()
    .from(proxyAllowedIps)
    .where(
      accountId === undefined
        ? eq(proxyAllowedIps.userId, userId)
        : and(eq(proxyAllowedIps.userId, userId), eq(proxyAllowedIps.accountId, accountId)),
    )
    .orderBy(desc(proxyAllowedIps.createdAt), desc(proxyAllowedIps.id));
  return rows.map(toEntry);
}

const grouped = (n: number) => n.toLocaleString('en-US');

export async function addAllowedIp(
  db: Db,
  now: Date,
  userId: number,
  bound: AllowListSpace,
  { accountId, address, note }: { accountId: number; address: string; note: string },
): Promise<ProxyAllowedIp> {
  const parsed = parseAllowedAddress(address);
  if (!parsed.ok) {
    throw new BusinessError(ProxyErrorCode.AllowedIpInvalid, `proxy.allowedIp.${parsed.reason}`);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALLOW_LIST_LOCK_SPACE}, ${userId})`);
    const [account] = await tx
      .select({ id: proxyAccounts.id })
      .from(proxyAccounts)
      .where(and(eq(proxyAccounts.id, accountId), eq(proxyAccounts.userId, userId)));
    if (!account) throw accountNotFound();
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(proxyAllowedIps)
      .where(eq(proxyAllowedIps.accountId, accountId));
    if (n >= PROXY_MAX_ALLOWED_IPS)
      throw new BusinessError(ProxyErrorCode.TooManyAllowedIps, 'proxy.tooManyAllowedIps', { max: PROXY_MAX_ALLOWED_IPS });
    const [same] = await tx
      .select({ id: proxyAllowedIps.id })
      .from(proxyAllowedIps)
      .where(and(eq(proxyAllowedIps.accountId, accountId), sql`${proxyAllowedIps.network} = ${parsed.network}::cidr`));
    if (same) throw new BusinessError(ProxyErrorCode.AllowedIpDuplicate, 'proxy.allowedIpDuplicate');
    // Space already claimed on another account, or inside a wider entry, costs nothing more: only
    // an entry that grows the space is held to the bound (so lowering the bound strands no one).
    const held = await tx
      .select({ network: proxyAllowedIps.network })
      .from(proxyAllowedIps)
      .where(eq(proxyAllowedIps.userId, userId));
    const networks = held.map((e) => e.network);
    const before = allowListSpace(networks);
    const after = allowListSpace([...networks, parsed.network]);
    const family = parsed.version === 4 ? 'ipv4' : 'ipv6';
    if (after[family] > before[family] && after[family] > bound[family]) {
      throw new BusinessError(ProxyErrorCode.AllowListSpaceFull, `proxy.allowListSpaceFull.${family}`, {
        max: grouped(bound[family]),
        total: grouped(after[family]),
      });
    }
    const [row] = await tx
      .insert(proxyAllowedIps)
      .values({ accountId, userId, network: parsed.network, note, createdAt: now })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return toEntry(row);
  });
}

/** Removes one of the user's entries (of that account, when accountId is given). */
export async function deleteAllowedIp(db: Db, userId: number, id: number, accountId?: number): Promise<boolean> {
  const removed = await db
    .delete(proxyAllowedIps)
    .where(
      and(
        eq(proxyAllowedIps.id, id),
        eq(proxyAllowedIps.userId, userId),
        accountId === undefined ? undefined : eq(proxyAllowedIps.accountId, accountId),
      ),
    )
    .returning({ id: proxyAllowedIps.id });
  if (removed.length === 0) throw new BusinessError(ProxyErrorCode.AllowedIpNotFound, 'proxy.allowedIpNotFound');
  return true;
}
