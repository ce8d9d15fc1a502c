import { randomBytes, randomInt } from 'node:crypto';
import type { Locale } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../../clock.ts';
import { localeFromHeader } from '../../../../i18n/index.ts';
import {
  CASHIER_PATH,
  type CashierTicket,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxGateway,
  type SandboxNotification,
} from '../sandbox.ts';
import { cashierPage, messagePage } from './page.ts';

/**
 * The sandbox cashier: the page the sandbox gateway sends payers to, playing Alipay or WeChat Pay.
 * `GET /sandbox/cashier/<token>` shows it; `POST …/pay` signs a notification and delivers it to the
 * notify route real providers call (through app.inject), then returns to the merchant; `POST …/fail`
 * pays nothing. The token carries everything (see sandbox.ts), so no database is needed here.
 * Register only when the sandbox gateway is in use. Its HTML is page.ts, its words messages.ts.
 */

export interface SandboxCashierOptions {
  gateway: SandboxGateway;
  /** The sandbox's notify route, e.g. `/app-api/pay/notify/sandbox`. */
  notifyPath: string;
  /** The time of expiry checks and paidAt; app.now (or the real time) by default. */
  now?: Clock;
  /**
   * Whether the cashier may send the browser to a return or quit URL of a ticket: one of the
   * portal's public origins (app.publicOrigins.allows). A signed ticket is no licence to redirect
   * anywhere: tickets minted from a forged Host header before that check existed still circulate.
   */
  allowsRedirect: (url: string) => Promise<boolean>;
}

function localeOf(request: FastifyRequest): Locale {
  const lang = (request.query as { lang?: unknown } | null)?.lang;
  if (lang === 'en' || lang === 'zh-CN') return lang;
  return localeFromHeader(request.headers['accept-language']);
}

/**
 * CSP of the cashier pages: nothing external; forms post here and may redirect to the merchant
 * (`merchantUrls`: the ticket's return and quit URLs that passed allowsRedirect).
 */
