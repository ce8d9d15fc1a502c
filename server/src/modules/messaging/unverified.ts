import type { Locale } from '@portal/shared';
import { type MessageKey, translate } from '../../i18n/index.ts';

/**
 * The only texts the portal sends to an address it has not verified: one someone typed into a form
 * (a registration or reset code, the "you already have an account" notice, a lead's confirmation to
 * a contact that is not the member's own, the code that confirms an alert address). Whoever typed
 * the address may not be its owner, so such a message carries no free text from the request, only
 * a fixed text and values the portal made itself (issue 27, finding 3).
 */
export const UNVERIFIED_TEMPLATES = [
  'message.code.subject',
  'message.code.register',
  'message.code.reset',
  'message.accountExists.subject',
  'message.accountExists',
  'message.leadReceived.subject',
  'message.leadReceived',
  'message.alertEmailCode.subject',
  'message.alertEmailCode',
  'message.statusConfirm.subject',
  'message.statusConfirm',
  'message.teamInvitation.subject',
  'message.teamInvitation',
] as const satisfies readonly MessageKey[];
export type UnverifiedTemplate = (typeof UNVERIFIED_TEMPLATES)[number];

/**
 * The values such a text may hold: the configured name of the site (an operator's setting, chosen by
 * the host among configured sites), a code the portal generated, a number. The catalogs' placeholders
 * of these templates are checked against this list (unverified.test.ts).
 */
export interface UnverifiedParams {
  site: string;
  code?: string;
  minutes?: number;
  id?: number;
  /** A link the portal made: a configured public origin, a fixed path and a token it generated. */
  link?: string;
}
export const UNVERIFIED_PARAMS: ReadonlyArray<keyof UnverifiedParams> = ['site', 'code', 'minutes', 'id', 'link'];

export function translateForUnverified(locale: Locale, key: UnverifiedTemplate, params: UnverifiedParams): string {
  return translate(locale, key, { ...params });
}
