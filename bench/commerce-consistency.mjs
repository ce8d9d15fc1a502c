// After the notification load: the database the portal used is checked for every order paid exactly
// once and every balance equal to its lots and to its paid orders' traffic.
import { join } from 'node:path';
import { requireServer } from './lib.mjs';

/** Whatever `query(text, params)` answers with `{ rows }` (a pg client or PGlite). */
export async function checkConsistency(db, { pending, userIds, acknowledged }) {
  const total = pending.length;
  const orderIds = pending.map((p) => p.orderId);
  const paymentNos = pending.map((p) => p.paymentNo);
  const problems = [];
  if (acknowledged !== total) problems.push(`${total - acknowledged} of ${total} notifications not acknowledged "success"`);
  const paid = (
    await db.query('select count(*)::int as n from recharge_orders where id = any($1) and pay_status = 1 and status = 1', [
      orderIds,
    ])
  ).rows[0].n;
  if (paid !== total) problems.push(`${total - paid} of ${total} orders not paid`);
  const applied = await db.query(
    `select payment_no, count(*) filter (where outcome = 'applied')::int as applied, count(*)::int as received
       from payment_notifications where payment_no = any($1) group by payment_no`,
    [paymentNos],
  );
  const notApplied = total - applied.rows.length;
  const twice = applied.rows.filter((r) => r.applied > 1).length;
  const unapplied = applied.rows.filter((r) => r.applied === 0).length;
  if (notApplied > 0) problems.push(`${notApplied} payments without a recorded notification`);
  if (twice > 0) problems.push(`${twice} payments applied more than once`);
  if (unapplied > 0) problems.push(`${unapplied} payments notified but not applied`);
  const balances = await db.query(
    `select u.id, u.limit_balance::bigint::text as balance,
            (select coalesce(sum(l.remaining_mb), 0) from traffic_lots l where l.user_id = u.id)::bigint::text as lots,
            coalesce(sum(o.traffic_mb + o.gift_traffic_mb) filter (where o.pay_status = 1), 0)::bigint::text as credited
       from member_users u left join recharge_orders o on o.user_id = u.id
      where u.id = any($1) group by u.id order by u.id`,
    [userIds],
  );
  const wrong = balances.rows.filter((r) => r.balance !== r.credited || r.lots !== r.credited);
  for (const r of wrong.slice(0, 5))
    problems.push(`user ${r.id}: balance ${r.balance} MB, lots ${r.lots} MB, paid orders add up to ${r.credited} MB`);
  if (wrong.length > 5) problems.push(`... and ${wrong.length - 5} more users with a wrong balance`);
  return problems.length === 0
    ? `ok (${total} orders paid exactly once, ${balances.rows.length} balances = their lots = sum of their paid orders' traffic)`
    : `MISMATCH\n    ${problems.join('\n    ')}`;
}

/** Opens the database the portal used, runs fn with it, closes it. PGlite: only once the server is stopped. */
export async function withDatabase(portal, fn) {
  if (portal.env.DATABASE_URL) {
    const pg = requireServer('pg');
    const client = new pg.Client({ connectionString: portal.env.DATABASE_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = requireServer('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir: join(portal.dataDir, 'pglite') });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}
