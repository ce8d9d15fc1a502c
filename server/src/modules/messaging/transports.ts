import { createHmac, randomUUID } from 'node:crypto';
import type { Locale } from '@portal/shared';
import { createTransport, type Transporter } from 'nodemailer';
import type { Clock } from '../../clock.ts';
import type { MailConfig, SmsConfig } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from './tables.ts';

export type Channel = 'sms' | 'email';

/** One SMS or e-mail to one person, already in their language. */
export interface OutgoingMessage {
  channel: Channel;
  /** Mobile number or lower-case e-mail address. */
  to: string;
  /**
   * `code`: a verification code; `notice`: the fixed account notice (an SMS provider may send its
   * approved template instead of `text`); `text`: a message that must arrive as written (alerts,
   * confirmations), which a template-only provider cannot send.
   */
  kind: 'code' | 'notice' | 'text';
  /** E-mail subject; for SMS only shown in the sandbox outbox. */
  subject: string;
  text: string;
  /** The verification code the message carries (code messages), else null. */
  code: string | null;
  locale: Locale;
}

/** Delivers messages of one channel. Implementations throw when the provider refuses. */
export interface Transport {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
  /** Whether messages of this kind can be sent at all; every kind when absent. */
  delivers?(kind: OutgoingMessage['kind']): boolean;
}

export type FetchLike = (
  input: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

/** SANDBOX: every message is written to the outbox table, shown at /sandbox/outbox. */
export class OutboxTransport implements Transport {
  readonly name = 'sandbox-outbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.db.insert(outboxMessages).values({
      channel: message.channel,
      to: message.to,
      subject: message.subject,
      body: message.text,
      code: message.code,
      createdAt: this.clock(),
    });
  }
}

/** E-mail over SMTP (SMTP_URL, MAIL_FROM) with nodemailer. */
export class SmtpTransport implements Transport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  constructor(private readonly config: MailConfig) {
    this.transporter = createTransport(config.url);
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      headers: { 'Content-Language': message.locale },
    });
  }

  close(): void {
    this.transporter.close();
  }
}

/** RFC 3986 percent-encoding as Alibaba Cloud's signature wants it (`~` kept, space as %20). */
const aliyunEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The signed query of an Alibaba Cloud RPC call (signature method HMAC-SHA1, version 1.0): the
 * sorted, encoded parameters, signed as `POST&%2F&<encoded query>` with `<secret>&`.
 */
export function aliyunSignedQuery(params: Record<string, string>, accessKeySecret: string, method = 'POST'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
  return `Signature=${aliyunEncode(signature)}&${canonical}`;
}

/**
 * SMS through Alibaba Cloud SMS (Dysms `SendSms`). The text of an SMS there is a template approved
 * in the console: SMS_TEMPLATE_CODE gets `{"code": "123456"}`; the account notice is only sent
 * when SMS_TEMPLATE_NOTICE is set. The template's language is the console's (not per request).
 */
export class AliyunSmsTransport implements Transport {
  readonly name = 'aliyun-sms';
  constructor(
    private readonly config: Extract<SmsConfig, { provider: 'aliyun' }>,
    private readonly fetchFn: FetchLike = fetch,
    private readonly clock: Clock = () => new Date(),
  ) {}

  /** Approved templates only: codes, and the notice when its template is set; never free text. */
  delivers(kind: OutgoingMessage['kind']): boolean {
    return kind === 'code' || (kind === 'notice' && Boolean(this.config.noticeTemplateCode));
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.kind === 'text') throw new Error('aliyun SMS sends approved templates only, not free text');
    const template = message.kind === 'code' ? this.config.templateCode : this.config.noticeTemplateCode;
    if (!template) return; // no notice template configured: nothing to send
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.to,
      RegionId: 'cn-hangzhou',
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: template,
      Timestamp: this.clock()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    if (message.code !== null) params.TemplateParam = JSON.stringify({ code: message.code });
    const res = await this.fetchFn(this.config.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: aliyunSignedQuery(params, this.config.accessKeySecret),
    });
    const text = await res.text();
    let code: unknown;
    try {
      code = (JSON.parse(text) as { Code?: unknown }).Code;
    } catch {
      code = undefined;
    }
    if (!res.ok || code !== 'OK') throw new Error(`aliyun SendSms failed: HTTP ${res.status} ${text.slice(0, 300)}`);
  }
}

/**
 * SMS through any gateway that takes a JSON POST: `{ to, text, code, locale, kind }` to
 * SMS_WEBHOOK_URL, with `Authorization: Bearer SMS_WEBHOOK_TOKEN` when set. Any 2xx is success.
 */
export class WebhookSmsTransport implements Transport {
  readonly name = 'webhook-sms';
  constructor(
    private readonly config: Extract<SmsConfig, { provider: 'webhook' }>,
    private readonly fetchFn: FetchLike = fetch,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.token) headers.authorization = `Bearer ${this.config.token}`;
    const res = await this.fetchFn(this.config.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        to: message.to,
        text: message.text,
        code: message.code,
        locale: message.locale,
        kind: message.kind,
      }),
    });
    if (!res.ok) throw new Error(`SMS webhook failed: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
}
