import type { Locale } from '@portal/shared';
import { type MessageKey, translate } from '../../i18n/index.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';

/**
 * What a member is told about their account's security (decisions 0030, 0031), whoever caused it:
 * always in the member's own language (member_users.locale), never the requester's.
 * - reset: a password reset ended every session and every API token;
 * - change: a password change ended the other sessions and the API tokens, or kept the tokens
 *   (`apiTokens: null`) when the member unticked the box;
 * - failedLogins: a burst of wrong passwords for one of the member's login ids;
 * - newDevice: a successful sign-in from a device not seen in 90 days.
 */
export type SecurityNotice =
  | { kind: 'reset'; sessions: number; apiTokens: number }
  | { kind: 'change'; sessions: number; apiTokens: number | null }
  | { kind: 'failedLogins'; failures: number; minutes: number }
  /** A successful sign-in from a device not seen in 90 days (decision 0052): `device` as parsed, `ip` as seen. */
  | { kind: 'newDevice'; browser: string | null; system: string | null; ip: string };

/** The member a notice goes to: their contacts (either may be missing) and language. */
export interface NoticeRecipient {
  mobile: string | null;
  email: string | null;
  locale: Locale;
}

/** Sends a notice to a member on the channels they have; never throws for a delivery failure. */
export type Notify = (member: NoticeRecipient & { siteId: number }, notice: SecurityNotice) => Promise<void>;

type Counted = 'sessions' | 'otherSessions' | 'apiTokens';

/** "no sessions", "1 session", "3 sessions" (and the Chinese counterparts). */
function counted(locale: Locale, what: Counted, count: number): string {
  const form = count === 0 ? 'zero' : new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
  return translate(locale, `notice.${what}.${form}` as MessageKey, { count });
}

export function composeNotice(notice: SecurityNotice, locale: Locale, site: string): { subject: string; text: string } {
  switch (notice.kind) {
    case 'reset':
      return {
        subject: translate(locale, 'notice.reset.subject', { site }),
        text: translate(locale, 'notice.reset', {
          site,
          sessions: counted(locale, 'sessions', notice.sessions),
          tokens: counted(locale, 'apiTokens', notice.apiTokens),
        }),
      };
    case 'change':
      return {
        subject: translate(locale, 'notice.changed.subject', { site }),
        text: translate(locale, notice.apiTokens === null ? 'notice.changed.kept' : 'notice.changed.revoked', {
          site,
          sessions: counted(locale, 'otherSessions', notice.sessions),
          tokens: counted(locale, 'apiTokens', notice.apiTokens ?? 0),
        }),
      };
    case 'failedLogins':
      return {
        subject: translate(locale, 'notice.failedLogins.subject', { site }),
        text: translate(locale, 'notice.failedLogins', { site, count: notice.failures, minutes: notice.minutes }),
      };
    case 'newDevice': {
      const names = [notice.browser, notice.system].filter((n) => n !== null);
      const device = names.length > 0 ? names.join(', ') : translate(locale, 'notice.unknownDevice');
      return {
        subject: translate(locale, 'notice.newDevice.subject', { site }),
        text: translate(locale, 'notice.newDevice', { site, device, ip: notice.ip }),
      };
    }
  }
}

/** One message per channel the member has: SMS to their mobile, e-mail to their address. */
export function noticeMessages(member: NoticeRecipient, notice: SecurityNotice, site: string): OutgoingMessage[] {
  const { subject, text } = composeNotice(notice, member.locale, site);
  const base = { kind: 'text' as const, subject, text, code: null, locale: member.locale };
  return [
    ...(member.mobile ? [{ ...base, channel: 'sms' as const, to: member.mobile }] : []),
    ...(member.email ? [{ ...base, channel: 'email' as const, to: member.email }] : []),
  ];
}
