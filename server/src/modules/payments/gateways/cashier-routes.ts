import { randomBytes, randomInt } from 'node:crypto';
import { fenToYuan, type Locale, type PayChannel, payTypeOf, formatCountdown } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../clock.ts';
import { localeFromHeader } from '../../../i18n/index.ts';
import { qrSvg } from './qr.ts';
import {
  CASHIER_PATH,
  type CashierTicket,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxGateway,
  type SandboxNotification,
} from './sandbox.ts';

/**
 * The sandbox cashier: the page the sandbox gateway sends payers to, playing Alipay or WeChat Pay.
 * `GET /sandbox/cashier/<token>` shows it; `POST …/pay` signs a notification and delivers it to the
 * notify route real providers call (through app.inject), then returns to the merchant; `POST …/fail`
 * pays nothing. The token carries everything (see sandbox.ts), so no database is needed here.
 * Register only when the sandbox gateway is in use.
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

const messages = {
  en: {
    title: 'Sandbox cashier',
    banner: 'SANDBOX — no real money moves',
    bannerDetail: 'This page stands in for {provider} (SANDBOX=true). Paying here only marks the order paid in this portal.',
    alipay: 'Alipay',
    wechat: 'WeChat Pay',
    alipay_pc: 'Website payment',
    alipay_wap: 'Mobile website payment',
    wx_native: 'QR code payment',
    wx_h5: 'H5 payment',
    item: 'Item',
    amount: 'Amount',
    paymentNo: 'Payment number',
    timeLeft: 'Time left to pay',
    pay: 'Pay ¥{amount}',
    fail: 'Simulate failure',
    qrCaption: 'Scan with your phone to open this cashier there.',
    qrLabel: 'QR code of this cashier page',
    language: 'Language',
    invalidTitle: 'Invalid payment link',
    invalidText: 'This link is not a valid sandbox payment. Start the payment again from your order.',
    expiredTitle: 'Payment link expired',
    expiredText: 'The time to pay this order is over. Go back to the merchant and place the order again.',
    backToMerchant: 'Back to the merchant',
    paidTitle: 'Payment complete',
    paidText: 'You can close this page and return to the merchant.',
    notPaidTitle: 'Payment not made',
    notPaidText: 'No money moved. You can close this page and return to the merchant to pay another way.',
    refusedTitle: 'The merchant did not confirm the payment',
    refusedText: 'The payment notification was not accepted (HTTP {status}). Nothing was paid; try again from your order.',
  },
  'zh-CN': {
    title: '沙箱收银台',
    banner: '沙箱环境 — 不会发生真实扣款',
    bannerDetail: '本页面模拟{provider}（SANDBOX=true）。在此支付只会把本站的订单标记为已支付。',
    alipay: '支付宝',
    wechat: '微信支付',
    alipay_pc: '电脑网站支付',
    alipay_wap: '手机网站支付',
    wx_native: '扫码支付',
    wx_h5: 'H5 支付',
    item: '商品',
    amount: '金额',
    paymentNo: '支付单号',
    timeLeft: '剩余支付时间',
    pay: '支付 ¥{amount}',
    fail: '模拟支付失败',
    qrCaption: '用手机扫码，在手机上打开此收银台。',
    qrLabel: '本收银台页面的二维码',
    language: '语言',
    invalidTitle: '无效的支付链接',
    invalidText: '该链接不是有效的沙箱支付链接，请从订单重新发起支付。',
    expiredTitle: '支付链接已过期',
    expiredText: '该订单的支付时间已过，请返回商户重新下单。',
    backToMerchant: '返回商户',
    paidTitle: '支付成功',
    paidText: '您可以关闭此页面并返回商户。',
    notPaidTitle: '未完成支付',
    notPaidText: '未发生任何扣款。您可以关闭此页面，返回商户选择其他方式支付。',
    refusedTitle: '商户未确认该笔支付',
    refusedText: '支付通知未被接受（HTTP {status}），未完成支付，请从订单重新发起支付。',
  },
} as const satisfies Record<Locale, Record<string, string>>;

type MessageKey = keyof (typeof messages)['en'];

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function t(locale: Locale, key: MessageKey, params: Record<string, string> = {}): string {
  return messages[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

function localeOf(request: FastifyRequest): Locale {
  const lang = (request.query as { lang?: unknown } | null)?.lang;
  if (lang === 'en' || lang === 'zh-CN') return lang;
  return localeFromHeader(request.headers['accept-language']);
}

const providerOf = (channel: PayChannel) => payTypeOf(channel);

const STYLE = `
  /* --brand-strong carries white text (contrast ≥ 4.5:1); --brand is the providers' own bright colour. */
  :root { --brand: #1677ff; --brand-strong: #0958d9; --brand-hover: #003eb3; --brand-soft: #e6f0ff; }
  body.wechat { --brand: #07c160; --brand-strong: #067a3d; --brand-hover: #045a2d; --brand-soft: #e7f8ef; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.6 system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; background: #f2f4f7; color: #1f2328; }
  .sandbox-banner { background: #fff3cd; color: #5c3c00; border-bottom: 2px solid #e0a800; padding: 10px 20px; text-align: center; }
  .sandbox-banner strong { display: block; font-size: 16px; letter-spacing: .02em; }
  .provider { background: var(--brand-strong); color: #fff; display: flex; align-items: center; gap: 12px; padding: 14px 20px; flex-wrap: wrap; }
  .logo { width: 36px; height: 36px; border-radius: 8px; background: #fff; color: var(--brand); display: grid; place-items: center; font-weight: 700; font-size: 20px; }
  .provider-name { font-size: 18px; font-weight: 600; }
  .provider-kind { font-size: 14px; }
  .provider nav { margin-left: auto; font-size: 14px; }
  .provider nav a { color: #fff; margin-left: 10px; }
  .provider nav a[aria-current="true"] { font-weight: 700; text-decoration: none; }
  main { max-width: 520px; margin: 24px auto; padding: 0 16px; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  .card { background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  .amount { font-size: 40px; font-weight: 700; margin: 4px 0 16px; color: #111; font-variant-numeric: tabular-nums; }
  .amount .currency { font-size: 24px; margin-right: 4px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0 0 20px; }
  dt { color: #57606a; }
  dd { margin: 0; overflow-wrap: anywhere; }
  #time-left { font-variant-numeric: tabular-nums; font-weight: 600; color: #b42318; }
  figure.qr { margin: 0 0 20px; text-align: center; }
  figure.qr svg { width: 200px; height: 200px; border: 8px solid var(--brand-soft); border-radius: 8px; }
  figcaption { color: #57606a; font-size: 14px; }
  form { display: grid; gap: 10px; }
  button { font: inherit; font-size: 17px; padding: 12px 16px; border-radius: 8px; cursor: pointer; border: 1px solid transparent; }
  button.pay { background: var(--brand-strong); color: #fff; font-weight: 600; }
  button.pay:hover { background: var(--brand-hover); }
  button.pay:disabled { background: #98a2b3; cursor: not-allowed; }
  button.fail { background: #fff; color: #b42318; border-color: #f3b8b2; }
  button:focus-visible, a:focus-visible { outline: 3px solid #111; outline-offset: 2px; }
  .message p { margin: 0 0 12px; }
  .message a { color: var(--brand-strong); }
  .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
  .status-icon { font-size: 40px; line-height: 1; margin-bottom: 8px; }
`;

interface PageInput {
  locale: Locale;
  provider: 'alipay' | 'wechat' | null;
  channel: PayChannel | null;
  title: string;
  body: string;
  /** Self-URL without query, for the language links. */
  selfPath: string | null;
  nonce?: string;
  script?: string;
}

function page({ locale, provider, channel, title, body, selfPath, nonce, script }: PageInput): string {
  const providerName = provider ? t(locale, provider) : t(locale, 'title');
  const other: Locale = locale === 'en' ? 'zh-CN' : 'en';
  const otherName = provider ? messages[other][provider] : '';
  const bannerProvider = provider ? t(locale, provider) : `${t(locale, 'alipay')} / ${t(locale, 'wechat')}`;
  const languageLinks = selfPath
    ? `<nav aria-label="${escapeHtml(t(locale, 'language'))}">${(['zh-CN', 'en'] as const)
        .map(
          (l) =>
            `<a href="${escapeHtml(`${selfPath}?lang=${l}`)}" lang="${l}" hreflang="${l}"${l === locale ? ' aria-current="true"' : ''}>${l === 'en' ? 'English' : '中文'}</a>`,
        )
        .join('')}</nav>`
    : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} · ${escapeHtml(t(locale, 'title'))}</title>
<style>${STYLE}</style>
</head>
<body class="${provider ?? 'alipay'}">
<header>
<div class="sandbox-banner" role="note"><strong>${escapeHtml(t(locale, 'banner'))}</strong> ${escapeHtml(t(locale, 'bannerDetail', { provider: bannerProvider }))}</div>
<div class="provider">
<span class="logo" aria-hidden="true">${provider === 'wechat' ? '微' : provider === 'alipay' ? '支' : '¥'}</span>
<span class="provider-name">${escapeHtml(providerName)}${otherName ? ` <span lang="${other}">${escapeHtml(otherName)}</span>` : ''}</span>
${channel ? `<span class="provider-kind">${escapeHtml(t(locale, channel))}</span>` : ''}
${languageLinks}
</div>
</header>
<main>
${body}
</main>
${script && nonce ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`;
}

/** Counts the time left down in the browser and disables paying at zero (the server checks again). */
const COUNTDOWN_SCRIPT = `(function () {
  var el = document.getElementById('time-left');
  if (!el) return;
  var end = Date.now() + Number(el.getAttribute('data-remaining-ms'));
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function tick() {
    var s = Math.max(0, Math.round((end - Date.now()) / 1000));
    var h = Math.floor(s / 3600);
    el.textContent = (h > 0 ? h + ':' : '') + pad(Math.floor((s % 3600) / 60)) + ':' + pad(s % 60);
    if (s === 0) {
      var pay = document.querySelector('[data-testid="sandbox-pay"]');
      if (pay) pay.disabled = true;
      clearInterval(timer);
    }
  }
  var timer = setInterval(tick, 1000);
  tick();
})();`;

function messagePage(
  locale: Locale,
  ticket: CashierTicket | null,
  titleKey: MessageKey,
  textKey: MessageKey,
  options: { icon: string; params?: Record<string, string>; link?: string } = { icon: '' },
): string {
  const title = t(locale, titleKey);
  const link = options.link ? `<p><a href="${escapeHtml(options.link)}">${escapeHtml(t(locale, 'backToMerchant'))}</a></p>` : '';
  return page({
    locale,
    provider: ticket ? providerOf(ticket.channel) : null,
    channel: ticket?.channel ?? null,
    title,
    selfPath: null,
    body: `<section class="card message" aria-labelledby="message-title">
<div class="status-icon" aria-hidden="true">${options.icon}</div>
<h1 id="message-title">${escapeHtml(title)}</h1>
<p>${escapeHtml(t(locale, textKey, options.params))}</p>
${link}
</section>`,
  });
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

async function cashierPage(locale: Locale, token: string, ticket: CashierTicket, remainingMs: number, nonce: string) {
  const provider = providerOf(ticket.channel);
  const amount = fenToYuan(ticket.amountFen);
  const base = `${CASHIER_PATH}/${token}`;
  const lang = `?lang=${locale}`;
  let qr = '';
  if (ticket.channel === 'wx_native') {
    const selfUrl = `${new URL(ticket.notifyUrl).origin}${base}`;
    const svg = (await qrSvg(selfUrl)).replace(
      /^<svg /,
      `<svg role="img" aria-label="${escapeHtml(t(locale, 'qrLabel'))}" focusable="false" width="200" height="200" `,
    );
    qr = `<figure class="qr">${svg}<figcaption>${escapeHtml(t(locale, 'qrCaption'))}</figcaption></figure>`;
  }
  const title = `${t(locale, provider)} · ${t(locale, ticket.channel)}`;
  return page({
    locale,
    provider,
    channel: ticket.channel,
    title,
    selfPath: base,
    nonce,
    script: COUNTDOWN_SCRIPT,
    body: `<h1>${escapeHtml(t(locale, 'title'))}</h1>
<section class="card">
<p class="amount" data-testid="sandbox-amount"><span class="sr-only">${escapeHtml(t(locale, 'amount'))}: </span><span class="currency">¥</span>${amount}</p>
<dl>
<dt>${escapeHtml(t(locale, 'item'))}</dt><dd data-testid="sandbox-subject">${escapeHtml(ticket.subject)}</dd>
<dt>${escapeHtml(t(locale, 'paymentNo'))}</dt><dd>${escapeHtml(ticket.paymentNo)}</dd>
<dt>${escapeHtml(t(locale, 'timeLeft'))}</dt><dd><span id="time-left" role="timer" data-remaining-ms="${Math.max(0, Math.floor(remainingMs))}">${formatCountdown(remainingMs)}</span></dd>
</dl>
${qr}
<form method="post" action="${escapeHtml(`${base}/pay${lang}`)}">
<button type="submit" class="pay" data-testid="sandbox-pay">${escapeHtml(t(locale, 'pay', { amount }))}</button>
<button type="submit" class="fail" formaction="${escapeHtml(`${base}/fail${lang}`)}" data-testid="sandbox-fail">${escapeHtml(t(locale, 'fail'))}</button>
</form>
</section>`,
  });
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
