import { fenToYuan, formatCountdown, type Locale, type PayChannel, payTypeOf } from '@portal/shared';
import { qrSvg } from '../qr.ts';
import { CASHIER_PATH, type CashierTicket } from '../sandbox.ts';
import { type MessageKey, messages, t } from './messages.ts';
import { STYLE } from './style.ts';

// The cashier's HTML: the payment page and its message pages (expired, invalid, paid…).

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const providerOf = (channel: PayChannel) => payTypeOf(channel);

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

export function messagePage(
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

export async function cashierPage(locale: Locale, token: string, ticket: CashierTicket, remainingMs: number, nonce: string) {
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
