import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CommerceErrorCode,
  IdentificationStatus,
  INVOICE_DOWNLOAD_PATH,
  INVOICE_PDF_MAX_BYTES,
  InvoiceErrorCode,
  OrderAccountType,
  PayStatus,
  RechargeOrderStatus,
  StaticOrderStatus,
  StaticOrderType,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpsContext, runOps, withAbsoluteFiles } from '../../cli/ops.ts';
import { createTestApp, TEST_DATA_KEY, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { decryptBytes, encryptField } from '../certification/crypto.ts';
import { CREDIT_CODE } from '../certification/service.ts';
import { enterpriseCertifications } from '../certification/tables.ts';
import { rechargeOrders } from '../orders/tables.ts';
import { staticOrders } from '../static-ip/tables.ts';
import { siteSettings } from '../system/tables.ts';
import { invoicePdfProblem } from './files.ts';
import { invoiceFiles, invoices } from './tables.ts';

const KEY = Buffer.from(TEST_DATA_KEY, 'base64');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const USCC = '91330100716105852F';

let t: TestApp;
let dir: string;
type Member = { id: number; token: string };
let out: string[];
let err: string[];

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'portal-invoices-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  out = [];
  err = [];
});

const ops = (...argv: string[]) => {
  const ctx: OpsContext = {
    db: async () => t.app.db,
    config: t.config,
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
  };
  return runOps(argv, ctx);
};

async function member(): Promise<Member> {
  const user = await createTestUser(t.app.db);
  return { id: user.id, token: await loginToken(t.app, user.mobile as string, user.password) };
}

const get = (url: string, token: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': lang } });
const post = (url: string, payload: object, token: string, lang = 'en') =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), 'accept-language': lang } });
const requestInvoice = (token: string, payload: object, lang = 'en') => post('/app-api/ip/invoice/create', payload, token, lang);

/** An order of the user's, paid unless told otherwise (payments are tested in their own module). */
async function order(who: Member, accountType: OrderAccountType = OrderAccountType.Personal, paid = true): Promise<number> {
  const res = await post('/app-api/ip/recharge-order/create', { trafficGb: 10, accountType }, who.token);
  const id = res.json().data.id as number;
  if (paid)
    await t.app.db
      .update(rechargeOrders)
      .set({ payStatus: PayStatus.Paid, status: RechargeOrderStatus.Success, payChannel: 'alipay_pc', payTime: new Date() })
      .where(eq(rechargeOrders.id, id));
  return id;
}

let staticOrderSeq = 0;

/** A static IP order of the user's (a renewal: no stock needed), paid unless told otherwise. */
async function staticOrder(who: Member, paid = true): Promise<{ id: number; orderNo: string; amountFen: number }> {
  const [site] = await t.app.db.select({ id: siteSettings.id }).from(siteSettings).limit(1);
  const now = new Date();
  const [row] = await t.app.db
    .insert(staticOrders)
    .values({
      orderNo: `SINV${Date.now()}${++staticOrderSeq}`,
      userId: who.id,
      orderType: StaticOrderType.Renewal,
      status: paid ? StaticOrderStatus.Success : StaticOrderStatus.Pending,
      payStatus: paid ? PayStatus.Paid : PayStatus.Unpaid,
      resourceType: 1,
      count: 2,
      durationDays: 30,
      unitPriceFen: 4_500,
      amountFen: 9_000,
      siteId: site?.id as number,
      payChannel: paid ? 'alipay_pc' : null,
      payTime: paid ? now : null,
      payDeadline: new Date(now.getTime() + 30 * 60_000),
      createdAt: now,
    })
    .returning();
  return { id: row?.id as number, orderNo: row?.orderNo as string, amountFen: row?.amountFen as number };
}

