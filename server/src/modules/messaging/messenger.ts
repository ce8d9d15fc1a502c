import { smsAllowed } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import {
  AliyunSmsTransport,
  type Channel,
  type FetchLike,
  type OutgoingMessage,
  OutboxTransport,
  SmtpTransport,
  type Transport,
  WebhookSmsTransport,
} from './transports.ts';

/**
 * Sends SMS and e-mail through the transport of each channel.
 *
 * Real providers are called in the background: the API answers before the provider does, so the
 * response time of send-sms-code does not tell "a code went out" (a slow provider call) from "there
 * was nothing to send" (an existing account at register, an unknown one at reset). A failed delivery
 * is logged; the user asks again after the 60 s wait. The sandbox outbox is written before the
 * answer (one local insert), so a test or developer finds the code as soon as the call returns.
 */
export class Messenger {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly transports: Partial<Record<Channel, Transport>>,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
    /** Await deliveries before answering (the sandbox). */
    private readonly synchronous: boolean,
    /** Regions SMS may go to (SMS_COUNTRIES); null: anywhere. */
    private readonly smsCountries: readonly string[] | null = null,
  ) {}

  /** Whether the channel's provider reaches this address: for SMS, whether the number's country is allowed. */
  reaches(channel: Channel, to: string): boolean {
    return channel !== 'sms' || smsAllowed(to, this.smsCountries);
  }

  /** Whether messages of this channel (and kind) can be delivered at all (a provider or the sandbox). */
  available(channel: Channel, kind: OutgoingMessage['kind'] = 'code'): boolean {
    const transport = this.transports[channel];
    return transport !== undefined && (transport.delivers?.(kind) ?? true);
  }

  async dispatch(message: OutgoingMessage): Promise<void> {
    const transport = this.transports[message.channel];
    if (!transport) throw new Error(`no transport for ${message.channel}`);
    const delivery = transport.send(message).then(
      () => this.log.info({ channel: message.channel, transport: transport.name, kind: message.kind }, 'message sent'),
      (err: unknown) => this.log.error({ err, channel: message.channel, transport: transport.name }, 'message delivery failed'),
    );
    if (this.synchronous) return delivery;
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /**
   * Sends now and throws when there is no transport or the provider refuses: for callers that keep
   * the message and retry (the alert job), unlike `dispatch`, which only logs a failure.
   */
  async deliver(message: OutgoingMessage): Promise<void> {
    const transport = this.transports[message.channel];
    if (!transport) throw new Error(`no transport for ${message.channel}`);
    if (transport.delivers && !transport.delivers(message.kind))
      throw new Error(`${transport.name} cannot send ${message.kind} messages`);
    await transport.send(message);
    this.log.info({ channel: message.channel, transport: transport.name, kind: message.kind }, 'message sent');
  }

  /** Waits for the background deliveries under way (shutdown, tests). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

export interface MessengerDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  fetch?: FetchLike;
}

/**
 * The messenger of a configuration: SANDBOX sends both channels to the outbox; otherwise SMS_PROVIDER
 * and SMTP_URL pick the real transports, and a channel without one is unavailable.
 */
export function createMessenger(
  config: Pick<Config, 'sandbox' | 'sms' | 'mail'> & Partial<Pick<Config, 'smsCountries'>>,
  deps: MessengerDeps,
): Messenger {
  const smsCountries = config.smsCountries ?? null;
  if (config.sandbox) {
    const outbox = new OutboxTransport(deps.db, deps.clock);
    return new Messenger({ sms: outbox, email: outbox }, deps.log, true, smsCountries);
  }
  const transports: Partial<Record<Channel, Transport>> = {};
  if (config.sms?.provider === 'aliyun') transports.sms = new AliyunSmsTransport(config.sms, deps.fetch, deps.clock);
  if (config.sms?.provider === 'webhook') transports.sms = new WebhookSmsTransport(config.sms, deps.fetch);
  if (config.mail) transports.email = new SmtpTransport(config.mail);
  return new Messenger(transports, deps.log, false, smsCountries);
}