function securityHeaders(reply: FastifyReply, merchantUrls: readonly string[], nonce?: string): FastifyReply {
  const formTargets = new Set(["'self'"]);
  for (const url of merchantUrls) formTargets.add(new URL(url).origin);
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    nonce ? `script-src 'nonce-${nonce}'` : null,
    'img-src data:',
    `form-action ${[...formTargets].join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]
    .filter(Boolean)
    .join('; ');
  return reply
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8');
}

/** `SANDBOX` and 20 random digits, like a provider's transaction id. */
function sandboxTradeNo(): string {
  let digits = '';
  for (let i = 0; i < 20; i++) digits += String(randomInt(10));
  return `SANDBOX${digits}`;
}

type Ticketed =
  | { ok: true; token: string; ticket: CashierTicket }
  | { ok: false; status: 400 | 410; ticket: CashierTicket | null };

/** The cashier routes (a plain, encapsulated plugin: its form body parser stays inside). */
export async function sandboxCashierRoutes(
  app: FastifyInstance,
  { gateway, notifyPath, now, allowsRedirect }: SandboxCashierOptions,
): Promise<void> {
  const clock: Clock = now ?? (() => (app.hasDecorator('now') ? app.now() : new Date()));

  // The cashier's buttons post an empty form; the body is not used.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
  }

  async function readTicket(token: string): Promise<Ticketed> {
    const ticket = await gateway.readCashierToken(token);
    if (!ticket) return { ok: false, status: 400, ticket: null };
    if (clock().getTime() >= ticket.expireAt) return { ok: false, status: 410, ticket };
    return { ok: true, token, ticket };
  }

  /** `url` when the browser may be sent there, else null (logged: a forged or stale ticket). */
  async function merchantUrl(request: FastifyRequest, ticket: CashierTicket, url: string): Promise<string | null> {
    if (await allowsRedirect(url)) return url;
    request.log.warn(
      { paymentNo: ticket.paymentNo, origin: URL.canParse(url) ? new URL(url).origin : '?' },
      'sandbox cashier: not redirecting off the portal',
    );
    return null;
  }

  /** The ticket's return and quit URLs that may be followed (form-action of the page). */
  async function merchantUrls(request: FastifyRequest, ticket: CashierTicket | null): Promise<string[]> {
    if (!ticket) return [];
    const urls = await Promise.all([ticket.returnUrl, ticket.quitUrl].map((url) => merchantUrl(request, ticket, url)));
    return urls.filter((url): url is string => url !== null);
  }

  async function refuse(request: FastifyRequest, reply: FastifyReply, locale: Locale, result: Extract<Ticketed, { ok: false }>) {
    const quitUrl = result.ticket ? await merchantUrl(request, result.ticket, result.ticket.quitUrl) : null;
    const html =
      result.status === 410
        ? messagePage(locale, result.ticket, 'expiredTitle', 'expiredText', {
            icon: '⌛',
            ...(quitUrl && { link: quitUrl }),
          })
        : messagePage(locale, null, 'invalidTitle', 'invalidText', { icon: '⚠' });
    return securityHeaders(reply, quitUrl ? [quitUrl] : [])
      .code(result.status)
      .send(html);
  }

  // Wildcard routes: a token is far longer than the router's 100-character limit on a `:param`.
  app.get(`${CASHIER_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const locale = localeOf(request);
    const token = (request.params as { '*'?: string })['*'] ?? '';
    if (token.includes('/')) return refuse(request, reply, locale, { ok: false, status: 400, ticket: null });
    const result = await readTicket(token);
    if (!result.ok) return refuse(request, reply, locale, result);
    const nonce = randomBytes(16).toString('base64');
    const html = await cashierPage(locale, token, result.ticket, result.ticket.expireAt - clock().getTime(), nonce);
    return securityHeaders(reply, await merchantUrls(request, result.ticket), nonce).send(html);
  });

  app.post(`${CASHIER_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const locale = localeOf(request);
    const rest = (request.params as { '*'?: string })['*'] ?? '';
    const match = /^([^/]+)\/(pay|fail)$/.exec(rest);
    if (!match) return refuse(request, reply, locale, { ok: false, status: 400, ticket: null });
    const [, token = '', action] = match;
    const result = await readTicket(token);
    if (!result.ok) return refuse(request, reply, locale, result);
    const { ticket } = result;
    const qrChannel = ticket.channel === 'wx_native';

    if (action === 'fail') {
      const quitUrl = qrChannel ? null : await merchantUrl(request, ticket, ticket.quitUrl);
      if (quitUrl) return reply.header('cache-control', 'no-store').redirect(quitUrl, 303);
      return securityHeaders(reply, []).send(messagePage(locale, ticket, 'notPaidTitle', 'notPaidText', { icon: '✕' }));
    }

    const notification: SandboxNotification = {
      paymentNo: ticket.paymentNo,
      tradeNo: sandboxTradeNo(),
      amountFen: ticket.amountFen,
      appId: gateway.expectedAppId,
      status: 'SUCCESS',
      paidAt: clock().toISOString(),
    };
    const payload = JSON.stringify(notification);
    const signature = await gateway.signNotification(payload);
    // The very route real providers call, with the very checks it applies to them.
    const ack = await app.inject({
      method: 'POST',
      url: notifyPath,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload,
    });
    const success = gateway.acknowledge(true);
    if (ack.statusCode !== success.status || ack.body !== success.body) {
      request.log.warn(
        { status: ack.statusCode, body: ack.body.slice(0, 200), paymentNo: ticket.paymentNo },
        'sandbox payment not acknowledged',
      );
      return securityHeaders(reply, [])
        .code(502)
        .send(
          messagePage(locale, ticket, 'refusedTitle', 'refusedText', { icon: '⚠', params: { status: String(ack.statusCode) } }),
        );
    }
    const returnUrl = qrChannel ? null : await merchantUrl(request, ticket, ticket.returnUrl);
    if (returnUrl) return reply.header('cache-control', 'no-store').redirect(returnUrl, 303);
    return securityHeaders(reply, []).send(messagePage(locale, ticket, 'paidTitle', 'paidText', { icon: '✓' }));
  });
}