async function certifyCompany(who: Member, status: IdentificationStatus = IdentificationStatus.Success) {
  await t.app.db.insert(enterpriseCertifications).values({
    userId: who.id,
    companyName: 'Hangzhou Example Technology Co., Ltd.',
    contactPhone: '13800138000',
    creditCodeEnc: encryptField(KEY, USCC, CREDIT_CODE),
    bankName: '中国工商银行杭州西湖支行',
    bankAccountEnc: encryptField(KEY, '6222021234567890123', 'bankAccount'),
    registrationAddress: '浙江省杭州市西湖区文三路 1 号',
    registrationPhone: '0571-12345678',
    licenceFile: '',
    licenceType: 'image/png',
    status,
    submittedAt: new Date(),
    reviewedAt: status === IdentificationStatus.Auditing ? null : new Date(),
  });
}

const personalBody = (orderId: number) => ({ type: 'ordinary', orderId, titleType: 'personal', title: '张三' });
const vatBody = (orderId: number) => ({
  type: 'vat_special',
  orderId,
  taxAddress: '浙江省杭州市西湖区文三路 1 号',
  taxPhone: '0571-12345678',
  bankName: '中国工商银行杭州西湖支行',
  bankAccount: '6222 0212 3456 7890 123',
});

const listOf = async (who: Member, ...orderIds: number[]) =>
  (await get(`/app-api/ip/invoice/list?orderIds=${orderIds.join(',')}`, who.token)).json().data as Array<{
    id: number;
    orderId: number;
    status: string;
    refusalReason: string | null;
    title: string;
    taxNumber: string | null;
  }>;

