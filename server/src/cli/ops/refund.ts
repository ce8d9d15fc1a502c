import { userInfo } from 'node:os';
import { yuanToFen } from '@portal/shared';
import { translate } from '../../i18n/index.ts';
import { refundOrder, refundsOfOrder, yuanText } from '../../modules/refunds/service.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { parse, positionals, UsageError } from '../runner.ts';
import type { OpsCommand } from './context.ts';

/**
 * `ops refund <orderNo> --reason <text> [--amount <yuan>]`: finance refunds an order (all that is
 * left of its payment, or part of it) through the same service the buyer's request and the staff
 * console use. The refund and taking back the order's traffic or IPs are recorded at once; the
 * running server's refund job asks the provider. `ops refund <orderNo> --list` shows its refunds.
 */
export const refund: OpsCommand = async (args, ctx) => {
  const { values, positionals: pos } = parse(args, {
    reason: { type: 'string' },
    amount: { type: 'string' },
    list: { type: 'boolean' },
  });
  const [orderNo = ''] = positionals(pos, ['<orderNo>']);
  if (!/^[RS]\d{20}$/.test(orderNo)) throw new UsageError(`<orderNo> "${orderNo}": expected an order number (R… or S…)`);
  if (values.list) {
    const rows = await refundsOfOrder(await ctx.db(), orderNo);
    if (rows.length === 0) ctx.io.out('(no refunds)');
    for (const r of rows)
      ctx.io.out(
        `${r.refundNo}\t${r.status}\t${yuanText(r.amountFen)}\t${r.origin}\t${r.actor}\tattempts ${r.attempts}\t${r.createdAt.toISOString()}\t${r.reason}${r.lastError ? `\tlast error: ${r.lastError}` : ''}`,
      );
    return 0;
  }
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (reason === '') throw new UsageError('missing --reason (kept with the refund)');
  if (reason.length > 500) throw new UsageError('--reason: at most 500 characters');
  let amountFen: number | undefined;
  if (values.amount !== undefined) {
    const fen = yuanToFen(String(values.amount));
    if (fen === null || fen <= 0) throw new UsageError(`--amount "${values.amount}": expected yuan, e.g. 12.50`);
    amountFen = fen;
  }
  try {
    const done = await refundOrder(await ctx.db(), new Date(), {
      orderNo,
      amountFen,
      reason,
      actor: `ops:${userInfo().username}`,
      origin: 'ops',
    });
    ctx.io.out(
      `${done.status}: refund ${done.refundNo} of order ${orderNo}, ${yuanText(done.amountFen)}${done.removedMb > 0 ? `, ${done.removedMb} MB of traffic removed` : ''}; the server's refund job asks the provider`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BusinessError)) throw err;
    ctx.io.err(`ops: ${translate('en', err.messageKey, err.params)}`);
    return 1;
  }
};
