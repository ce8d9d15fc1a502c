import { INCIDENT_SEVERITIES, INCIDENT_STATES, type IncidentSeverity, type IncidentState, STATUS_PRODUCTS } from '@portal/shared';
import { type Bilingual, listIncidents, openIncident, subscriberCounts, updateIncident } from '../../modules/status/service.ts';
import { commandGroup, parse, positionals, UsageError } from '../runner.ts';
import type { OpsContext } from './context.ts';

const TITLE_MAX = 200;
const BODY_MAX = 4000;
const COMPONENT = new RegExp(`^(?:${STATUS_PRODUCTS.join('|')})(?::(?:global|[A-Z]{2}))?$`);

const single = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A required text option in both languages: `--<name>-en` and `--<name>-zh`. */
function bilingual(values: Record<string, unknown>, name: string, max: number, oneLine: boolean): Bilingual {
  const pick = (lang: 'en' | 'zh') => {
    const raw = values[`${name}-${lang}`];
    if (typeof raw !== 'string' || raw.trim() === '') throw new UsageError(`missing --${name}-${lang}`);
    const text = oneLine ? single(raw) : raw.trim();
    if (text.length > max) throw new UsageError(`--${name}-${lang}: at most ${max} characters`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/(?![\n\t])[\u0000-\u001f\u007f]/.test(text)) throw new UsageError(`--${name}-${lang}: control characters`);
    return text;
  };
  return { en: pick('en'), zh: pick('zh') };
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${option} "${String(value)}": expected ${allowed.join(', ')}`);
  }
  return value as T;
}

function incidentId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`<id> "${raw}": expected an incident id (status list shows them)`);
  return Number(raw);
}

const text = { type: 'string' } as const;
const BODY = { 'body-en': text, 'body-zh': text } as const;

export const status = commandGroup<OpsContext>('status', 'open, update, resolve or list', {
  async open(args, { db, io }) {
    const { values, positionals: pos } = parse(args, {
      'title-en': text,
      'title-zh': text,
      ...BODY,
      severity: text,
      state: text,
      component: { type: 'string', multiple: true },
    });
    positionals(pos, []);
    const title = bilingual(values, 'title', TITLE_MAX, true);
    const body = bilingual(values, 'body', BODY_MAX, false);
    const severity = oneOf<IncidentSeverity>(values.severity, INCIDENT_SEVERITIES, 'severity') ?? 'minor';
    const state =
      oneOf<Exclude<IncidentState, 'resolved'>>(values.state, ['investigating', 'identified', 'monitoring'], 'state') ??
      'investigating';
    const components = [...new Set((values.component as string[] | undefined) ?? [])];
    for (const c of components) {
      if (!COMPONENT.test(c)) {
        throw new UsageError(
          `--component "${c}": expected <product>[:<region>], products ${STATUS_PRODUCTS.join(', ')}, region global or a country code (US)`,
        );
      }
    }
    const { id, queued } = await openIncident(await db(), { title, body, severity, state, components }, new Date());
    io.out(`opened: ${id} ${title.en} (${severity}, ${state}); mails queued: ${queued}`);
    return 0;
  },

  async update(args, ctx) {
    const { values, positionals: pos } = parse(args, { ...BODY, state: text, severity: text });
    const [rawId = ''] = positionals(pos, ['<id>']);
    const state = oneOf<IncidentState>(values.state, INCIDENT_STATES, 'state');
    if (!state) throw new UsageError('missing --state');
    const severity = oneOf<IncidentSeverity>(values.severity, INCIDENT_SEVERITIES, 'severity');
    return change(ctx, incidentId(rawId), {
      state,
      body: bilingual(values, 'body', BODY_MAX, false),
      ...(severity && { severity }),
    });
  },

  async resolve(args, ctx) {
    const { values, positionals: pos } = parse(args, BODY);
    const [rawId = ''] = positionals(pos, ['<id>']);
    return change(ctx, incidentId(rawId), { state: 'resolved', body: bilingual(values, 'body', BODY_MAX, false) });
  },

  async list(args, { db, io }) {
    const { values, positionals: pos } = parse(args, { all: { type: 'boolean' } });
    positionals(pos, []);
    const rows = await listIncidents(await db(), values.all ? 'all' : 'open');
    if (rows.length === 0) io.out(values.all ? '(no incidents)' : '(no open incidents)');
    for (const r of rows) {
      const resolved = r.resolvedAt ? `\tresolved ${r.resolvedAt.toISOString()}` : '';
      io.out(
        `${r.id}\t${r.startedAt.toISOString()}\t${r.state}\t${r.severity}\t${r.titleEn} / ${r.titleZh}\t${r.components.join(',') || '-'}${resolved}`,
      );
    }
    const subscribers = await subscriberCounts(await db());
    io.out(`subscribers: ${subscribers.confirmed} confirmed, ${subscribers.pending} waiting for confirmation`);
    return 0;
  },
});

async function change(
  { db, io }: OpsContext,
  id: number,
  update: { state: IncidentState; body: Bilingual; severity?: IncidentSeverity },
): Promise<number> {
  const outcome = await updateIncident(await db(), id, update, new Date());
  if (!outcome.ok) {
    io.err(`ops: ${outcome.reason === 'not_found' ? `no incident ${id}` : `incident ${id} is already resolved`}`);
    return 1;
  }
  io.out(`${update.state}: ${id} ${outcome.incident.titleEn}; mails queued: ${outcome.queued}`);
  return 0;
}