async function pdfFile(name: string, data: Buffer = PDF) {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

describe('invoice state machine', () => {
  it('requests, refuses with a reason, requests again, issues; a live invoice cannot be requested twice', async () => {
    const alice = await member();
    const orderId = await order(alice);
    const first = await requestInvoice(alice.token, personalBody(orderId));
    expect(first.json()).toMatchObject({
      code: 0,
      data: { orderId, type: 'ordinary', status: 'requested', titleType: 'personal', title: '张三', taxNumber: null },
    });
    const firstId = first.json().data.id as number;

    const again = await requestInvoice(alice.token, personalBody(orderId), 'zh-CN');
    expect(again.json()).toEqual({ code: InvoiceErrorCode.AlreadyRequested, data: null, msg: '该订单已申请过发票' });

    expect(await ops('invoice', 'refuse', String(firstId), '--reason', 'Title must match the payer')).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`refused: invoice ${firstId}`));
    expect(await listOf(alice, orderId)).toMatchObject([
      { id: firstId, status: 'refused', refusalReason: 'Title must match the payer' },
    ]);
    // Refused twice? Not waiting any more.
    expect(await ops('invoice', 'refuse', String(firstId), '--reason', 'again')).toBe(1);
    expect(err.join('\n')).toMatch(/is not waiting \(status refused\)/);

    const second = await requestInvoice(alice.token, { ...personalBody(orderId), title: '张三丰' });
    expect(second.json()).toMatchObject({ code: 0, data: { status: 'requested', title: '张三丰' } });
    const secondId = second.json().data.id as number;
    expect(await listOf(alice, orderId)).toMatchObject([{ id: secondId, status: 'requested', refusalReason: null }]);

    expect(await ops('invoice', 'issue', String(secondId), await pdfFile('a.pdf'))).toBe(0);
    const [issued] = await listOf(alice, orderId);
    expect(issued).toMatchObject({ id: secondId, status: 'issued' });
    expect((await requestInvoice(alice.token, personalBody(orderId))).json().code).toBe(InvoiceErrorCode.AlreadyRequested);
    expect(await ops('invoice', 'issue', String(secondId), await pdfFile('b.pdf'))).toBe(1);
    expect(err.join('\n')).toMatch(/is not waiting \(status issued\)/);
  });

  it('holds one invoice per order when 50 requests arrive at once', async () => {
    const alice = await member();
    const orderId = await order(alice);
    const answers = await Promise.all(Array.from({ length: 50 }, () => requestInvoice(alice.token, personalBody(orderId))));
    const codes = answers.map((a) => a.json().code as number);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === InvoiceErrorCode.AlreadyRequested)).toHaveLength(49);
    expect(await t.app.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  });

  it('invoices only paid orders of the caller, with the kind of invoice the order comes with', async () => {
    const alice = await member();
    const bob = await member();
    const unpaid = await order(alice, OrderAccountType.Personal, false);
    expect((await requestInvoice(alice.token, personalBody(unpaid), 'zh-CN')).json()).toEqual({
      code: InvoiceErrorCode.OrderNotPaid,
      data: null,
      msg: '仅已支付的订单可以开具发票',
    });
    const paid = await order(alice);
    // Another user's order is not found, and its invoices are not listed.
    expect((await requestInvoice(bob.token, personalBody(paid))).json().code).toBe(CommerceErrorCode.OrderNotFound);
    expect((await requestInvoice(alice.token, personalBody(paid))).json().code).toBe(0);
    expect(await listOf(bob, paid)).toEqual([]);
    expect(await listOf(alice, paid)).toHaveLength(1);
    // A personal order gets an ordinary invoice, an enterprise order a VAT special one.
    const another = await order(alice);
    expect((await requestInvoice(alice.token, vatBody(another))).json().code).toBe(InvoiceErrorCode.WrongType);
    const enterprise = await order(alice, OrderAccountType.Enterprise);
    expect((await requestInvoice(alice.token, personalBody(enterprise))).json().code).toBe(InvoiceErrorCode.WrongType);
    expect(await t.app.db.select().from(invoices).where(eq(invoices.userId, bob.id))).toEqual([]);
  });

  it('issues a VAT special invoice to the approved certified company only', async () => {
    const carol = await member();
    const orderId = await order(carol, OrderAccountType.Enterprise);
    expect((await requestInvoice(carol.token, vatBody(orderId))).json().code).toBe(InvoiceErrorCode.CertificationRequired);
    await certifyCompany(carol, IdentificationStatus.Auditing);
    expect((await requestInvoice(carol.token, vatBody(orderId))).json().code).toBe(InvoiceErrorCode.CertificationRequired);
    await certifyCompany(carol, IdentificationStatus.Success);
    // Title and taxpayer number sent by the client are ignored: the certification's are used.
    const res = await requestInvoice(carol.token, {
      ...vatBody(orderId),
      title: 'Someone Else Ltd',
      taxNumber: '911101087782648787',
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { type: 'vat_special', titleType: 'company', title: 'Hangzhou Example Technology Co., Ltd.', taxNumber: USCC },
    });
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    // Taxpayer number and bank account are encrypted at rest; the account lost its spaces.
    expect(row?.taxNumberEnc).not.toContain(USCC);
    expect(row?.bankAccountEnc).not.toContain('6222');
    const [orderRow] = await t.app.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, orderId));
    expect(row?.amountFen).toBe(orderRow?.payAmountFen);
    expect(await ops('invoice', 'list')).toBe(0);
    const listed = out.join('\n');
    expect(listed).toContain(`${row?.id}\trequested\tVAT special\torder ${orderRow?.orderNo}`);
    expect(listed).toContain(`taxpayer number: ${USCC}`);
    expect(listed).toContain('account: 6222021234567890123');
  });

  it('answers bad forms with a localized 400 naming the field', async () => {
    const dave = await member();
    const orderId = await order(dave, OrderAccountType.Enterprise);
    await certifyCompany(dave);
    const badAccount = await requestInvoice(dave.token, { ...vatBody(orderId), bankAccount: '12ab' }, 'zh-CN');
    expect(badAccount.statusCode).toBe(400);
    expect(badAccount.json().fieldErrors).toEqual({ bankAccount: '请输入 8–30 位数字的银行账号' });
    const badPhone = await requestInvoice(dave.token, { ...vatBody(orderId), taxPhone: '12345' });
    expect(Object.keys(badPhone.json().fieldErrors)).toEqual(['taxPhone']);

    const personal = await order(dave);
    const company = { type: 'ordinary', orderId: personal, titleType: 'company', title: 'Example Ltd' };
    // A company title needs a valid credit code (the check character is computed).
    for (const taxNumber of [undefined, '', '91330100716105852A']) {
      const res = await requestInvoice(dave.token, { ...company, taxNumber });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['taxNumber']);
    }
    // A person's number is optional, and may be their ID card number.
    expect((await requestInvoice(dave.token, { ...personalBody(personal), taxNumber: 'not a number' })).statusCode).toBe(400);
    const ok = await requestInvoice(dave.token, { ...company, taxNumber: USCC.toLowerCase() });
    expect(ok.json()).toMatchObject({ code: 0, data: { titleType: 'company', taxNumber: USCC } });
    expect((await get('/app-api/ip/invoice/list?orderIds=1,x', dave.token)).statusCode).toBe(400);
  });
});

