import type { AlertChannel } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { memberUsers } from '../accounts/tables.ts';
import { memberAlertSettings } from './tables.ts';

/** The channels an alert goes out on, from the member's settings. */
export const channelsOf = (s: { sms: boolean; email: boolean }): AlertChannel[] => [
  ...(s.sms ? (['sms'] as const) : []),
  ...(s.email ? (['email'] as const) : []),
];

/**
 * Whether e-mail alerts have somewhere to go: the account's own e-mail (a login id, proven at
 * registration) or an alert address confirmed with its code. An unconfirmed address gets nothing
 * but codes (issue 27, finding 5).
 */
export const emailDeliverable = sql<boolean>`(${memberUsers.email} is not null or (${memberAlertSettings.alertEmail} is not null and ${memberAlertSettings.alertEmailConfirmedAt} is not null))`;
