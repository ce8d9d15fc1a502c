import { AUDIT_ACTIONS, type AuditEvent, csvCell } from '@portal/shared';
import type { MessageKey } from '../../i18n/index.ts';

/** The CSV of the audit log: one line per event, headers and words in the request's language. */

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

const HEADERS = [
  'audit.csv.time',
  'audit.csv.member',
  'audit.csv.memberId',
  'audit.csv.action',
  'audit.csv.objectType',
  'audit.csv.objectId',
  'audit.csv.details',
  'audit.csv.ip',
  'audit.csv.device',
  'audit.csv.confirmed',
] as const satisfies readonly MessageKey[];

const line = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** BOM (Excel opens Chinese text correctly) and the header line. */
export const csvHead = (t: T) => `\uFEFF${line(HEADERS.map((h) => t(h)))}`;

const isAction = (a: string): a is (typeof AUDIT_ACTIONS)[number] => (AUDIT_ACTIONS as readonly string[]).includes(a);

/** `name=user01; count=2`: the summary's fields as they are (ids, names, amounts). */
const details = (summary: AuditEvent['summary']) =>
  Object.entries(summary)
    .map(([k, v]) => `${k}=${v === null ? '' : String(v)}`)
    .join('; ');

/** One event; cells a spreadsheet would run as a formula are neutralised by csvCell. */
export function csvLine(t: T, e: AuditEvent): string {
  const device = [e.device.browser ?? t('audit.csv.unknownBrowser'), e.device.system ?? t('audit.csv.unknownSystem')].join(' · ');
  return line([
    new Date(e.at).toISOString(),
    e.actor.name,
    e.actor.memberId,
    isAction(e.action) ? t(`audit.action.${e.action}` as MessageKey) : e.action,
    t(`audit.object.${e.objectType}` as MessageKey),
    e.objectId,
    details(e.summary),
    e.ip,
    device,
    t(e.confirmed ? 'audit.csv.yes' : 'audit.csv.no'),
  ]);
}