describe('invoices of static IP orders', () => {
  const staticList = async (who: Member, ...orderIds: number[]) =>
    (await get(`/app-api/ip/invoice/list?orderKind=static&orderIds=${orderIds.join(',')}`, who.token)).json().data as Array<{
      id: number;
      orderKind: string;
      orderId: number;
      status: string;
      type: string;
    }>;

  it('invoices a paid static order of the caller (ordinary without an approved company), issued and downloaded', async () => {
    const hana = await member();
    const mallory = await member();
    const paid = await staticOrder(hana);
    const unpaid = await staticOrder(hana, false);
    const body = (orderId: number) => ({ ...personalBody(orderId), orderKind: 'static' });

    expect((await requestInvoice(hana.token, body(unpaid.id), 'zh-CN')).json()).toEqual({
      code: InvoiceErrorCode.OrderNotPaid,
      data: null,
      msg: '仅已支付的订单可以开具发票',
    });
    expect((await requestInvoice(mallory.token, body(paid.id))).json().code).toBe(CommerceErrorCode.OrderNotFound);
    // Without an approved company certification a static order gets the ordinary invoice.
    expect((await requestInvoice(hana.token, { ...vatBody(paid.id), orderKind: 'static' })).json().code).toBe(
      InvoiceErrorCode.WrongType,
    );
    const res = await requestInvoice(hana.token, body(paid.id));
    expect(res.json()).toMatchObject({
      code: 0,
      data: { orderKind: 'static', orderId: paid.id, type: 'ordinary', status: 'requested', amountFen: paid.amountFen },
    });
    const id = res.json().data.id as number;
    expect((await requestInvoice(hana.token, body(paid.id))).json().code).toBe(InvoiceErrorCode.AlreadyRequested);

    // The static list answers static orders only; the recharge list (the default) does not mix them in.
    expect(await staticList(hana, paid.id)).toMatchObject([{ id, orderKind: 'static', orderId: paid.id }]);
    expect(await listOf(hana, paid.id)).toEqual([]);
    expect(await staticList(mallory, paid.id)).toEqual([]);

    expect(await ops('invoice', 'list')).toBe(0);
    expect(out.join('\n')).toContain(`${id}\trequested\tordinary\tstatic IP order ${paid.orderNo}\t¥90.00`);
    out = [];
    expect(await ops('invoice', 'issue', String(id), await pdfFile('static.pdf'))).toBe(0);
    expect(out.join('\n')).toContain(`issued: invoice ${id} of static IP order id ${paid.id}`);
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ orderId: null, staticOrderId: paid.id, status: 'issued' });
    const [file] = await t.app.db
      .select()
      .from(invoiceFiles)
      .where(eq(invoiceFiles.id, row?.pdfFile as string));
    expect(file?.sealed.includes(Buffer.from('%PDF'))).toBe(false);

    const pdf = await get(`${INVOICE_DOWNLOAD_PATH}?id=${id}`, hana.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${paid.orderNo}.pdf"`);
    expect(pdf.rawPayload).toEqual(PDF);
    expect((await get(`${INVOICE_DOWNLOAD_PATH}?id=${id}`, mallory.token)).statusCode).toBe(404);
  });

  it('gives a certified company the VAT special invoice of a static order, to the certified name', async () => {
    const ivan = await member();
    const order = await staticOrder(ivan);
    await certifyCompany(ivan);
    const asStatic = { orderKind: 'static' };
    expect((await requestInvoice(ivan.token, { ...personalBody(order.id), ...asStatic })).json().code).toBe(
      InvoiceErrorCode.WrongType,
    );
    const res = await requestInvoice(ivan.token, { ...vatBody(order.id), ...asStatic });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { orderKind: 'static', type: 'vat_special', title: 'Hangzhou Example Technology Co., Ltd.', taxNumber: USCC },
    });
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.staticOrderId, order.id));
    expect(row?.bankAccountEnc).not.toContain('6222');
  });

  it('holds one invoice per static order when 50 requests arrive at once', async () => {
    const jun = await member();
    const order = await staticOrder(jun);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => requestInvoice(jun.token, { ...personalBody(order.id), orderKind: 'static' })),
    );
    const codes = answers.map((a) => a.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === InvoiceErrorCode.AlreadyRequested)).toHaveLength(49);
    expect(await t.app.db.select().from(invoices).where(eq(invoices.staticOrderId, order.id))).toHaveLength(1);
  });

  it('keeps the invoices of recharge and static orders apart, each of exactly one order', async () => {
    const kim = await member();
    const recharge = await order(kim);
    const stat = await staticOrder(kim);
    expect((await requestInvoice(kim.token, personalBody(recharge))).json().code).toBe(0);
    expect((await requestInvoice(kim.token, { ...personalBody(stat.id), orderKind: 'static' })).json().code).toBe(0);
    expect(await listOf(kim, recharge)).toMatchObject([{ orderKind: 'recharge', orderId: recharge }]);
    expect(await staticList(kim, stat.id)).toMatchObject([{ orderKind: 'static', orderId: stat.id }]);
    // The database refuses an invoice of no order, or of both.
    const both = t.app.db.insert(invoices).values({
      userId: kim.id,
      orderId: recharge,
      staticOrderId: stat.id,
      type: 'ordinary',
      status: 'refused',
      titleType: 'personal',
      title: 'x',
      amountFen: 1,
      refusalReason: 'x',
      requestedAt: new Date(),
      decidedAt: new Date(),
    });
    await expect(both).rejects.toThrow();
    expect((await get('/app-api/ip/invoice/list?orderKind=other&orderIds=1', kim.token)).statusCode).toBe(400);
  });
});

