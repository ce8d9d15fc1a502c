import { INVOICE_DOWNLOAD_PATH, invoiceApi, invoiceIdQuery, ResultCode } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { BEARER_AUTH, route } from '../../plugins/contract.ts';
import { resolveDataKey } from '../certification/crypto.ts';
import { readInvoicePdf } from './files.ts';
import { invoicesOfOrders, ownIssuedPdf, requestInvoice } from './service.ts';

export interface InvoicesRoutesOptions {
  config: Pick<Config, 'dataDir' | 'sandbox' | 'dataEncryptionKey'>;
}

/**
 * Invoices of the caller's paid recharge and static IP orders (decision 0026): request, see, download. Operators
 * issue and refuse them with `npm run ops -- invoice …`.
 */
export async function invoicesRoutes(app: FastifyInstance, { config }: InvoicesRoutesOptions) {
  const key = await resolveDataKey(config, app.log);

  route(app, invoiceApi.invoiceRequest, (request) =>
    requestInvoice(app.db, key, app.now(), currentUser(request).id, request.body),
  );
  route(app, invoiceApi.invoiceList, (request) =>
    invoicesOfOrders(app.db, key, currentUser(request).id, request.query.orderIds, request.query.orderKind),
  );

  if (!app.authenticate) throw new Error('invoice routes need the auth plugin');
  app.withTypeProvider<ZodTypeProvider>().get(
    INVOICE_DOWNLOAD_PATH,
    {
      schema: {
        summary: "One of the caller's issued invoices as application/pdf (an attachment; not JSON)",
        tags: ['invoices'],
        querystring: invoiceIdQuery,
        security: [{ [BEARER_AUTH]: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const found = await ownIssuedPdf(app.db, currentUser(request).id, request.query.id);
      if (!found) return reply.code(404).send({ code: ResultCode.NotFound, data: null, msg: request.t('error.notFound') });
      const data = await readInvoicePdf(app.db, key, found.file);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${found.orderNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
