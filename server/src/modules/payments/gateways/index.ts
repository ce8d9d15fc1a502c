import { PAY_CHANNELS, type PayChannel, payTypeOf } from '@portal/shared';
import type { Clock } from '../../../clock.ts';
import type { Config } from '../../../config/index.ts';
import { createAlipayGateway } from './alipay.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox.ts';
import type { GatewayName, PaymentGateway } from './types.ts';
import { createWechatGateway, type PaymentFetch } from './wechat.ts';

export interface Gateways {
  /** The gateway serving a channel, or null when the channel is not offered. */
  gatewayFor(channel: PayChannel): PaymentGateway | null;
  /** A gateway by the name stored with payments and used in notify URLs, or null when it is not in use. */
  byName(name: GatewayName): PaymentGateway | null;
  /** The sandbox gateway when some channel uses it (then the cashier routes must be registered), else null. */
  sandbox: SandboxGateway | null;
  /** The channels offered, in PAY_CHANNELS order. */
  channels: PayChannel[];
}

export interface GatewayDeps {
  /** The HTTP client of WeChat Pay (tests pass a fake); the global fetch by default. */
  fetch?: PaymentFetch;
  /** Request timestamps and notification freshness; the real time by default. */
  now?: Clock;
}

/**
 * The payment gateways of the configuration: Alipay channels go to Alipay when it is configured,
 * WeChat channels to WeChat Pay when it is configured; otherwise, with SANDBOX, to the sandbox
 * cashier; otherwise the channel is not offered.
 */
export function createGateways(
  config: Pick<Config, 'payments' | 'sandbox' | 'dataDir' | 'dataEncryptionKey'>,
  { fetch, now }: GatewayDeps = {},
): Gateways {
  const alipay = config.payments.alipay
    ? createAlipayGateway(config.payments.alipay, { ...(fetch && { fetch }), ...(now && { now }) })
    : null;
  const wechat = config.payments.wechat
    ? createWechatGateway(config.payments.wechat, { ...(fetch && { fetch }), ...(now && { now }) })
    : null;
  const needsSandbox = config.sandbox && (!alipay || !wechat);
  const sandbox = needsSandbox ? createSandboxGateway(config) : null;

  const gatewayFor = (channel: PayChannel): PaymentGateway | null =>
    (payTypeOf(channel) === 'alipay' ? alipay : wechat) ?? sandbox;
  const byName: Record<GatewayName, PaymentGateway | null> = { alipay, wechat, sandbox };
  return {
    gatewayFor,
    byName: (name) => (Object.hasOwn(byName, name) ? byName[name] : null),
    sandbox,
    channels: PAY_CHANNELS.filter((channel) => gatewayFor(channel) !== null),
  };
}

export type { SandboxGateway } from './sandbox.ts';
export type { PaymentFetch } from './wechat.ts';
