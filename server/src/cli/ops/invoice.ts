import { readFile, stat } from 'node:fs/promises';
import { INVOICE_PDF_MAX_BYTES } from '@portal/shared';
import { resolveDataKey } from '../../modules/certification/crypto.ts';
import { decideInvoice, InvoiceDecisionError, type InvoiceDecision, listInvoices } from '../../modules/invoices/service.ts';
import { commandGroup, parse, positionals, UsageError } from '../runner.ts';
import type { OpsCommand, OpsContext } from './context.ts';

function invoiceId(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`<id> "${value}": expected an invoice id (invoice list shows them)`);
  return Number(value);
}

const dataKey = ({ config, io }: OpsContext) => resolveDataKey(config, { warn: (msg: unknown) => io.err(`ops: ${String(msg)}`) });

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

async function decide(ctx: OpsContext, id: number, decision: InvoiceDecision): Promise<number> {
  try {
    const done = await decideInvoice(await ctx.db(), await dataKey(ctx), id, decision, new Date());
    const order = done.staticOrderId === null ? `order id ${done.orderId}` : `static IP order id ${done.staticOrderId}`;
    ctx.io.out(`${done.status}: invoice ${done.id} of ${order} (user ${done.userId})`);
    return 0;
  } catch (err) {
    if (!(err instanceof InvoiceDecisionError)) throw err;
    ctx.io.err(`ops: ${err.message}`);
    return 1;
  }
}

const issue: OpsCommand = async (args, ctx) => {
  const [rawId = '', file = ''] = positionals(parse(args).positionals, ['<id>', '<pdf file>']);
  const id = invoiceId(rawId);
  let pdf: Buffer;
  try {
    // Size first: a wrong path to a huge file is refused before it is read into memory.
    if ((await stat(file)).size > INVOICE_PDF_MAX_BYTES) {
      ctx.io.err(`ops: ${file} is larger than ${INVOICE_PDF_MAX_BYTES / 1024 / 1024} MB`);
      return 1;
    }
    pdf = await readFile(file);
  } catch (err) {
    ctx.io.err(`ops: cannot read ${file}: ${(err as Error).message}`);
    return 1;
  }
  return decide(ctx, id, { decision: 'issue', pdf });
};

export const invoice = commandGroup<OpsContext>('invoice', 'list, issue or refuse', {
  async list(args, ctx) {
    const { values, positionals: pos } = parse(args, { status: { type: 'string' } });
    positionals(pos, []);
    const status = values.status ?? 'requested';
    if (status !== 'requested' && status !== 'all') throw new UsageError(`--status "${status}": expected requested or all`);
    const items = await listInvoices(await ctx.db(), await dataKey(ctx), { all: status === 'all' });
    if (items.length === 0) ctx.io.out(status === 'all' ? '(no invoices)' : '(none waiting to be issued)');
    for (const i of items) {
      const kind = i.type === 'vat_special' ? 'VAT special' : 'ordinary';
      ctx.io.out(
        `${i.id}\t${i.status}\t${kind}\t${i.orderKind === 'static' ? 'static IP order' : 'order'} ${i.orderNo}\t${yuan(i.amountFen)}\tuser ${i.userId} ${i.login}\t${i.requestedAt.toISOString()}`,
      );
      ctx.io.out(`\ttitle: ${i.title}${i.taxNumber ? `\ttaxpayer number: ${i.taxNumber}` : ''}`);
      if (i.type === 'vat_special')
        ctx.io.out(`\taddress: ${i.taxAddress}\tphone: ${i.taxPhone}\tbank: ${i.bankName}\taccount: ${i.bankAccount}`);
      if (i.refusalReason) ctx.io.out(`\trefused: ${i.refusalReason}`);
    }
    return 0;
  },

  issue,

  async refuse(args, ctx) {
    const { values, positionals: pos } = parse(args, { reason: { type: 'string' } });
    const [rawId = ''] = positionals(pos, ['<id>']);
    const id = invoiceId(rawId);
    const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
    if (reason === '') throw new UsageError('missing --reason (the user is shown it)');
    if (reason.length > 500) throw new UsageError('--reason: at most 500 characters');
    return decide(ctx, id, { decision: 'refuse', reason });
  },
});