describe('invoice PDF', () => {
  it('is stored encrypted and downloaded by its owner only, never cached by shared caches', async () => {
    const erin = await member();
    const mallory = await member();
    const orderId = await order(erin);
    const id = (await requestInvoice(erin.token, personalBody(orderId))).json().data.id as number;
    // Not issued yet: nothing to download.
    expect((await get(`${INVOICE_DOWNLOAD_PATH}?id=${id}`, erin.token)).statusCode).toBe(404);
    expect(await ops('invoice', 'issue', String(id), await pdfFile('erin.pdf'))).toBe(0);

    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, id));
    const [file] = await t.app.db
      .select()
      .from(invoiceFiles)
      .where(eq(invoiceFiles.id, row?.pdfFile as string));
    expect(file?.sealed.includes(Buffer.from('%PDF'))).toBe(false);
    expect(decryptBytes(KEY, file?.sealed as Buffer, 'invoicePdf')).toEqual(PDF);

    const res = await get(`${INVOICE_DOWNLOAD_PATH}?id=${id}`, erin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [orderRow] = await t.app.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, orderId));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${orderRow?.orderNo}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload).toEqual(PDF);

    const stolen = await get(`${INVOICE_DOWNLOAD_PATH}?id=${id}`, mallory.token, 'zh-CN');
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 404, data: null });
    expect(stolen.body).not.toContain('%PDF');
    expect((await t.app.inject({ method: 'GET', url: `${INVOICE_DOWNLOAD_PATH}?id=${id}` })).json().code).toBe(401);
    expect((await get(`${INVOICE_DOWNLOAD_PATH}?id=abc`, erin.token)).statusCode).toBe(400);
  });

  it('accepts only a whole PDF within the size limit', async () => {
    expect(invoicePdfProblem(PDF)).toBeNull();
    expect(invoicePdfProblem(Buffer.alloc(0))).toMatch(/empty/);
    expect(invoicePdfProblem(Buffer.from('\x89PNG\r\n\x1a\n%%EOF'))).toMatch(/not a PDF/);
    expect(invoicePdfProblem(PDF.subarray(0, 20))).toMatch(/truncated/);
    const huge = Buffer.concat([PDF, Buffer.alloc(INVOICE_PDF_MAX_BYTES)]);
    expect(invoicePdfProblem(huge)).toMatch(/larger than 10 MB/);

    const frank = await member();
    const id = (await requestInvoice(frank.token, personalBody(await order(frank)))).json().data.id as number;
    expect(await ops('invoice', 'issue', String(id), await pdfFile('fake.pdf', Buffer.from('<html>not a pdf</html>')))).toBe(1);
    expect(err.join('\n')).toMatch(/not a PDF/);
    expect(await ops('invoice', 'issue', String(id), await pdfFile('big.pdf', huge))).toBe(1);
    expect(err.join('\n')).toMatch(/larger than 10 MB/);
    expect(await ops('invoice', 'issue', String(id), join(dir, 'missing.pdf'))).toBe(1);
    expect(err.join('\n')).toMatch(/cannot read/);
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row?.status).toBe('requested');
  });
});

