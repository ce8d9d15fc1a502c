import type { Locale } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { translate } from '../../i18n/index.ts';
import { every } from '../../jobs/every.ts';
import { memberUsers } from '../accounts/tables.ts';
import type { Messenger } from '../messaging/messenger.ts';
import type { Gateways } from '../payments/gateways/index.ts';
import { GatewayError, type GatewayName } from '../payments/gateways/types.ts';
import {
  claimDueRefunds,
  claimRefundNotices,
  markRefundNoticeSent,
  type RefundRow,
  recordAnswer,
  recordRefundFailure,
} from '../payments/refund-records.ts';
import { payments } from '../payments/tables.ts';
import { yuanText } from './service.ts';

/**
 * The refund job (outbox, decision 0058): every instance runs it, and each round claims due refunds
 * with `FOR UPDATE SKIP LOCKED`, moving their next attempt past a lease in the same statement, so
 * two instances never call the provider for one refund at once and a process killed mid-call leaves
 * the refund to be claimed again once the lease ends. Every attempt sends the same refund number,
 * the provider's idempotency key, so asking again never refunds twice; a refund already submitted is
 * queried rather than asked again. The settling update only moves an unsettled refund, so a
 * notification and the job (or two jobs) settle it once.
 */

export interface RefundJobDeps {
  db: Db;
  gateways: Gateways;
  messenger: Messenger;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The absolute refund notification URL of a gateway (WeChat Pay notifies refunds). */
  notifyUrl(gateway: GatewayName): string;
}

/** Asks the provider about one claimed refund: a submitted one is queried, any other asked for (again). */
async function settleOne(deps: RefundJobDeps, now: Date, row: RefundRow): Promise<void> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, row.paymentId));
  if (!payment) throw new Error(`refund ${row.refundNo} points at missing payment ${row.paymentId}`);
  const gateway = deps.gateways.byName(payment.gateway);
  if (!gateway) {
    await recordRefundFailure(deps.db, now, row, `gateway ${payment.gateway} is not configured`);
    return;
  }
  const request = {
    refundNo: row.refundNo,
    paymentNo: payment.paymentNo,
    paymentAmountFen: payment.amountFen,
    amountFen: row.amountFen,
    reason: row.reason,
    notifyUrl: deps.notifyUrl(gateway.name),
  };
  try {
    let answer = row.status === 'submitted' ? await gateway.queryRefund(request) : await gateway.refund(request);
    if (answer.state === 'unknown' && row.status === 'submitted') answer = await gateway.refund(request);
    // fund_change N of a repeated Alipay request: confirmed by the query now rather than a round later.
    if (answer.state === 'processing' && row.status !== 'submitted' && gateway.name === 'alipay')
      answer = await gateway.queryRefund(request);
    const changed = await recordAnswer(deps.db, now, row.refundNo, answer, row.attempts);
    if (changed && answer.state !== 'processing')
      deps.log[answer.state === 'succeeded' ? 'info' : 'warn'](
        { refundNo: row.refundNo, state: answer.state, detail: answer.detail },
        answer.state === 'succeeded' ? 'refund succeeded' : 'refund closed by the provider: an operator must act',
      );
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    deps.log.warn({ err, refundNo: row.refundNo, attempts: row.attempts }, 'refund attempt failed, will retry');
    await recordRefundFailure(deps.db, now, row, err.message);
  }
}

/** Tells the buyer, in their language, by SMS and e-mail where they have them, that the money is back. */
async function tellBuyer(deps: RefundJobDeps, now: Date, row: RefundRow): Promise<void> {
  const [member] = await deps.db
    .select({ mobile: memberUsers.mobile, email: memberUsers.email, locale: memberUsers.locale })
    .from(memberUsers)
    .where(eq(memberUsers.id, row.userId));
  if (member) {
    const locale: Locale = member.locale;
    const params = { orderNo: row.orderNo, amount: yuanText(row.amountFen) };
    const subject = translate(locale, 'refund.notice.subject', params);
    const text = translate(locale, 'refund.notice.body', params);
    const targets = [
      ...(member.mobile ? [{ channel: 'sms' as const, to: member.mobile }] : []),
      ...(member.email ? [{ channel: 'email' as const, to: member.email }] : []),
    ].filter((t) => deps.messenger.available(t.channel, 'text') && deps.messenger.reaches(t.channel, t.to));
    for (const target of targets) await deps.messenger.deliver({ ...target, kind: 'text', subject, text, code: null, locale });
  }
  await markRefundNoticeSent(deps.db, now, row.id);
}

/** One round: settle what is due with the providers, then tell the buyers of refunds that succeeded. */
export async function runRefundRound(deps: RefundJobDeps, now: Date): Promise<{ attempted: number; told: number }> {
  const claimed = await claimDueRefunds(deps.db, now);
  for (const row of claimed) {
    try {
      await settleOne(deps, now, row);
    } catch (err) {
      deps.log.error({ err, refundNo: row.refundNo }, 'refund attempt failed');
    }
  }
  const notices = await claimRefundNotices(deps.db, now);
  let told = 0;
  for (const row of notices) {
    try {
      await tellBuyer(deps, now, row);
      told++;
    } catch (err) {
      deps.log.error({ err, refundNo: row.refundNo }, 'refund notice could not be sent, will retry');
    }
  }
  return { attempted: claimed.length, told };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of the refund job with the app's gateways and messenger (refunds/routes.ts). */
    refundRound(): Promise<{ attempted: number; told: number }>;
  }
}

/** Runs the refund job every `intervalMs` on every instance; call it after migrations (main.ts). */
export function startRefundJob(app: FastifyInstance, intervalMs = 30_000): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      let round: { attempted: number; told: number };
      do {
        round = await app.refundRound();
        if (round.attempted > 0 || round.told > 0) app.log.info(round, 'refund job round');
      } while (round.attempted > 0);
    } catch (err) {
      app.log.error({ err }, 'refund job failed');
    }
  });
}

export { claimDueRefunds, recordAnswer, REFUND_LEASE_MS } from '../payments/refund-records.ts';
