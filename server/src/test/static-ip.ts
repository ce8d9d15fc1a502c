import type { ResourceType } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { SandboxGateway } from '../modules/payments/gateways/sandbox.ts';
import { staticNodes, staticRegions } from '../modules/static-ip/tables.ts';
import { bearer } from './members.ts';

let nodeCounter = 0;

export interface RegionInput {
  resourceType: ResourceType;
  countryCode?: string;
  countryEn?: string;
  countryZh?: string;
  cityEn: string;
  cityZh?: string;
  /** IPs in stock. */
  nodes: number;
}

/** A region with `nodes` available IPs (documentation addresses, unique host:port). */
export async function addRegion(db: Db, input: RegionInput): Promise<{ regionId: number; nodeIds: number[] }> {
  const [region] = await db
    .insert(staticRegions)
    .values({
      resourceType: input.resourceType,
      countryCode: input.countryCode ?? 'US',
      countryEn: input.countryEn ?? 'United States',
      countryZh: input.countryZh ?? '美国',
      cityEn: input.cityEn,
      cityZh: input.cityZh ?? `${input.cityEn}市`,
    })
    .returning({ id: staticRegions.id });
  if (!region) throw new Error('insert returned nothing');
  if (input.nodes === 0) return { regionId: region.id, nodeIds: [] };
  const nodes = await db
    .insert(staticNodes)
    .values(
      Array.from({ length: input.nodes }, () => {
        nodeCounter += 1;
        return {
          regionId: region.id,
          host: `198.51.100.${(nodeCounter % 254) + 1}`,
          port: 20_000 + nodeCounter,
          outIp: `203.0.113.${(nodeCounter % 254) + 1}`,
          protocols: ['http' as const, 'socks5' as const],
        };
      }),
    )
    .returning({ id: staticNodes.id });
  return { regionId: region.id, nodeIds: nodes.map((n) => n.id) };
}

/** Starting payments and delivering signed sandbox notifications, as payments.test.ts does. */
export function sandboxPayer(app: FastifyInstance, sandbox: SandboxGateway, now: () => Date) {
  const start = async (token: string, orderId: number, channel = 'alipay_pc') => {
    const res = await app.inject({
      method: 'POST',
      url: '/app-api/order/staticPay',
      headers: bearer(token),
      payload: { orderId, channel },
    });
    const body = res.json();
    if (body.code !== 0) throw new Error(`staticPay failed: ${JSON.stringify(body)}`);
    return body.data as { kind: string; url?: string; paymentNo: string };
  };
  const notification = async (paymentNo: string, amountFen: number) => {
    const body = JSON.stringify({
      paymentNo,
      tradeNo: `SANDBOX${paymentNo}${Math.floor(Math.random() * 1e9)}`,
      amountFen,
      appId: 'sandbox',
      status: 'SUCCESS',
      paidAt: now().toISOString(),
    });
    return { body, signature: await sandbox.signNotification(body) };
  };
  const notify = (n: { body: string; signature: string }) =>
    app.inject({
      method: 'POST',
      url: '/app-api/pay/notify/sandbox',
      payload: n.body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': n.signature },
    });
  /** Starts a payment and delivers its notification; answers the provider's acknowledgement body. */
  const pay = async (token: string, order: { id: number; amountFen: number }) => {
    const { paymentNo } = await start(token, order.id);
    const res = await notify(await notification(paymentNo, order.amountFen));
    return res.body;
  };
  return { start, notification, notify, pay };
}
