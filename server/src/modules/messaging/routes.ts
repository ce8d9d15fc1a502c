import { text } from '@portal/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../../config/index.ts';
import { createMessenger, type Messenger } from './messenger.ts';
import { outboxMessages } from './tables.ts';
import type { FetchLike } from './transports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messenger: Messenger;
  }
}

/** How many messages the outbox pages show. */
export const OUTBOX_LIMIT = 100;

export interface OutboxEntry {
  to: string;
  channel: 'sms' | 'email';
  subject: string;
  body: string;
  code: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** The newest messages first, all or to one address (mobile, or e-mail in any case). */
export async function listOutbox(app: FastifyInstance, to: string | undefined): Promise<OutboxEntry[]> {
  const rows = await app.db
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(OUTBOX_LIMIT);
  return rows.map((r) => ({
    to: r.to,
    channel: r.channel,
    subject: r.subject,
    body: r.body,
    code: r.code,
    createdAt: r.createdAt.toISOString(),
  }));
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function outboxPage(messages: OutboxEntry[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td class="time">${escapeHtml(m.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</td>
  <td><span class="tag ${m.channel}">${m.channel === 'sms' ? 'SMS' : 'E-mail'}</span></td>
  <td><a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a></td>
  <td>${m.code ? `<strong class="code">${escapeHtml(m.code)}</strong>` : '<span class="muted">–</span>'}</td>
  <td><div class="subject">${escapeHtml(m.subject)}</div><div class="body">${escapeHtml(m.body)}</div></td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox outbox</title>
<style>
  body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0; background: #f5f6f8; color: #1f2328; }
  header { background: #1f2937; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0; font-size: 18px; }
  header p { margin: 4px 0 0; color: #cbd5e1; }
  header p.band { margin: 0 0 8px; color: #fde68a; }
  main { padding: 16px 24px; }
  form { margin-bottom: 12px; display: flex; gap: 8px; }
  input { padding: 6px 8px; border: 1px solid #cbd5e1; border-radius: 6px; min-width: 260px; }
  button, .button { font: inherit; padding: 6px 12px; border: 0; border-radius: 6px; background: #2563eb; color: #fff; text-decoration: none; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 8px; overflow: hidden; box-shadow: 0 1px 2px rgba(0,0,0,.06); }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #eef0f3; vertical-align: top; }
  th { background: #f8fafc; font-weight: 600; color: #475569; }
  .time { white-space: nowrap; color: #64748b; }
  .tag { font-size: 12px; padding: 2px 8px; border-radius: 999px; }
  .tag.sms { background: #dcfce7; color: #166534; }
  .tag.email { background: #dbeafe; color: #1e40af; }
  .code { font: 600 18px ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 2px; }
  .subject { font-weight: 600; }
  .body { white-space: pre-wrap; color: #334155; }
  .muted, .empty { color: #94a3b8; }
  .empty { padding: 24px; text-align: center; }
</style>
</head>
<body>
<header><p class="band" role="note"><strong>Sandbox — not for real customers</strong> · <strong lang="zh-CN">沙箱环境 — 请勿用于真实客户</strong> (answers this machine only unless SANDBOX_UNSAFE_PUBLIC=true)</p><h1>Sandbox outbox</h1><p>SMS and e-mails the portal would have sent (SANDBOX=true). Newest first, at most ${OUTBOX_LIMIT}.</p></header>
<main>
<form method="get"><input name="to" placeholder="Mobile number or e-mail" value="${escapeHtml(to ?? '')}"><button type="submit">Filter</button><a class="button" href="/sandbox/outbox">All</a></form>
${
  messages.length === 0
    ? '<p class="empty">No messages yet.</p>'
    : `<table>
<thead><tr><th>Time</th><th>Channel</th><th>To</th><th>Code</th><th>Message</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</main>
</body>
</html>`;
}

// Validated like contract input: a `to` with NUL would otherwise fail in PostgreSQL as a 500.
const outboxQuery = z.object({ to: text(320).optional() });
const outboxTo = (query: unknown) => (query as z.output<typeof outboxQuery>).to || undefined;

export interface MessagingOptions {
  config: Pick<Config, 'sandbox' | 'sms' | 'mail' | 'smsCountries'>;
  fetch?: FetchLike;
}

/**
 * Decorates app.messenger (see messenger.ts) and, in the sandbox only, serves the outbox:
 * `GET /sandbox/outbox` (a page for people) and `GET /sandbox/outbox.json?to=` (for tests). Without
 * SANDBOX the routes do not exist; with it they answer loopback clients only (plugins/sandbox-guard.ts).
 */
export const messagingPlugin = fp<MessagingOptions>(
  async (app, { config, fetch }) => {
    const messenger = createMessenger(config, { db: app.db, clock: () => app.now(), log: app.log, ...(fetch && { fetch }) });
    app.decorate('messenger', messenger);
    app.addHook('preClose', () => messenger.settle());
    if (!config.sandbox) return;

    const schema = { hide: true, querystring: outboxQuery };
    app.get('/sandbox/outbox.json', { schema }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await listOutbox(app, outboxTo(request.query)) };
    });
    app.get('/sandbox/outbox', { schema }, async (request, reply) => {
      const to = outboxTo(request.query);
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        )
        .type('text/html; charset=utf-8')
        .send(outboxPage(await listOutbox(app, to), to));
    });
  },
  { name: 'messaging', dependencies: ['database'] },
);