describe('ops invoice', () => {
  it('lists waiting invoices (or all), and refuses bad usage', async () => {
    const gina = await member();
    const orderId = await order(gina);
    const id = (await requestInvoice(gina.token, personalBody(orderId))).json().data.id as number;
    expect(await ops('invoice', 'list')).toBe(0);
    expect(out.some((l) => l.startsWith(`${id}\trequested\tordinary\t`))).toBe(true);
    expect(await ops('invoice', 'refuse', String(id), '--reason', 'Wrong name')).toBe(0);
    out = [];
    expect(await ops('invoice', 'list')).toBe(0);
    expect(out.some((l) => l.startsWith(`${id}\t`))).toBe(false);
    expect(await ops('invoice', 'list', '--status', 'all')).toBe(0);
    expect(out.some((l) => l.startsWith(`${id}\trefused\t`))).toBe(true);
    expect(out).toContain('\trefused: Wrong name');

    expect(await ops('invoice', 'list', '--status', 'issued')).toBe(2);
    expect(await ops('invoice', 'refuse', String(id))).toBe(2);
    expect(err.join('\n')).toMatch(/missing --reason/);
    expect(await ops('invoice', 'issue', 'abc', 'x.pdf')).toBe(2);
    expect(await ops('invoice', 'issue', '1')).toBe(2);
    expect(await ops('invoice', 'refuse', '999999', '--reason', 'x')).toBe(1);
    expect(err.join('\n')).toMatch(/no invoice with id 999999/);
    expect(await ops('--help')).toBe(0);
    expect(out.join('\n')).toMatch(/invoice issue <id> <pdf file>/);
  });

  it('makes the PDF path absolute from where the operator typed the command, never the id', () => {
    expect(withAbsoluteFiles(['invoice', 'issue', '12', 'inv.pdf'], '/home/op')).toEqual([
      'invoice',
      'issue',
      '12',
      '/home/op/inv.pdf',
    ]);
    expect(withAbsoluteFiles(['invoice', 'issue', '12', '/srv/inv.pdf'], '/home/op')).toEqual([
      'invoice',
      'issue',
      '12',
      '/srv/inv.pdf',
    ]);
    expect(withAbsoluteFiles(['invoice', 'refuse', '12', '--reason', 'x'], '/home/op')).toEqual([
      'invoice',
      'refuse',
      '12',
      '--reason',
      'x',
    ]);
  });
});
