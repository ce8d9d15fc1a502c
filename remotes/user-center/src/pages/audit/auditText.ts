import type { AuditEvent } from '@portal/shared';
import type { IntlShape } from 'react-intl';

/**
 * The sentence of an event ("Created sub-account user01"): one message per action, filled from the
 * event's summary. A value the summary lacks reads as a dash rather than a raw placeholder.
 */
export function auditSentence(intl: IntlShape, event: AuditEvent): string {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(event.summary)) values[key] = value === null ? '—' : String(value);
  for (const key of [
    'name',
    'nickname',
    'orderNo',
    'address',
    'format',
    'count',
    'durationDays',
    'kind',
    'enabled',
    'destination',
    'refundNo',
  ])
    values[key] ??= '—';
  // A role reads in the page's language (财务, Finance), as on the team card.
  const role = event.summary.role;
  values.role = typeof role === 'string' ? intl.formatMessage({ id: `shared.team.role.${role}` }) : '—';
  values.required = String(event.summary.required ?? false);
  return intl.formatMessage({ id: `uc.audit.action.${event.action}` }, values);
}

/** "Sub-account #12", or the bare type for the account's own settings. */
export function auditObject(intl: IntlShape, event: Pick<AuditEvent, 'objectType' | 'objectId'>): string {
  const type = intl.formatMessage({ id: `uc.audit.object.${event.objectType}` });
  return event.objectId === null ? type : intl.formatMessage({ id: 'uc.audit.objectWithId' }, { type, id: event.objectId });
}

/** The member's nickname, or "Member #7" when the member is gone. */
export const auditActorName = (intl: IntlShape, actor: { memberId: number; name: string | null }) =>
  actor.name ?? intl.formatMessage({ id: 'uc.audit.memberNumber' }, { id: actor.memberId });
